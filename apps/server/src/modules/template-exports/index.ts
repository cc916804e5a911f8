import { storageKeysOf, sumPerOrganisation } from '../../db/organisation-data.ts';
import { defineModule } from '../../platform/modules/module.ts';
import { templateExportsAuditVocabulary } from './template-exports.audit.ts';
import { templateExportsRoutes } from './template-exports.routes.ts';

const PACKAGES = 'template_packages.file_key';

/** Exported template packages (stored .zip files) of the organisation that exported them. */
export const templateExportsModule = defineModule({
  name: 'template-exports',
  routes: [templateExportsRoutes],
  data: {
    tables: ['template_packages'],
    files: [PACKAGES],
    organisationDeleted: (tx, organisationId) => storageKeysOf(tx.db, PACKAGES, { organisationId }),
  },
  usage: [{ metric: 'storage_bytes', count: sumPerOrganisation('template_packages.file_size') }],
  audit: templateExportsAuditVocabulary,
});
