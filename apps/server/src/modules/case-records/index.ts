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
