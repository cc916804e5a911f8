import { formatDuration, TASK_STATUS_LABELS, type OrganisationDashboard } from '@lexdesk/contract';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { hours } from './activity.ts';
import { ChartFrame, useChartTheme } from '../../ui/ChartFrame.tsx';
import { userWeekSeries, userWeekSummary } from './dashboardData.ts';
import { SimpleTable } from '../../ui/SimpleTable.tsx';
import { formatDay } from './taskChips.tsx';

const shortDay = (day: string) => formatDay(day).replace(/ \d{4}$/, '');

/** Hours per user per week: a stack per user (billable, then non-billable, paler) in each week. */
export function HoursPerUserChart({ dashboard }: { dashboard: OrganisationDashboard }) {
  const chart = useChartTheme();
  const { users, points } = userWeekSeries(dashboard);
  const rows = dashboard.hours_per_user;
  return (
    <ChartFrame
      title="Hours per user per week"
      summary={`${userWeekSummary(dashboard)} Each user's bar: billable time, with the non-billable time paler on top.`}
      height={300}
      table={
        <SimpleTable
          label="Hours per user per week"
          columns={[
            { header: 'Week of', render: (r) => formatDay(r.week_start) },
            { header: 'User', render: (r) => r.user_name },
            { header: 'Billable', align: 'right', render: (r) => formatDuration(r.billable_seconds) },
            { header: 'Non-billable', align: 'right', render: (r) => formatDuration(r.non_billable_seconds) },
          ]}
          rows={rows}
          rowKey={(r) => `${r.week_start}-${r.user_id}`}
        />
      }
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart accessibilityLayer={false} data={points} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid stroke={chart.grid} vertical={false} />
          <XAxis dataKey="week" tickFormatter={shortDay} stroke={chart.text} fontSize={12} />
          <YAxis stroke={chart.text} fontSize={12} unit="h" allowDecimals={false} />
          <Tooltip {...chart.tooltip} labelFormatter={(w) => `Week of ${formatDay(String(w))}`} />
          <Legend wrapperStyle={{ fontSize: 12 }} formatter={chart.legendText} />
          {users.flatMap((user, i) => {
            const colour = chart.series[i % chart.series.length];
            return [
              <Bar
                key={`b${user.id}`}
                dataKey={`b${user.id}`}
                stackId={user.id}
                fill={colour}
                name={user.name}
                unit="h"
              />,
              <Bar
                key={`n${user.id}`}
                dataKey={`n${user.id}`}
                stackId={user.id}
                fill={colour}
                fillOpacity={0.4}
                legendType="none"
                name={`${user.name} (non-billable)`}
                unit="h"
              />,
            ];
          })}
        </BarChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
}

/** Tasks by status. */
export function TasksByStatusChart({ dashboard }: { dashboard: OrganisationDashboard }) {
  const chart = useChartTheme();
  const points = dashboard.tasks_by_status.map((s) => ({ status: TASK_STATUS_LABELS[s.status], count: s.count }));
  const total = points.reduce((sum, p) => sum + p.count, 0);
  return (
    <ChartFrame
      title="Tasks by status"
      summary={`${total} ${total === 1 ? 'task' : 'tasks'}: ${points.map((p) => `${p.count} ${p.status.toLowerCase()}`).join(', ')}.`}
      height={220}
      table={
        <SimpleTable
          label="Tasks by status"
          columns={[
            { header: 'Status', render: (p) => p.status },
            { header: 'Tasks', align: 'right', render: (p) => p.count },
          ]}
          rows={points}
          rowKey={(p) => p.status}
        />
      }
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart accessibilityLayer={false} data={points} margin={{ top: 8, right: 8, bottom: 0, left: -24 }}>
          <CartesianGrid stroke={chart.grid} vertical={false} />
          <XAxis dataKey="status" stroke={chart.text} fontSize={12} />
          <YAxis stroke={chart.text} fontSize={12} allowDecimals={false} />
          <Tooltip {...chart.tooltip} />
          <Bar dataKey="count" name="Tasks" fill={chart.billable} />
        </BarChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
}

/** Cases by time spent (the busiest ten), billable and non-billable. */
export function CasesByTimeChart({ dashboard }: { dashboard: OrganisationDashboard }) {
  const chart = useChartTheme();
  const cases = dashboard.cases_by_time.map((c) => ({
    name: c.case_id === null ? 'No case' : (c.case_title ?? '—'),
    seconds: c.seconds,
    billable_seconds: c.billable_seconds,
    billable: hours(c.billable_seconds),
    nonBillable: hours(c.seconds - c.billable_seconds),
  }));
  const top = cases[0];
  return (
    <ChartFrame
      title="Cases by time spent"
      summary={
        top
          ? `${cases.length} ${cases.length === 1 ? 'case' : 'cases'} with time; the most on ${top.name} (${formatDuration(top.seconds)}).`
          : 'No time recorded on cases.'
      }
      height={Math.max(160, Math.min(cases.length, 10) * 36 + 40)}
      table={
        <SimpleTable
          label="Cases by time spent"
          columns={[
            { header: 'Case', render: (c) => c.name },
            { header: 'Billable', align: 'right', render: (c) => formatDuration(c.billable_seconds) },
            { header: 'Time', align: 'right', render: (c) => formatDuration(c.seconds) },
          ]}
          rows={cases}
          rowKey={(c, i) => `${c.name}-${i}`}
        />
      }
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          accessibilityLayer={false}
          data={cases.slice(0, 10)}
          layout="vertical"
          margin={{ top: 8, right: 16, bottom: 0, left: 8 }}
        >
          <CartesianGrid stroke={chart.grid} horizontal={false} />
          <XAxis type="number" stroke={chart.text} fontSize={12} unit="h" />
          <YAxis
            type="category"
            dataKey="name"
            stroke={chart.text}
            fontSize={12}
            width={120}
            tickFormatter={(name: string) => (name.length > 18 ? `${name.slice(0, 17)}…` : name)}
          />
          <Tooltip {...chart.tooltip} />
          <Legend wrapperStyle={{ fontSize: 12 }} formatter={chart.legendText} />
          <Bar dataKey="billable" name="Billable" stackId="t" fill={chart.billable} unit="h" />
          <Bar dataKey="nonBillable" name="Non-billable" stackId="t" fill={chart.nonBillable} unit="h" />
        </BarChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
}
