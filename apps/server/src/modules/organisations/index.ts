import { defineModule } from '../../platform/modules/module.ts';
import { countPerOrganisation } from '../../db/organisation-data.ts';
import { countActiveUsers, profileImageBytes } from './organisations-admin.repo.ts';
import { organisationsAuditVocabulary } from './organisations.audit.ts';
import { organisationsRoutes } from './organisations.routes.ts';
import { organisationPickersRoutes } from './pickers.routes.ts';

/**
 * Organisations and their plan periods (docs/organisations.md). Deleting one runs every module's
 * `organisationDeleted`; its own rows go with the organisation's row.
 */
export const organisationsModule = defineModule({
  name: 'organisations',
  routes: [organisationsRoutes, organisationPickersRoutes],
  data: { tables: ['organisations', 'plan_history'] },
  usage: [
    { metric: 'users', count: countPerOrganisation('users') },
    { metric: 'active_users', count: countActiveUsers },
    // Profile pictures are kept in the users' rows.
    { metric: 'storage_bytes', count: profileImageBytes },
  ],
  audit: organisationsAuditVocabulary,
});

// Public API: what other modules use of this one (they may import nothing else of it; eslint.config.js).
/** Change history sentences for an organisation's records (user admin). */
export { diff, historyOf } from './organisation-history.ts';
/** Organisations with their plan and the installation's plans (the plans module, the user limit). */
export { organisationPlans } from './organisation-plans.ts';
export type { OrganisationAdminRow } from './organisations-admin.repo.ts';
/** Organisations: find, create and read the plan status of one. */
export { organisationsService, planStatusOf, type OrganisationSummary } from './organisations.service.ts';
/** An organisation with an ended Trial converted first (the plans module reads it so). */
export { settledOrganisation } from './trial-conversion.ts';
