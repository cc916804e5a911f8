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

// Public API: what other modules use of this one (they may import nothing else of it; eslint.config.js).
/** Case alerts: the dashboard's due alerts and the demo seed's alerts. */
export { caseAlertsService } from './case-alerts.service.ts';
