import { z } from 'zod';
import { caseAlert } from './alerts.ts';

export const dashboardResponse = z.object({
  total_cases: z.number().int(),
  cases_by_status: z.array(z.object({ status: z.string(), count: z.number().int() })),
  total_documents: z.number().int(),
  documents_by_state: z.array(z.object({ state: z.string(), count: z.number().int() })),
  /** Documents whose text is not yet extracted and indexed. */
  documents_waiting: z.number().int(),
  recent_documents: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      case_id: z.number().int(),
      case_title: z.string(),
      state: z.string(),
      created_at: z.string(),
    }),
  ),
  /** Open alerts of the organisation due today or earlier, and how many there are. */
  due_alerts: z.array(caseAlert),
  due_alert_count: z.number().int(),
  /** Open alerts due in the next DASHBOARD_UPCOMING_DAYS days. */
  upcoming_alerts: z.array(caseAlert),
});
export type DashboardResponse = z.infer<typeof dashboardResponse>;
