import { hoursOf, type ActivityRow } from '@lexdesk/contract';
import ExcelJS from 'exceljs';
import { totalOf, totalsBy } from './activity.service.ts';

const HEADERS = [
  'Date',
  'Week',
  'User',
  'Task',
  'Case',
  'Activity type',
  'Billable',
  'Approved',
  'Source',
  'Note',
  'Hours',
  'Seconds',
];

function cells(row: ActivityRow): (string | number)[] {
  return [
    row.date,
    row.week_start,
    row.user_name,
    row.task_title,
    row.case_title ?? '',
    row.activity_type,
    row.billable ? 'Yes' : 'No',
    row.approved ? 'Yes' : 'No',
    row.source === 'timer' ? 'Timer' : 'Typed',
    row.note,
    hoursOf(row.seconds),
    row.seconds,
  ];
}

/** A CSV field, quoted when needed; a leading =, +, - or @ is neutralised so spreadsheets never run it. */
function csvField(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The activity's time rows as CSV (UTF-8 with BOM): one line per entry and day. */
export function activityCsv(rows: readonly ActivityRow[]): Buffer {
  const lines = [HEADERS, ...rows.map(cells)].map((line) => line.map(csvField).join(','));
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

/** The activity as a workbook: 'Time' (the rows) and 'Totals' (per user, per case, all). */
export async function activityXlsx(rows: readonly ActivityRow[], generatedAt: Date): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Lexdesk';
  workbook.created = generatedAt;
  const time = workbook.addWorksheet('Time');
  time.columns = HEADERS.map((header, index) => ({
    header,
    key: `c${index}`,
    width: [3, 4, 9].includes(index) ? 36 : 14,
  }));
  time.getRow(1).font = { bold: true };
  for (const row of rows) time.addRow(cells(row));
  const totals = workbook.addWorksheet('Totals');
  totals.columns = ['Total', 'Name', 'Hours', 'Billable hours', 'Seconds', 'Billable seconds'].map((header, i) => ({
    header,
    key: `t${i}`,
    width: i === 1 ? 36 : 16,
  }));
  totals.getRow(1).font = { bold: true };
  const line = (kind: string, name: string, t: { seconds: number; billable_seconds: number }) =>
    totals.addRow([kind, name, hoursOf(t.seconds), hoursOf(t.billable_seconds), t.seconds, t.billable_seconds]);
  const userName = new Map(rows.map((r) => [r.user_id, r.user_name]));
  for (const [id, t] of totalsBy(rows, (r) => r.user_id)) line('User', userName.get(id) ?? '', t);
  const caseTitle = new Map(rows.map((r) => [r.case_id, r.case_title]));
  for (const [id, t] of totalsBy(rows, (r) => r.case_id)) line('Case', caseTitle.get(id) ?? 'No case', t);
  line('All', '', totalOf(rows));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
