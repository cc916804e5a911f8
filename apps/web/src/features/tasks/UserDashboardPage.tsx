import { can, formatDuration, formatHms, type MyDashboard } from '@lexdesk/contract';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { Link as RouterLink } from 'react-router';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { refusalText } from '../../api/client.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { useRequiredSession } from '../../app/session/useSession.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { ListPage } from '../../ui/ListPage.tsx';
import { hours } from './activity.ts';
import { fetchMyDashboard } from './api.ts';
import { ChartFrame, useChartTheme } from '../../ui/ChartFrame.tsx';
import { Figure } from '../../ui/Figure.tsx';
import { ModuleOff } from '../../ui/ModuleOff.tsx';
import { TASK_PATH } from './paths.ts';
import { SimpleTable } from '../../ui/SimpleTable.tsx';
import { TaskTable } from './TaskTable.tsx';
import { cutTaskName } from './timerClock.ts';
import { TimerPanel } from './TimerPanel.tsx';
import { useOngoingTimer, useTickingSeconds } from './useTimer.ts';

/** /user-dashboard (spec 01 §2 'Dashboard' of a user): my tasks due, my time this week by day, my running timer. */
export function UserDashboardPage() {
  useDocumentTitle('Dashboard');
  const session = useRequiredSession();
  if (!can(session, 'tasks.read')) return <ModuleOff title="Dashboard" module="Task Management" />;
  return <UserDashboard />;
}

function UserDashboard() {
  const dashboard = useQuery({
    queryKey: queryKeys.tasks.myDashboard,
    queryFn: ({ signal }) => fetchMyDashboard(signal),
  });
  const data = dashboard.data;
  return (
    <ListPage title="Dashboard" intro="Your tasks due, your time this week and your running timer.">
      {dashboard.isError && <Typography color="error">{refusalText(dashboard.error)}</Typography>}
      {!data && dashboard.isFetching && <Typography color="text.secondary">Loading data...</Typography>}
      {data && (
        <>
          <Box
            sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 340px' } }}
          >
            <MyWeekChart week={data.week} />
            <MyTimer />
          </Box>
          <Paper
            variant="outlined"
            component="section"
            aria-label="My tasks due"
            sx={{ p: 2, display: 'grid', gap: 1 }}
          >
            <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
              My tasks due
            </Typography>
            <TaskTable label="My tasks due" tasks={data.tasks_due} empty="Nothing due in the next two weeks." />
          </Paper>
        </>
      )}
    </ListPage>
  );
}

/** My running timer: read from the top bar's poll (the same answer), ticking each second. */
function MyTimer() {
  const ongoing = useOngoingTimer();
  const timer = ongoing.data;
  const seconds = useTickingSeconds(timer, ongoing.dataUpdatedAt);
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label="My running timer"
      sx={{ p: 2, display: 'grid', gap: 1, alignContent: 'start', alignSelf: 'start' }}
    >
      <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
        My running timer
      </Typography>
      {timer && timer.task_id !== null ? (
        <Box sx={{ mx: -2, my: -1 }}>
          <TimerPanel timer={timer} name={cutTaskName(timer.task_name)} clock={formatHms(seconds)} />
        </Box>
      ) : (
        <Box sx={{ display: 'grid', gap: 1 }}>
          <Typography color="text.secondary">No timer is running.</Typography>
          <Link component={RouterLink} to={TASK_PATH}>
            Start one from a task
          </Link>
        </Box>
      )}
    </Paper>
  );
}

function MyWeekChart({ week }: { week: MyDashboard['week'] }) {
  const chart = useChartTheme();
  const points = week.days.map((d) => ({
    day: dayjs(d.date).format('ddd D'),
    date: d.date,
    seconds: d.seconds,
    billable_seconds: d.billable_seconds,
    billable: hours(d.billable_seconds),
    nonBillable: hours(d.seconds - d.billable_seconds),
  }));
  const busiest = [...points].sort((a, b) => b.seconds - a.seconds)[0];
  return (
    <Box sx={{ display: 'grid', gap: 2, alignContent: 'start', minWidth: 0 }}>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fit, minmax(140px, 1fr))' }}>
        <Figure label="This week" value={formatDuration(week.total.seconds)} />
        <Figure label="Billable" value={formatDuration(week.total.billable_seconds)} />
      </Box>
      <ChartFrame
        title="My time this week"
        summary={
          week.total.seconds === 0
            ? 'No time recorded this week yet.'
            : `${formatDuration(week.total.seconds)} this week, ${formatDuration(week.total.billable_seconds)} billable; the most on ${busiest?.day ?? ''} (${formatDuration(busiest?.seconds ?? 0)}).`
        }
        height={240}
        table={
          <SimpleTable
            label="My time this week by day"
            columns={[
              { header: 'Day', render: (p) => p.day },
              { header: 'Billable', align: 'right', render: (p) => formatDuration(p.billable_seconds) },
              { header: 'Time', align: 'right', render: (p) => formatDuration(p.seconds) },
            ]}
            rows={points}
            rowKey={(p) => p.date}
          />
        }
      >
        <ResponsiveContainer width="100%" height="100%">
          <BarChart accessibilityLayer={false} data={points} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
            <CartesianGrid stroke={chart.grid} vertical={false} />
            <XAxis dataKey="day" stroke={chart.text} fontSize={12} />
            <YAxis stroke={chart.text} fontSize={12} unit="h" allowDecimals={false} />
            <Tooltip {...chart.tooltip} />
            <Legend wrapperStyle={{ fontSize: 12 }} formatter={chart.legendText} />
            <Bar dataKey="billable" name="Billable" stackId="t" fill={chart.billable} unit="h" />
            <Bar dataKey="nonBillable" name="Non-billable" stackId="t" fill={chart.nonBillable} unit="h" />
          </BarChart>
        </ResponsiveContainer>
      </ChartFrame>
    </Box>
  );
}
