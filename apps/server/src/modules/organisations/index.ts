import { defineModule } from '../../platform/modules/module.ts';
import { countActiveUsers, countAllUsers, profileImageBytes } from './organisations-admin.repo.ts';
import { organisationsAuditVocabulary } from './organisations.audit.ts';
import { organisationsRoutes } from './organisations.routes.ts';

/**
 * Organisations and their plan periods (docs/organisations.md). Deleting one runs every module's
 * `organisationDeleted`; its own rows go with the organisation's row.
 */
export const organisationsModule = defineModule({
  name: 'organisations',
  routes: [organisationsRoutes],
  data: { tables: ['organisations', 'plan_history'] },
  usage: [
    { metric: 'users', count: countAllUsers },
    { metric: 'active_users', count: countActiveUsers },
    // Profile pictures are kept in the users' rows.
    { metric: 'storage_bytes', count: profileImageBytes },
  ],
  audit: organisationsAuditVocabulary,
});
