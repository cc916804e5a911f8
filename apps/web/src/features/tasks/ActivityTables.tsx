import { formatDuration, type ActivityRow, type TaskActivity } from '@lexdesk/contract';
import { groupByDay, groupByWeek } from './activity.ts';
import { SimpleTable, type SimpleColumn } from '../../ui/SimpleTable.tsx';
import { formatDay } from './taskChips.tsx';

const time = (seconds: number) => formatDuration(seconds);

type DayLine =
  { kind: 'day' | 'total'; date: string; seconds: number; billable_seconds: number } | (ActivityRow & { kind: 'row' });

/** Time by day: each day's subtotal, then its rows (an entry across midnight shows on both days). */
export function TimeByDay({ activity }: { activity: TaskActivity }) {
  const lines: DayLine[] = groupByDay(activity.rows).flatMap((day) => [
    { kind: 'day' as const, date: day.date, seconds: day.seconds, billable_seconds: day.billable_seconds },
    ...day.rows.map((row) => ({ ...row, kind: 'row' as const })),
  ]);
  const columns: SimpleColumn<DayLine>[] = [
    { header: 'Day', render: (l) => (l.kind === 'day' ? formatDay(l.date) : '') },
    { header: 'User', render: (l) => (l.kind === 'row' ? l.user_name : l.kind === 'day' ? 'Day total' : 'Total') },
    { header: 'Task', render: (l) => (l.kind === 'row' ? l.task_title : '') },
    { header: 'Case', hideOnMobile: true, render: (l) => (l.kind === 'row' ? (l.case_title ?? '—') : '') },
    { header: 'Activity', hideOnMobile: true, render: (l) => (l.kind === 'row' ? l.activity_type : '') },
    {
      header: 'Billable',
      align: 'right',
      render: (l) => (l.kind !== 'row' ? time(l.billable_seconds) : l.billable ? 'Yes' : 'No'),
    },
    { header: 'Time', align: 'right', render: (l) => time(l.seconds) },
  ];
  return (
    <SimpleTable
      label="Time by day"
      columns={columns}
      rows={lines}
      rowKey={(l, i) => (l.kind === 'row' ? `r${l.entry_id}-${l.date}-${i}` : `d${l.date}`)}
      strong={(l) => l.kind !== 'row'}
      footer={{ kind: 'total', date: '', ...activity.total }}
    />
  );
}

type WeekLine = {
  key: string;
  week: string;
  who: string;
  seconds: number;
  billable_seconds: number;
  total: boolean;
};

/** Time by week: each week's total, then each user's time in it. */
export function TimeByWeek({ activity }: { activity: TaskActivity }) {
  const lines: WeekLine[] = groupByWeek(activity.rows).flatMap((week) => [
    { key: week.week_start, week: week.week_start, who: 'Week total', total: true, ...pick(week) },
    ...week.users.map((u) => ({
      key: `${week.week_start}-${u.user_id}`,
      week: '',
      who: u.user_name,
      total: false,
      ...pick(u),
    })),
  ]);
  return (
    <SimpleTable
      label="Time by week"
      columns={[
        { header: 'Week of', render: (l) => (l.week ? formatDay(l.week) : '') },
        { header: 'User', render: (l) => l.who },
        { header: 'Billable', align: 'right', render: (l) => time(l.billable_seconds) },
        {
          header: 'Non-billable',
          align: 'right',
          hideOnMobile: true,
          render: (l) => time(l.seconds - l.billable_seconds),
        },
        { header: 'Time', align: 'right', render: (l) => time(l.seconds) },
      ]}
      rows={lines}
      rowKey={(l) => l.key}
      strong={(l) => l.total}
      footer={{ key: 'total', week: '', who: 'Total', total: true, ...pick(activity.total) }}
    />
  );
}

const pick = (t: { seconds: number; billable_seconds: number }) => ({
  seconds: t.seconds,
  billable_seconds: t.billable_seconds,
});

const totalColumns = <Row extends { seconds: number; billable_seconds: number }>(
  header: string,
  name: (row: Row) => string,
): SimpleColumn<Row>[] => [
  { header, render: name },
  { header: 'Billable', align: 'right', render: (r) => time(r.billable_seconds) },
  { header: 'Non-billable', align: 'right', hideOnMobile: true, render: (r) => time(r.seconds - r.billable_seconds) },
  { header: 'Time', align: 'right', render: (r) => time(r.seconds) },
];

/** Totals per user. */
export function TimePerUser({ activity }: { activity: TaskActivity }) {
  type Row = TaskActivity['by_user'][number];
  return (
    <SimpleTable<Row>
      label="Time per user"
      columns={totalColumns<Row>('User', (r) => r.user_name)}
      rows={activity.by_user}
      rowKey={(r) => r.user_id}
      footer={{ user_id: 0, user_name: 'Total', ...activity.total }}
    />
  );
}

/** Totals per case (time on tasks without a case shows as 'No case'). */
export function TimePerCase({ activity }: { activity: TaskActivity }) {
  type Row = TaskActivity['by_case'][number];
  return (
    <SimpleTable<Row>
      label="Time per case"
      columns={totalColumns<Row>('Case', (r) => (r.case_id === null ? 'No case' : (r.case_title ?? '—')))}
      rows={activity.by_case}
      rowKey={(r) => r.case_id ?? 0}
      footer={{ case_id: -1, case_title: 'Total', ...activity.total }}
    />
  );
}
