import { countPerOrganisation, handOverMemberships } from '../../db/organisation-data.ts';
import { defineModule } from '../../platform/modules/module.ts';
import { casesAuditVocabulary } from './cases.audit.ts';
import { casesRoutes } from './cases.routes.ts';
import { seedDemoCaseData } from './cases.seed.ts';

/**
 * Cases with their parties, assigned users, status history and saved searches (docs/cases.md). A deleted
 * user's assignments pass to the deleting admin, so no case is left without the people working on it.
 */
export const casesModule = defineModule({
  name: 'cases',
  routes: [casesRoutes],
  data: {
    tables: ['cases', 'case_parties', 'case_assigned_users', 'case_status_history', 'case_saved_searches'],
    async userDeleted(tx, { organisationId, userId, successorId }) {
      if (successorId !== null)
        await handOverMemberships(tx.db, 'case_assigned_users', 'case_id', { organisationId, userId, successorId });
      return [];
    },
  },
  // Searches a user keeps: the saved document searches of the organisation's cases.
  usage: [{ metric: 'searches', count: countPerOrganisation('case_saved_searches') }],
  audit: casesAuditVocabulary,
  seed: async (ctx) => void (await seedDemoCaseData(ctx)),
  routeAccessFixtures: async () => {
    const fixtures = await import('./route-access-fixtures.ts');
    return { params: fixtures.caseParams, request: fixtures.caseRequest };
  },
});

// Public API: what other modules use of this one (they may import nothing else of it; eslint.config.js).
/** The demo cases, which the case record seeds fill. */
export { DEMO_CASES } from './cases.seed.ts';
/** Cases: the case picker of template executions; documents mark their case changed. */
export { casesService } from './cases.service.ts';
/** The analyser's review: title, client and parties of cases. */
export { caseSummaries, type CaseSummary } from './cases-for-review.ts';
/** The case detail's saved searches in the analyser's /save-search list (list, find, delete). */
export {
  caseSearchForList,
  caseSearchTitles,
  caseSearchesForList,
  removeCaseSearch,
  type CaseSearchFilter,
  type CaseSearchListRow,
} from './case-saved-searches-all.ts';
