import { storageKeysOf, sumPerOrganisation, handOverMemberships } from '../../db/organisation-data.ts';
import { DEMO_ORGANISATION } from '../../db/demo.seed.ts';
import { defineModule } from '../../platform/modules/module.ts';
import { templatesAuditVocabulary } from './templates.audit.ts';
import { templatesRoutes } from './templates.routes.ts';
import { seedDemoTemplateData } from './templates.seed.ts';

const FILES = ['document_templates.file_key', 'document_template_versions.file_key'];

/**
 * Word templates (precedents) and their versions, each a stored file. A deleted user's access to templates
 * shared with named users passes to the deleting admin.
 */
export const templatesModule = defineModule({
  name: 'templates',
  routes: [templatesRoutes],
  data: {
    tables: [
      'document_templates',
      'document_template_versions',
      'document_template_categories',
      'document_template_users',
    ],
    files: FILES,
    async organisationDeleted(tx, organisationId) {
      const keys = await Promise.all(FILES.map((column) => storageKeysOf(tx.db, column, { organisationId })));
      return keys.flat();
    },
    async userDeleted(tx, { organisationId, userId, successorId }) {
      if (successorId !== null) {
        const target = { organisationId, userId, successorId };
        await handOverMemberships(tx.db, 'document_template_users', 'template_id', target);
      }
      return [];
    },
  },
  // The current file of a template is also its latest version: the versions count every byte once.
  usage: [{ metric: 'storage_bytes', count: sumPerOrganisation('document_template_versions.file_size') }],
  audit: templatesAuditVocabulary,
  seed: (ctx) => seedDemoTemplateData(ctx, DEMO_ORGANISATION, 'super@example.com'),
  routeAccessFixtures: async () => {
    const fixtures = await import('./route-access-fixtures.ts');
    return { params: fixtures.templateParams, request: fixtures.templateRequest };
  },
});

// Public API: what other modules use of this one (they may import nothing else of it; eslint.config.js).
/** Renders a template with answers (executions). */
export { type TagValue, TemplateSyntaxError } from './docx/docx-engine.ts';
/** The docxtpl dialect: answers as it reads them, and its refusals (docs/template-language.md). */
export { type TemplateAnswer } from './docx/jinja/jinja-context.ts';
export { JinjaSyntaxError } from './docx/jinja/jinja-engine.ts';
/** Rich-text answers: detection and sanitising. */
export { isHtml, sanitizeRichText } from './docx/rich-text.ts';
/** The key a template tag is answered under. */
export { tagKey } from './docx/template-syntax.ts';
/** Content types of downloads (.docx, .xlsx, .zip). */
export { DOCX_TYPE, XLSX_TYPE, ZIP_TYPE } from './download.ts';
/** Templates: executions and exports read them. */
export { templatesService } from './templates.service.ts';
/** Reads a multipart upload (template packages). */
export { readMultipart } from './upload.ts';
