import { countPerOrganisation, storageKeysOf, sumPerOrganisation } from '../../db/organisation-data.ts';
import { defineModule } from '../../platform/modules/module.ts';
import { executionsAuditVocabulary } from './executions.audit.ts';
import { executionsRoutes } from './executions.routes.ts';

const GENERATED = 'template_executions.file_key';

/** Documents generated from templates (stored files) and the questionnaires' drafts. */
export const executionsModule = defineModule({
  name: 'executions',
  routes: [executionsRoutes],
  data: {
    tables: ['template_executions', 'template_drafts'],
    files: [GENERATED],
    organisationDeleted: (tx, organisationId) => storageKeysOf(tx.db, GENERATED, { organisationId }),
  },
  usage: [
    { metric: 'template_executions', count: countPerOrganisation('template_executions') },
    { metric: 'storage_bytes', count: sumPerOrganisation('template_executions.file_size') },
  ],
  audit: executionsAuditVocabulary,
});
