import {
  CASE_STATUSES,
  DASHBOARD_DUE_ALERTS,
  DASHBOARD_RECENT_DOCUMENTS,
  DASHBOARD_UPCOMING_DAYS,
  INDEXING_STATES,
  type DashboardResponse,
} from '@lexdesk/contract';
import type { Actor } from '../../platform/access/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { caseAlertsService } from '../case-alerts/index.ts';
import { countCasesByStatus, countDocumentsByState, recentDocuments } from './dashboard.repo.ts';

/** Every known key with its count (0 when absent), then any other key the data holds. */
function countsOf<K extends string>(
  known: readonly string[],
  rows: { key: string; n: number | string | bigint }[],
  name: K,
): ({ count: number } & Record<K, string>)[] {
  const counts = new Map(rows.map((row) => [row.key, Number(row.n)]));
  const keys = [...known, ...[...counts.keys()].filter((key) => !known.includes(key))];
  return keys.map((key) => ({ [name]: key, count: counts.get(key) ?? 0 }) as { count: number } & Record<K, string>);
}

/** The landing page of the Case module: the organisation's matters, documents and due alerts at a glance. */
export function dashboardService(ctx: AppContext) {
  return {
    async overview(actor: Actor): Promise<DashboardResponse> {
      const org = actor.organisationId;
      const alerts = caseAlertsService(ctx);
      const [byStatus, byState, recent, due, upcoming] = await Promise.all([
        countCasesByStatus(ctx.db, org),
        countDocumentsByState(ctx.db, org),
        recentDocuments(ctx.db, org, DASHBOARD_RECENT_DOCUMENTS),
        alerts.dueAlerts(actor, DASHBOARD_DUE_ALERTS),
        alerts.upcomingAlerts(actor, DASHBOARD_UPCOMING_DAYS, DASHBOARD_DUE_ALERTS),
      ]);
      const casesByStatus = countsOf(CASE_STATUSES, byStatus, 'status');
      const documentsByState = countsOf(INDEXING_STATES, byState, 'state');
      const stateCount = (state: string) => documentsByState.find((row) => row.state === state)?.count ?? 0;
      return {
        total_cases: casesByStatus.reduce((sum, row) => sum + row.count, 0),
        cases_by_status: casesByStatus,
        total_documents: documentsByState.reduce((sum, row) => sum + row.count, 0),
        documents_by_state: documentsByState,
        documents_waiting: stateCount('queued') + stateCount('indexing'),
        recent_documents: recent,
        due_alerts: due.alerts,
        due_alert_count: due.total,
        upcoming_alerts: upcoming,
      };
    },
  };
}
