import { can, formatDuration, TASK_LIMITS } from '@lexdesk/contract';
import SettingsIcon from '@mui/icons-material/Settings';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { refusalText } from '../../api/client.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { useRequiredSession } from '../../app/session/useSession.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { ListPage } from '../../ui/ListPage.tsx';
import { fetchOrganisationDashboard } from './api.ts';
import { Figure } from '../../ui/Figure.tsx';
import { ModuleOff } from '../../ui/ModuleOff.tsx';
import { CasesByTimeChart, HoursPerUserChart, TasksByStatusChart } from './OrganisationCharts.tsx';
import { TaskSettingsDialog } from './TaskSettingsDialog.tsx';
import { TaskTable } from './TaskTable.tsx';

const WEEK_CHOICES = [4, 8, 12, TASK_LIMITS.dashboardWeeks] as const;

/**
 * /superuser-dashboard (staff, spec 01 §2 'Dashboard' of the Task Tracker): hours per user per week (billable and
 * non-billable), tasks by status, overdue tasks and cases by time spent, in the browser's time zone.
 */
export function OrganisationDashboardPage() {
  useDocumentTitle('Dashboard');
  const session = useRequiredSession();
  if (!can(session, 'tasks.dashboard.organisation')) return <ModuleOff title="Dashboard" module="Task Management" />;
  return <OrganisationDashboard />;
}

function OrganisationDashboard() {
  const session = useRequiredSession();
  const [weeks, setWeeks] = useState<number>(8);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const dashboard = useQuery({
    queryKey: queryKeys.tasks.organisationDashboard(weeks),
    queryFn: ({ signal }) => fetchOrganisationDashboard(weeks, signal),
    placeholderData: keepPreviousData,
  });
  const data = dashboard.data;
  return (
    <ListPage
      title="Dashboard"
      intro="Time and tasks across the organisation."
      actions={
        <>
          <TextField
            select
            size="small"
            label="Weeks"
            value={weeks}
            onChange={(event) => setWeeks(Number(event.target.value))}
            sx={{ minWidth: 120 }}
          >
            {WEEK_CHOICES.map((n) => (
              <MenuItem key={n} value={n}>
                Last {n} weeks
              </MenuItem>
            ))}
          </TextField>
          {can(session, 'tasks.settings') && (
            <Button variant="outlined" startIcon={<SettingsIcon />} onClick={() => setSettingsOpen(true)}>
              Timer settings
            </Button>
          )}
        </>
      }
    >
      {settingsOpen && <TaskSettingsDialog onClose={() => setSettingsOpen(false)} />}
      {dashboard.isError && <Typography color="error">{refusalText(dashboard.error)}</Typography>}
      {!data && dashboard.isFetching && <Typography color="text.secondary">Loading data...</Typography>}
      {data && (
        <>
          <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fit, minmax(120px, 1fr))' }}>
            <Figure label="Hours" value={formatDuration(data.total.seconds)} />
            <Figure label="Billable" value={formatDuration(data.total.billable_seconds)} />
            <Figure label="Non-billable" value={formatDuration(data.total.seconds - data.total.billable_seconds)} />
            <Figure label="Overdue tasks" value={String(data.overdue_count)} />
          </Box>
          <HoursPerUserChart dashboard={data} />
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
            }}
          >
            <TasksByStatusChart dashboard={data} />
            <CasesByTimeChart dashboard={data} />
          </Box>
          <Paper
            variant="outlined"
            component="section"
            aria-label="Overdue tasks"
            sx={{ p: 2, display: 'grid', gap: 1 }}
          >
            <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
              Overdue tasks ({data.overdue_count})
            </Typography>
            <TaskTable label="Overdue tasks" tasks={data.overdue} empty="No overdue tasks." />
          </Paper>
        </>
      )}
    </ListPage>
  );
}
