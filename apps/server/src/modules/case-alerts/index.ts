import { defineModule } from '../../platform/modules/module.ts';
import { caseAlertsAuditVocabulary } from './case-alerts.audit.ts';
import { caseAlertsRoutes } from './case-alerts.routes.ts';

/** Alerts on a case, with their documents and comments: every row goes with its case by foreign key. */
export const caseAlertsModule = defineModule({
  name: 'case-alerts',
  routes: [caseAlertsRoutes],
  data: { tables: ['case_alerts', 'case_alert_documents', 'case_alert_comments'] },
  audit: caseAlertsAuditVocabulary,
});
