import { defineModule } from '../../platform/modules/module.ts';
import { caseHistoryRoutes } from './case-history.routes.ts';
import { seedDemoCaseRecords } from './case-records.seed.ts';

/**
 * A case's history (read from the audit trail of every module), the demo's emails, alerts and reports, and
 * the route-access fixtures of those modules.
 */
export const caseRecordsModule = defineModule({
  name: 'case-records',
  routes: [caseHistoryRoutes],
  seed: seedDemoCaseRecords,
  routeAccessFixtures: async () => {
    const fixtures = await import('./route-access-fixtures.ts');
    return { params: fixtures.caseRecordParams, request: fixtures.caseRecordRequest };
  },
});

// Public API: what other modules use of this one (they may import nothing else of it; eslint.config.js).
/** What every case record area shares: the case check, a person's name, flags, today's date. */
export { personName, flag, requireCase, todayOf } from './case-scope.ts';
