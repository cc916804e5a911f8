import {
  formatMoney,
  INVOICE_LINE_KIND_LABELS,
  INVOICE_STATUS_LABELS,
  milliToDecimal,
  toDecimalString,
  type InvoiceDetail,
  type InvoiceRow,
  type InvoiceSettings,
} from '@lexdesk/contract';
import { Document, Packer, Paragraph, Table, TableCell, TableRow, TextRun, WidthType } from 'docx';
import ExcelJS from 'exceljs';
import { createRequire } from 'node:module';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';

/**
 * Every output of an invoice (docs/invoices.md "Outputs") reads the same numbers: the stored line amounts and
 * totals, which `invoiceTotals` wrote. `invoiceTable` is the one model (rows of text) the PDF, the .docx and
 * the spreadsheets render; LEDES writes the same amounts as plain decimals.
 */
export interface InvoiceTable {
  title: string;
  header: string[];
  rows: string[][];
  totals: [string, string][];
}

const percent = (milli: number) => `${milliToDecimal(milli)} %`;

export function invoiceTable(invoice: InvoiceDetail): InvoiceTable {
  const c = invoice.currency;
  const kind = invoice.kind === 'credit_note' ? 'Credit note' : 'Invoice';
  return {
    title: `${kind} ${invoice.number ?? '(draft)'}`,
    header: ['Date', 'Kind', 'Description', 'Quantity', 'Unit price', 'Tax', 'Amount'],
    rows: invoice.lines.map((l) => [
      l.date ?? '',
      INVOICE_LINE_KIND_LABELS[l.kind],
      l.kind === 'time' && l.uplift_seconds
        ? `${l.description} (${l.user_name ?? ''}; raw ${Math.round((l.raw_seconds ?? 0) / 60)} min, billed ${l.billed_minutes} min)`
        : l.description,
      l.kind === 'time' ? `${milliToDecimal(l.quantity_milli)} h` : milliToDecimal(l.quantity_milli),
      l.discount_percent_milli !== null ? percent(l.discount_percent_milli) : formatMoney(l.unit_price_minor, c),
      percent(l.tax_rate_milli),
      formatMoney(l.amount_minor, c),
    ]),
    totals: [
      ['Subtotal', formatMoney(invoice.subtotal_minor, c)],
      ...invoice.tax_by_rate.map((r): [string, string] => [
        `Tax ${percent(r.tax_rate_milli)} on ${formatMoney(r.base_minor, c)}`,
        formatMoney(r.tax_minor, c),
      ]),
      ['Tax', formatMoney(invoice.tax_minor, c)],
      ['Total', formatMoney(invoice.total_minor, c)],
      ...(invoice.kind === 'invoice' && invoice.status !== 'draft'
        ? ([
            ['Paid', formatMoney(invoice.paid_minor, c)],
            ['Credited', formatMoney(invoice.credited_minor, c)],
            ['Balance due', formatMoney(invoice.balance_minor, c)],
          ] as [string, string][])
        : []),
    ],
  };
}

// ---- PDF (pdfmake 0.3, Roboto shipped with it) ------------------------------------------------------------

const require = createRequire(import.meta.url);
let pdfmake: typeof import('pdfmake') | null = null;
function printer() {
  if (!pdfmake) {
    pdfmake = require('pdfmake') as typeof import('pdfmake');
    const fonts = require('pdfmake/fonts/Roboto.js') as { Roboto: Record<string, string> };
    pdfmake.setFonts(fonts);
    // Only the fonts shipped with pdfmake are read from disk.
    const allowed = new Set(Object.values(fonts.Roboto));
    pdfmake.setLocalAccessPolicy((path) => allowed.has(path));
    // No image or font is fetched from anywhere while rendering.
    pdfmake.setUrlAccessPolicy(() => false);
  }
  return pdfmake;
}

/** The PDF's document definition (the property test reads its totals). */
export function pdfDefinition(invoice: InvoiceDetail, settings: InvoiceSettings): TDocumentDefinitions {
  const table = invoiceTable(invoice);
  const draft = invoice.status === 'draft';
  const content: Content[] = [
    { text: settings.firm_name, style: 'firm' },
    {
      text: [settings.firm_address, settings.firm_tax_number && `Tax number ${settings.firm_tax_number}`]
        .filter(Boolean)
        .join('\n'),
    },
    { text: table.title, style: 'title' },
    {
      columns: [
        {
          text: [
            `Bill to\n`,
            invoice.account.name,
            '\n',
            invoice.account.billing_address,
            invoice.account.tax_number ? `\nTax number ${invoice.account.tax_number}` : '',
          ],
        },
        {
          text: [
            `Issue date: ${invoice.issue_date ?? '—'}\n`,
            invoice.kind === 'invoice' ? `Due date: ${invoice.due_date ?? '—'}\n` : '',
            invoice.case_title ? `Matter: ${invoice.case_title}\n` : '',
            invoice.credited_invoice_number ? `Credits invoice ${invoice.credited_invoice_number}\n` : '',
            `Status: ${INVOICE_STATUS_LABELS[invoice.status]}`,
          ],
          alignment: 'right',
        },
      ],
      margin: [0, 8, 0, 12],
    },
    {
      table: {
        headerRows: 1,
        widths: [52, 48, '*', 44, 60, 40, 64],
        body: [
          table.header.map((h) => ({ text: h, bold: true })),
          ...table.rows.map((r) => r.map((cell, i) => (i >= 3 ? { text: cell, alignment: 'right' as const } : cell))),
        ],
      },
      layout: 'lightHorizontalLines',
      fontSize: 8,
    },
    {
      table: {
        widths: ['*', 100],
        body: table.totals.map(([label, value]) => [
          { text: label, alignment: 'right' as const },
          { text: value, alignment: 'right' as const, bold: label === 'Total' || label === 'Balance due' },
        ]),
      },
      layout: 'noBorders',
      margin: [0, 8, 0, 0],
    },
  ];
  if (invoice.notes) content.push({ text: invoice.notes, margin: [0, 12, 0, 0] });
  return {
    info: { title: table.title, creator: 'Lexdesk' },
    ...(draft ? { watermark: { text: 'DRAFT', opacity: 0.15, bold: true } } : {}),
    content,
    footer: (page, pages) => ({ text: `${table.title} — page ${page} of ${pages}`, alignment: 'center', fontSize: 8 }),
    defaultStyle: { font: 'Roboto', fontSize: 10 },
    styles: { firm: { fontSize: 14, bold: true }, title: { fontSize: 18, bold: true, margin: [0, 12, 0, 0] } },
  };
}

export async function invoicePdf(invoice: InvoiceDetail, settings: InvoiceSettings): Promise<Buffer> {
  return Buffer.from(await printer().createPdf(pdfDefinition(invoice, settings)).getBuffer());
}

// ---- .docx ------------------------------------------------------------------------------------------------

export async function invoiceDocx(invoice: InvoiceDetail, settings: InvoiceSettings): Promise<Buffer> {
  const table = invoiceTable(invoice);
  const row = (cells: string[], bold = false) =>
    new TableRow({
      children: cells.map(
        (text) => new TableCell({ children: [new Paragraph({ children: [new TextRun({ text, bold })] })] }),
      ),
    });
  const doc = new Document({
    creator: 'Lexdesk',
    title: table.title,
    sections: [
      {
        children: [
          new Paragraph({ children: [new TextRun({ text: settings.firm_name, bold: true })] }),
          new Paragraph({ children: [new TextRun({ text: table.title, bold: true, size: 32 })] }),
          new Paragraph(`Bill to: ${invoice.account.name}`),
          new Paragraph(`Issue date: ${invoice.issue_date ?? '—'}   Due date: ${invoice.due_date ?? '—'}`),
          new Table({
            width: { size: 100, type: WidthType.PERCENTAGE },
            rows: [row(table.header, true), ...table.rows.map((r) => row(r))],
          }),
          new Table({
            width: { size: 60, type: WidthType.PERCENTAGE },
            rows: table.totals.map(([l, v]) => row([l, v])),
          }),
          ...(invoice.notes ? [new Paragraph(invoice.notes)] : []),
        ],
      },
    ],
  });
  return Packer.toBuffer(doc);
}

// ---- .xlsx / .csv -----------------------------------------------------------------------------------------

/** A CSV field, quoted when needed; a leading =, +, - or @ is neutralised so spreadsheets never run it. */
function csvField(value: string): string {
  let text = value;
  if (/^[=+@\t\r]/.test(text) || (/^-/.test(text) && !/^-?\d+(\.\d+)?$/.test(text))) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
const csv = (rows: string[][]) =>
  Buffer.from(`\uFEFF${rows.map((r) => r.map(csvField).join(',')).join('\r\n')}\r\n`, 'utf8');

/** The spreadsheet rows of one invoice: its lines with plain decimal amounts, then the totals. */
export function invoiceSheetRows(invoice: InvoiceDetail): string[][] {
  const c = invoice.currency;
  return [
    ['Date', 'Kind', 'Description', 'Timekeeper', 'Quantity', 'Unit price', 'Tax rate %', 'Amount', 'Tax', 'Currency'],
    ...invoice.lines.map((l) => [
      l.date ?? '',
      INVOICE_LINE_KIND_LABELS[l.kind],
      l.description,
      l.user_name ?? '',
      milliToDecimal(l.quantity_milli),
      toDecimalString(l.unit_price_minor, c),
      milliToDecimal(l.tax_rate_milli),
      toDecimalString(l.amount_minor, c),
      toDecimalString(l.tax_minor, c),
      c,
    ]),
    ['', '', 'Subtotal', '', '', '', '', toDecimalString(invoice.subtotal_minor, c), '', c],
    ['', '', 'Tax', '', '', '', '', '', toDecimalString(invoice.tax_minor, c), c],
    ['', '', 'Total', '', '', '', '', toDecimalString(invoice.total_minor, c), '', c],
  ];
}

async function xlsx(sheet: string, rows: string[][], numeric: (row: number, col: number) => boolean): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Lexdesk';
  const ws = workbook.addWorksheet(sheet);
  rows.forEach((r, i) => {
    // Amounts go in as numbers from their exact decimal text (what a spreadsheet holds), shown with 2 places.
    const added = ws.addRow(r.map((v, j) => (i > 0 && numeric(i, j) && v !== '' ? Number(v) : v)));
    if (i === 0) added.font = { bold: true };
  });
  ws.columns.forEach((col) => (col.width = 18));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export const invoiceCsv = (invoice: InvoiceDetail) => csv(invoiceSheetRows(invoice));
export const invoiceXlsx = (invoice: InvoiceDetail) =>
  xlsx('Invoice', invoiceSheetRows(invoice), (_r, c) => c >= 4 && c <= 8);

/** The list's rows (GET invoice/export/). */
export function listSheetRows(rows: readonly InvoiceRow[]): string[][] {
  return [
    [
      'Number',
      'Kind',
      'Status',
      'Client',
      'Case',
      'Issue date',
      'Due date',
      'Currency',
      'Subtotal',
      'Tax',
      'Total',
      'Paid',
      'Credited',
      'Balance',
    ],
    ...rows.map((r) => [
      r.number ?? 'Draft',
      r.kind === 'credit_note' ? 'Credit note' : 'Invoice',
      r.overdue ? 'Overdue' : INVOICE_STATUS_LABELS[r.status],
      r.account_name,
      r.case_title ?? '',
      r.issue_date ?? '',
      r.due_date ?? '',
      r.currency,
      ...[r.subtotal_minor, r.tax_minor, r.total_minor, r.paid_minor, r.credited_minor, r.balance_minor].map((m) =>
        toDecimalString(m, r.currency),
      ),
    ]),
  ];
}
export const listCsv = (rows: readonly InvoiceRow[]) => csv(listSheetRows(rows));
export const listXlsx = (rows: readonly InvoiceRow[]) => xlsx('Invoices', listSheetRows(rows), (_r, c) => c >= 8);

// ---- LEDES 1998B ------------------------------------------------------------------------------------------

export const LEDES_FIELDS = [
  'INVOICE_DATE',
  'INVOICE_NUMBER',
  'CLIENT_ID',
  'LAW_FIRM_MATTER_ID',
  'INVOICE_TOTAL',
  'BILLING_START_DATE',
  'BILLING_END_DATE',
  'INVOICE_DESCRIPTION',
  'LINE_ITEM_NUMBER',
  'EXP/FEE/INV_ADJ_TYPE',
  'LINE_ITEM_NUMBER_OF_UNITS',
  'LINE_ITEM_ADJUSTMENT_AMOUNT',
  'LINE_ITEM_TOTAL',
  'LINE_ITEM_DATE',
  'LINE_ITEM_TASK_CODE',
  'LINE_ITEM_EXPENSE_CODE',
  'LINE_ITEM_ACTIVITY_CODE',
  'TIMEKEEPER_ID',
  'LINE_ITEM_DESCRIPTION',
  'LAW_FIRM_ID',
  'LINE_ITEM_UNIT_COST',
  'TIMEKEEPER_NAME',
  'TIMEKEEPER_CLASSIFICATION',
  'CLIENT_MATTER_ID',
] as const;

const ledesDate = (day: string | null) => (day ?? '').replaceAll('-', '');
const ledesText = (text: string) => text.replace(/[|\r\n[\]]/g, ' ').slice(0, 500);

/**
 * LEDES 1998B: the `LEDES1998B[]` line, the 24 field names, then one line per invoice line, each ending `[]`.
 * LINE_ITEM_TOTAL is the line's amount before tax and INVOICE_TOTAL the invoice's total (tax included), both
 * the stored amounts as plain decimals.
 */
export function invoiceLedes(invoice: InvoiceDetail, settings: InvoiceSettings): string {
  const c = invoice.currency;
  const dates = invoice.lines
    .map((l) => l.date)
    .filter((d): d is string => !!d)
    .sort();
  const start = dates[0] ?? invoice.issue_date;
  const end = dates.at(-1) ?? invoice.issue_date;
  const lines = invoice.lines.map(
    (l, index) =>
      [
        ledesDate(invoice.issue_date),
        invoice.number ?? '',
        ledesText(invoice.account.ledes_client_id || invoice.account.name),
        String(invoice.case_id ?? ''),
        toDecimalString(invoice.total_minor, c),
        ledesDate(start),
        ledesDate(end),
        ledesText(invoice.case_title ?? invoice.notes),
        String(index + 1),
        l.kind === 'time' ? 'F' : l.kind === 'expense' ? 'E' : l.kind === 'discount' ? 'IF' : 'F',
        milliToDecimal(l.quantity_milli),
        '0',
        toDecimalString(l.amount_minor, c),
        ledesDate(l.date ?? invoice.issue_date),
        '',
        l.kind === 'expense' ? 'E101' : '',
        '',
        ledesText(l.user_name ?? ''),
        ledesText(l.description),
        ledesText(settings.ledes_firm_id),
        toDecimalString(l.unit_price_minor, c),
        ledesText(l.user_name ?? ''),
        '',
        String(invoice.case_id ?? ''),
      ].join('|') + '[]',
  );
  return ['LEDES1998B[]', `${LEDES_FIELDS.join('|')}[]`, ...lines].join('\r\n') + '\r\n';
}
