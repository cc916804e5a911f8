import { countPerOrganisation } from '../../db/organisation-data.ts';
import { DEMO_ORGANISATION } from '../../db/demo.seed.ts';
import { defineModule } from '../../platform/modules/module.ts';
import { removePlaybookRows } from './playbook-attachments.service.ts';
import { playbookExportRoutes } from './playbook-export.routes.ts';
import { playbookMoreRoutes } from './playbook-more.routes.ts';
import { ATTACHMENT_INDEX_JOB, attachmentIndexJob } from './playbook-search.ts';
import { playbooksAuditVocabulary } from './playbooks.audit.ts';
import { playbookIdsOf } from './playbooks.repo.ts';
import { playbooksRoutes } from './playbooks.routes.ts';
import { seedDemoPlaybooks } from './playbooks.seed.ts';

/**
 * Playbooks (issue 14, docs/playbooks.md): the draft, numbered versions, categories, attachments (stored files
 * whose text is indexed as `playbook_attachment`; entries as `playbook_entry`), sharing with other
 * organisations and the playbooks a case follows. Rows go with their playbook, organisation, case or user by
 * foreign key; an organisation's deletion also releases its attachments' files and its indexed text.
 */
export const playbooksModule = defineModule({
  name: 'playbooks',
  routes: [playbooksRoutes, playbookMoreRoutes, playbookExportRoutes],
  jobs: { [ATTACHMENT_INDEX_JOB]: attachmentIndexJob },
  data: {
    tables: [
      'playbooks',
      'playbook_categories',
      'playbook_category_links',
      'playbook_entries',
      'playbook_versions',
      'playbook_attachments',
      'playbook_assignments',
      'case_playbooks',
    ],
    files: ['playbook_attachments.storage_key'],
    // A case's pins and a user's assignments go by foreign key; "created by" and the like are set null.
    organisationDeleted: async (tx, organisationId) =>
      removePlaybookRows(tx, organisationId, await playbookIdsOf(tx.db, organisationId)),
  },
  usage: [{ metric: 'playbooks', count: countPerOrganisation('playbooks') }],
  audit: playbooksAuditVocabulary,
  seed: (ctx) => seedDemoPlaybooks(ctx, DEMO_ORGANISATION, 'admin@example.com'),
  routeAccessFixtures: async () => {
    const fixtures = await import('./route-access-fixtures.ts');
    return { params: fixtures.playbookParams, request: fixtures.playbookRequest };
  },
});

// Public API: what other modules use of this one (they may import nothing else of it; eslint.config.js).
/** A playbook's content (the draft, or a published version) as the caller sees it: the export builds on it. */
export { playbookContentFor } from './playbook-versions.service.ts';
/** The stored files of a playbook's attachments (the JSON package embeds them). */
export { attachmentFilesFor } from './playbook-attachments.service.ts';
/** Creates a playbook in the caller's organisation from a parsed package (the import). */
export { importPlaybookPackage, type ImportedPlaybook } from './playbook-import.ts';
/** The search index kinds of playbook text (never renamed). */
export { PLAYBOOK_ATTACHMENT_SOURCE, PLAYBOOK_ENTRY_SOURCE } from './playbook-search.ts';
