import { defineModule } from '../../platform/modules/module.ts';
import { caseReportsAuditVocabulary } from './case-reports.audit.ts';
import { caseReportsRoutes } from './case-reports.routes.ts';

/** Report questions and a case's reports (generated on download, never stored as files). */
export const caseReportsModule = defineModule({
  name: 'case-reports',
  routes: [caseReportsRoutes],
  data: { tables: ['report_questions', 'case_reports', 'case_report_answers'] },
  audit: caseReportsAuditVocabulary,
});

// Public API: what other modules use of this one (they may import nothing else of it; eslint.config.js).
/** Case reports: the demo seed's reports. */
export { caseReportsService } from './case-reports.service.ts';
