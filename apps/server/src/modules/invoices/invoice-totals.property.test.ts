/**
 * Issue 16 "Done when": over 10,000 generated invoices (rates, quantities, discounts, tax rates such as
 * 9.975 %, eight currencies with JPY) every output finds the same totals: the API answer's totals, the PDF's
 * document definition, the .docx's table, the .xlsx/.csv rows and LEDES. Each is read back as text and
 * compared with the rounding rule of docs/invoices.md written out in plain bigint (not with `invoiceTotals`).
 * A sample goes through the API and the real bytes (invoice-totals.sample.test.ts).
 */
import {
  INVOICE_CURRENCIES,
  invoiceDetail,
  invoiceTotals,
  type InvoiceCurrency,
  type InvoiceDetail,
  type InvoiceSettings,
} from '@lexdesk/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { invoiceLedes, invoiceSheetRows, invoiceTable, LEDES_FIELDS, pdfDefinition } from './invoice-outputs.ts';
import {
  expectedTotals,
  genInvoice,
  minorOfDecimal,
  minorOfFormatted,
  type GenInvoice,
} from './invoice-totals.oracle.ts';

const SETTINGS: InvoiceSettings = {
  firm_name: 'Demo Law LLP',
  firm_address: '1 Main Street',
  firm_tax_number: 'T-1',
  ledes_firm_id: 'FIRM-1',
  default_tax_rate_milli: 0,
  default_currency: 'USD',
  invoice_prefix: 'INV-',
  credit_note_prefix: 'CN-',
  billing_increment_minutes: 6,
};

/** The invoice as the API answers it (GET invoice/{id}/), built from the generated lines with `invoiceTotals`. */
export function detailOf(gen: GenInvoice, index: number): InvoiceDetail {
  const totals = invoiceTotals(gen.lines, gen.currency);
  return invoiceDetail.parse({
    id: index + 1,
    kind: 'invoice',
    number: `INV-${index + 1}`,
    sequence: index + 1,
    status: 'issued',
    overdue: false,
    account_id: 1,
    account_name: 'Client',
    case_id: 7,
    case_title: 'Matter',
    currency: gen.currency,
    issue_date: '2026-03-02',
    due_date: '2026-04-01',
    subtotal_minor: totals.subtotal_minor,
    tax_minor: totals.tax_minor,
    total_minor: totals.total_minor,
    paid_minor: 0,
    credited_minor: 0,
    balance_minor: totals.total_minor,
    credited_invoice_id: null,
    created_at: '2026-03-02T09:00:00.000Z',
    notes: '',
    account: { name: 'Client', billing_address: 'Addr', email: '', tax_number: '', ledes_client_id: 'C-1' },
    credited_invoice_number: null,
    lines: gen.lines.map((l, i) => ({
      id: i + 1,
      position: i + 1,
      kind: l.kind,
      description: `${l.kind} ${i + 1}`,
      date: '2026-02-20',
      quantity_milli: l.quantity_milli,
      unit_price_minor: l.unit_price_minor,
      tax_rate_milli: l.tax_rate_milli,
      discount_percent_milli: l.discount_percent_milli ?? null,
      amount_minor: totals.lines[i]!.amount_minor,
      tax_minor: totals.lines[i]!.tax_minor,
      time_entry_id: null,
      expense_id: null,
      raw_seconds: l.raw_seconds ?? null,
      billed_minutes: l.billed_minutes ?? null,
      uplift_seconds: l.raw_seconds != null ? l.billed_minutes! * 60 - l.raw_seconds : null,
      user_name: l.kind === 'time' ? 'Ann Lawyer' : null,
      credited_line_id: null,
    })),
    tax_by_rate: totals.tax_by_rate,
    payments: [],
    credit_notes: [],
    issued_at: '2026-03-02T09:00:00.000Z',
    issued_by_name: 'Admin',
    voided_at: null,
    created_by_name: 'Admin',
    updated_at: '2026-03-02T09:00:00.000Z',
    has_pdf: true,
    actions: {
      edit: false,
      delete: false,
      issue: false,
      void: true,
      pay: true,
      credit_note: true,
      send: true,
      download: true,
    },
  });
}

type Cell = string | { text?: unknown };
const cellText = (cell: Cell): string => (typeof cell === 'string' ? cell : String(cell.text ?? ''));

/** The PDF's tables as rows of text, read from the document definition pdfmake renders. */
function pdfTables(invoice: InvoiceDetail): string[][][] {
  const def = pdfDefinition(invoice, SETTINGS);
  const content = def.content as { table?: { body: Cell[][] } }[];
  return content.filter((c) => c.table).map((c) => c.table!.body.map((row) => row.map(cellText)));
}

/** Every output's totals of one invoice, each read back from its text. */
export function outputTotals(invoice: InvoiceDetail) {
  const c = invoice.currency;
  const [linesTable, totalsTable] = pdfTables(invoice) as [string[][], string[][]];
  const pdfTotal = (label: string) => minorOfFormatted(totalsTable.find((r) => r[0] === label)![1]!);
  const docx = invoiceTable(invoice);
  const docxTotal = (label: string) => minorOfFormatted(docx.totals.find(([l]) => l === label)![1]);
  const sheet = invoiceSheetRows(invoice);
  const sheetRow = (label: string) => sheet.find((r) => r[2] === label)!;
  const ledes = invoiceLedes(invoice, SETTINGS).split('\r\n').filter(Boolean);
  const fields = ledes.slice(2).map((line) => line.replace(/\[\]$/, '').split('|'));
  const field = (name: (typeof LEDES_FIELDS)[number]) => LEDES_FIELDS.indexOf(name);
  return {
    api: {
      lines: invoice.lines.map((l) => l.amount_minor),
      taxes: invoice.lines.map((l) => l.tax_minor),
      subtotal: invoice.subtotal_minor,
      tax: invoice.tax_minor,
      total: invoice.total_minor,
    },
    pdf: {
      lines: linesTable.slice(1).map((r) => minorOfFormatted(r.at(-1)!)),
      subtotal: pdfTotal('Subtotal'),
      tax: pdfTotal('Tax'),
      total: pdfTotal('Total'),
      balance: pdfTotal('Balance due'),
    },
    docx: {
      lines: docx.rows.map((r) => minorOfFormatted(r.at(-1)!)),
      subtotal: docxTotal('Subtotal'),
      tax: docxTotal('Tax'),
      total: docxTotal('Total'),
    },
    sheet: {
      lines: sheet.slice(1, -3).map((r) => minorOfDecimal(r[7]!, c)),
      taxes: sheet.slice(1, -3).map((r) => minorOfDecimal(r[8]!, c)),
      subtotal: minorOfDecimal(sheetRow('Subtotal')[7]!, c),
      tax: minorOfDecimal(sheetRow('Tax')[8]!, c),
      total: minorOfDecimal(sheetRow('Total')[7]!, c),
    },
    ledes: {
      lines: fields.map((f) => minorOfDecimal(f[field('LINE_ITEM_TOTAL')]!, c)),
      totals: [...new Set(fields.map((f) => minorOfDecimal(f[field('INVOICE_TOTAL')]!, c)))],
    },
  };
}

describe('the same totals in every output, over 10,000 generated invoices', () => {
  it('API answer, PDF, .docx, .xlsx/.csv and LEDES agree with the rounding rule', () => {
    const seen = new Set<InvoiceCurrency>();
    let withNineNineSevenFive = 0;
    let index = 0;
    fc.assert(
      fc.property(genInvoice(), (gen) => {
        const want = expectedTotals(gen);
        const invoice = detailOf(gen, (index += 1));
        const out = outputTotals(invoice);
        seen.add(gen.currency);
        if (gen.lines.some((l) => l.tax_rate_milli === 9975)) withNineNineSevenFive += 1;
        const lines = want.lines.map((l) => l.amount);
        expect(out.api).toEqual({
          lines,
          taxes: want.lines.map((l) => l.tax),
          subtotal: want.subtotal,
          tax: want.tax,
          total: want.total,
        });
        expect(out.pdf).toEqual({
          lines,
          subtotal: want.subtotal,
          tax: want.tax,
          total: want.total,
          balance: want.total,
        });
        expect(out.docx).toEqual({ lines, subtotal: want.subtotal, tax: want.tax, total: want.total });
        expect(out.sheet).toEqual({
          lines,
          taxes: want.lines.map((l) => l.tax),
          subtotal: want.subtotal,
          tax: want.tax,
          total: want.total,
        });
        expect(out.ledes).toEqual({ lines, totals: [want.total] });
      }),
      { numRuns: 10_000, seed: 16_2026 },
    );
    expect([...seen].sort()).toEqual([...INVOICE_CURRENCIES].sort());
    expect(withNineNineSevenFive).toBeGreaterThan(1_000);
    // 10,000 invoices through every output: seconds on an idle machine, several times that beside other files.
  }, 90_000);
});
