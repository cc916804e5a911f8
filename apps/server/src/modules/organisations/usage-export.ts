import { USAGE_LABELS, USAGE_METRICS } from '@lexdesk/contract';
import ExcelJS from 'exceljs';
import type { UsageRow } from './organisations-admin.service.ts';

const HEADERS = ['Organisation', ...USAGE_METRICS.map((metric) => USAGE_LABELS[metric])];

function cells(row: UsageRow): (string | number)[] {
  return [row.organisation, ...USAGE_METRICS.map((metric) => row[metric])];
}

/** A CSV field, quoted when needed; a leading =, +, - or @ is neutralised so spreadsheets never run it. */
function csvField(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Usage data as CSV (UTF-8 with BOM, so spreadsheet programs read the names right). */
export function usageCsv(rows: readonly UsageRow[]): Buffer {
  const lines = [HEADERS, ...rows.map(cells)].map((line) => line.map(csvField).join(','));
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

/** Usage data as an XLSX workbook with one sheet. */
export async function usageXlsx(rows: readonly UsageRow[], generatedAt: Date): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Lexdesk';
  workbook.created = generatedAt;
  const sheet = workbook.addWorksheet('Usage');
  sheet.columns = HEADERS.map((header, index) => ({ header, key: `c${index}`, width: index === 0 ? 36 : 20 }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(cells(row));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
