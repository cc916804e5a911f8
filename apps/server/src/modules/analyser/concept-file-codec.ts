import { CONCEPT_IMPORT_COLUMNS } from '@lexdesk/contract';
import ExcelJS from 'exceljs';
import { parsePool, type ParseLimits } from '../../platform/parsing/parse-pool.ts';
import type { WorkRequester } from '../../platform/queues/fair-queue.ts';

/** One row of a concept list file: head, definition, terms, phrases, as stored (docs/analyser.md). */
export type ConceptFileRow = [head: string, definition: string, terms: string, phrases: string];
export type ConceptFileFormat = 'xlsx' | 'csv';

/** What a parse answers: the header row and the data rows (each cell as text), or why the file was refused. */
export type ParsedConceptFile = { ok: true; header: string[]; rows: string[][] } | { ok: false; problem: 'type' };

// A cell that a spreadsheet would run as a formula starts with one of these: the CSV writes a "'" before it
// (and before "'"s already there), and the reader takes exactly one off again, so the round trip is exact.
const FORMULA_START = /^'*[=+\-@\t\r]/;

function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** CSV of RFC 4180 with a byte-order mark (so Excel reads UTF-8), every cell quoted, CRLF line ends. */
export function writeCsv(rows: readonly ConceptFileRow[]): Buffer {
  return writeTableCsv(CONCEPT_IMPORT_COLUMNS, rows);
}

/** Any table as that CSV (the review's export too); numbers are written as their digits. */
export function writeTableCsv(columns: readonly string[], rows: readonly (readonly (string | number)[])[]): Buffer {
  const lines = [columns, ...rows].map((row) => row.map((cell) => csvCell(String(cell))).join(','));
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

/** Reads RFC 4180 CSV (quoted or bare cells, CRLF or LF); a "'" written before a formula start is taken off. */
export function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let wasQuoted = false;
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const endCell = () => {
    row.push(wasQuoted && FORMULA_START.test(cell) && cell.startsWith("'") ? cell.slice(1) : cell);
    cell = '';
    wasQuoted = false;
  };
  for (let i = 0; i < source.length; i += 1) {
    const char = source[i] as string;
    if (quoted) {
      if (char === '"' && source[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell === '') {
      quoted = true;
      wasQuoted = true;
    } else if (char === ',') endCell();
    else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[i + 1] === '\n') i += 1;
      endCell();
      rows.push(row);
      row = [];
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) {
    endCell();
    rows.push(row);
  }
  return rows.filter((r) => r.some((value) => value !== ''));
}

export async function writeXlsx(rows: readonly ConceptFileRow[], sheetName: string): Promise<Buffer> {
  return writeTableXlsx(CONCEPT_IMPORT_COLUMNS, rows, sheetName || 'Concepts', (index) => (index === 1 ? 60 : 30));
}

/** Any table as one sheet, bold header; strings stay strings (never formulas), numbers are numbers. */
export async function writeTableXlsx(
  columns: readonly string[],
  rows: readonly (readonly (string | number)[])[],
  sheetName: string,
  widthOf: (index: number) => number = () => 30,
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31) || 'Sheet1');
  sheet.addRow([...columns]);
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow([...row]);
  sheet.columns.forEach((column, index) => {
    column.width = widthOf(index);
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('text' in value && typeof value.text === 'string') return value.text;
  if ('result' in value) return value.result === undefined ? '' : cellText(value.result as ExcelJS.CellValue);
  return '';
}

async function readXlsx(data: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(data as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = [];
    for (let column = 1; column <= CONCEPT_IMPORT_COLUMNS.length; column += 1) {
      cells.push(cellText(row.getCell(column).value));
    }
    if (cells.some((cell) => cell !== '')) rows.push(cells);
  });
  return rows;
}

const isZip = (data: Buffer) => data.length > 4 && data.readUInt32LE(0) === 0x04034b50;

/** Parses an uploaded concept list file. Runs on a parsing worker (parseConceptFileInWorker). */
export async function parseConceptFile(data: Buffer, format: ConceptFileFormat): Promise<ParsedConceptFile> {
  if (format === 'xlsx') {
    if (!isZip(data)) return { ok: false, problem: 'type' };
    const [header = [], ...rows] = await readXlsx(data);
    return { ok: true, header, rows };
  }
  if (isZip(data) || data.includes(0)) return { ok: false, problem: 'type' };
  const [header = [], ...rows] = readCsv(data.toString('utf8'));
  return { ok: true, header, rows };
}

/** parseConceptFile off the request thread, within the parsing limits (a hostile file costs one worker). */
export function parseConceptFileInWorker(
  limits: ParseLimits,
  who: WorkRequester,
  data: Buffer,
  format: ConceptFileFormat,
): Promise<ParsedConceptFile> {
  return parsePool(limits).run<ParsedConceptFile>(who, new URL(import.meta.url), 'parseConceptFile', [data, format]);
}
