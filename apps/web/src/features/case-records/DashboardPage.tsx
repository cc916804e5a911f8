import { CASE_STATUS_LABELS, INDEXING_STATE_LABELS, type DashboardResponse } from '@lexdesk/contract';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { queryKeys } from '../../api/queryKeys.ts';
import { refusalText } from '../../api/client.ts';
import { PageSpinner } from '../../app/PageSpinner.tsx';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { formatDateShort } from '../../ui/dates.ts';
import { ListPage } from '../../ui/ListPage.tsx';
import { casePath, viewerPath } from '../cases/index.ts';
import { fetchDashboard } from './api.ts';
import { formatDay } from './format.ts';

const CasesByStatusChart = lazy(() => import('./DashboardCharts.tsx').then((m) => ({ default: m.CasesByStatusChart })));
const DocumentsByStateChart = lazy(() =>
  import('./DashboardCharts.tsx').then((m) => ({ default: m.DocumentsByStateChart })),
);
const POLL_MS = 5_000;

function Stat({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h2" component="p" data-testid={testId} sx={{ fontSize: '2rem', fontWeight: 600 }}>
        {value}
      </Typography>
    </Paper>
  );
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }} component="section" aria-label={title}>
      <Typography variant="h2" sx={{ fontSize: '1.1rem', fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** The counts the charts show, as text (for screen readers and for a glance). */
function Counts({ rows }: { rows: { name: string; count: number; testId: string }[] }) {
  return (
    <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, listStyle: 'none', p: 0, m: 0 }}>
      {rows.map((row) => (
        <li key={row.name}>
          <Typography variant="body2">
            {row.name}: <strong data-testid={row.testId}>{row.count}</strong>
          </Typography>
        </li>
      ))}
    </Box>
  );
}

function Overview({ data }: { data: DashboardResponse }) {
  return (
    <>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
        <Stat label="Cases" value={data.total_cases} testId="stat-cases" />
        <Stat label="Documents" value={data.total_documents} testId="stat-documents" />
        <Stat label="Waiting for indexing" value={data.documents_waiting} testId="stat-waiting" />
        <Stat label="Due alerts" value={data.due_alert_count} testId="stat-due-alerts" />
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '1fr 1fr' } }}>
        <Panel title="Cases by status">
          <Suspense fallback={<Skeleton variant="rectangular" height={220} />}>
            <Box role="img" aria-label="Bar chart of cases by status">
              <CasesByStatusChart data={data.cases_by_status} />
            </Box>
          </Suspense>
          <Counts
            rows={data.cases_by_status.map((row) => ({
              name: CASE_STATUS_LABELS[row.status as keyof typeof CASE_STATUS_LABELS] ?? row.status,
              count: row.count,
              testId: `status-${row.status}`,
            }))}
          />
        </Panel>
        <Panel title="Documents by indexing state">
          <Suspense fallback={<Skeleton variant="rectangular" height={220} />}>
            <Box role="img" aria-label="Bar chart of documents by indexing state">
              <DocumentsByStateChart data={data.documents_by_state} />
            </Box>
          </Suspense>
          <Counts
            rows={data.documents_by_state.map((row) => ({
              name: INDEXING_STATE_LABELS[row.state as keyof typeof INDEXING_STATE_LABELS] ?? row.state,
              count: row.count,
              testId: `state-${row.state}`,
            }))}
          />
        </Panel>
        <Panel title="Alerts">
          {data.due_alerts.length + data.upcoming_alerts.length === 0 ? (
            <Typography color="text.secondary">Nothing is due in the next two weeks.</Typography>
          ) : (
            <List dense aria-label="Due and upcoming alerts">
              {[...data.due_alerts, ...data.upcoming_alerts].map((alert) => (
                <ListItem key={alert.id} disableGutters>
                  <ListItemText
                    primary={
                      <Link component={RouterLink} to={casePath(alert.case_id, 'alerts')}>
                        {alert.alert_type}: {alert.case_title}
                      </Link>
                    }
                    secondary={`${alert.is_due ? 'Due' : 'Upcoming'}: ${formatDay(alert.due_date)}`}
                    slotProps={{ secondary: { color: alert.is_due ? 'error' : 'text.secondary' } }}
                  />
                </ListItem>
              ))}
            </List>
          )}
        </Panel>
        <Panel title="Recent documents">
          {data.recent_documents.length === 0 ? (
            <Typography color="text.secondary">No documents yet.</Typography>
          ) : (
            <List dense>
              {data.recent_documents.map((doc) => (
                <ListItem key={doc.id} disableGutters>
                  <ListItemText
                    primary={
                      <Link component={RouterLink} to={viewerPath(doc.id)} sx={{ wordBreak: 'break-word' }}>
                        {doc.name}
                      </Link>
                    }
                    secondary={
                      <>
                        <Link component={RouterLink} to={casePath(doc.case_id, 'documents')} color="inherit">
                          {doc.case_title}
                        </Link>
                        {` · ${formatDateShort(doc.created_at)} · ${INDEXING_STATE_LABELS[doc.state as keyof typeof INDEXING_STATE_LABELS] ?? doc.state}`}
                      </>
                    }
                  />
                </ListItem>
              ))}
            </List>
          )}
        </Panel>
      </Box>
    </>
  );
}

/** /dashboard: landing page of the Case module (cases by status, documents, due alerts). */
export function DashboardPage() {
  useDocumentTitle('Dashboard');
  const dashboard = useQuery({
    queryKey: queryKeys.caseRecords.dashboard,
    queryFn: ({ signal }) => fetchDashboard(signal),
    // Keep the indexing count moving while documents wait.
    refetchInterval: (query) => ((query.state.data?.documents_waiting ?? 0) > 0 ? POLL_MS : false),
  });
  return (
    <ListPage title="Dashboard">
      {dashboard.isError && <Typography color="error">{refusalText(dashboard.error)}</Typography>}
      {dashboard.data ? <Overview data={dashboard.data} /> : !dashboard.isError && <PageSpinner />}
    </ListPage>
  );
}
