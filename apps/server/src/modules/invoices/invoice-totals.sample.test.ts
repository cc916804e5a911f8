/**
 * The property test's sample through the API and the real bytes (issue 16 "Done when"): 30 generated
 * invoices are drafted through POST invoice/ (time entries approved through the tasks API, expenses, fixed
 * fees and discounts), issued, and every file is downloaded and read back: the stored PDF with pdftotext, the
 * .docx's XML text, the .xlsx with exceljs, the .csv and LEDES. Each total equals the rounding rule by hand.
 */
import {
  currencyDecimals,
  milliToDecimal,
  toDecimalString,
  type InvoiceCurrency,
  type InvoiceDetail,
  type InvoiceSaved,
  type TaskSaved,
  type TimeEntrySaved,
} from '@lexdesk/contract';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import PizZip from 'pizzip';
import { expect, it } from 'vitest';
import { describeEachDatabase, type Harness } from '../../../test/harness.ts';
import { pdfText } from '../../platform/conversion/pdf-text.ts';
import { tokensOf } from '../tasks/task-test-helpers.ts';
import { LEDES_FIELDS } from './invoice-outputs.ts';
import { account, caseOf, expenseOf, unique } from './invoice-test-helpers.ts';
import {
  expectedTotals,
  genInvoice,
  minorOfDecimal,
  minorOfFormatted,
  type GenInvoice,
} from './invoice-totals.oracle.ts';

const SAMPLE = 30;

/** A generated invoice made enterable: whole minutes, one rate and tax for the time, at most 2 entries. */
function enterable(gen: GenInvoice): GenInvoice {
  const time = gen.lines.filter((l) => l.kind === 'time').slice(0, 2);
  const rate = time[0]?.unit_price_minor ?? 0;
  const tax = time[0]?.tax_rate_milli ?? 0;
  const timeLines = time.map((l) => {
    const minutes = Math.min(600, Math.max(1, Math.ceil(l.raw_seconds! / 60)));
    const billed = Math.ceil(minutes / 6) * 6;
    return {
      ...l,
      raw_seconds: minutes * 60,
      billed_minutes: billed,
      unit_price_minor: rate,
      tax_rate_milli: tax,
    };
  });
  // The server's order: time, expenses (by date, then id), typed lines.
  return {
    currency: gen.currency,
    lines: [
      ...timeLines,
      ...gen.lines.filter((l) => l.kind === 'expense'),
      ...gen.lines.filter((l) => l.kind === 'fixed_fee' || l.kind === 'discount'),
    ],
  };
}

/** The amount printed after a label at the start of a line of the PDF's text ('Subtotal   $1,234.50'). */
function pdfAmount(text: string, label: string): number {
  const line = text
    .split('\n')
    .map((l) => l.trim())
    .find((l) => new RegExp(`^${label}\\s{2,}\\S`).test(l));
  if (!line) throw new Error(`no ${label} in the PDF:\n${text}`);
  return minorOfFormatted(line.slice(label.length));
}

function docxTexts(docx: Buffer): string[] {
  const xml = new PizZip(docx).file('word/document.xml')!.asText();
  return [...xml.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]!);
}

async function build(h: Harness, token: string, gen: GenInvoice, index: number, accounts: Map<string, Acc>) {
  let acc = accounts.get(gen.currency);
  if (!acc) {
    const caseId = await caseOf(h, token);
    const created = await account(h, token, [caseId], { currency: gen.currency, hourly_rate: '0' });
    acc = { id: created.id, caseId };
    accounts.set(gen.currency, acc);
  }
  const c = gen.currency;
  const date = new Date(Date.UTC(2026, 0, 5 + index)).toISOString().slice(0, 10);
  const timeIds: number[] = [];
  for (const l of gen.lines.filter((x) => x.kind === 'time')) {
    const task = await h.request('POST', '/api/task/', { token, body: { title: unique('Task'), case_id: acc.caseId } });
    expect(task.statusCode, task.body).toBe(201);
    const entry = await h.request('POST', '/api/time-entry/', {
      token,
      body: { task_id: task.json<TaskSaved>().id, duration: `${l.raw_seconds! / 60}m`, date },
    });
    expect(entry.statusCode, entry.body).toBe(201);
    timeIds.push(entry.json<TimeEntrySaved>().entry.id);
  }
  if (timeIds.length > 0) {
    const ok = await h.request('POST', '/api/time-entry/approve/', { token, body: { entry_ids: timeIds } });
    expect(ok.statusCode, ok.body).toBe(200);
  }
  const expenseIds: number[] = [];
  for (const l of gen.lines.filter((x) => x.kind === 'expense'))
    expenseIds.push(
      await expenseOf(h, token, acc.id, {
        case_id: acc.caseId,
        date,
        amount: toDecimalString(l.unit_price_minor, c),
        quantity: milliToDecimal(l.quantity_milli),
        tax_rate: milliToDecimal(l.tax_rate_milli),
      }),
    );
  const time = gen.lines.find((l) => l.kind === 'time');
  const res = await h.request('POST', '/api/invoice/', {
    token,
    body: {
      account_id: acc.id,
      case_id: acc.caseId,
      time_entry_ids: timeIds,
      expense_ids: expenseIds,
      ...(time
        ? { hourly_rate: toDecimalString(time.unit_price_minor, c), time_tax_rate: milliToDecimal(time.tax_rate_milli) }
        : {}),
      lines: gen.lines
        .filter((l) => l.kind === 'fixed_fee' || l.kind === 'discount')
        .map((l) => ({
          kind: l.kind,
          description: unique(l.kind),
          tax_rate: milliToDecimal(l.tax_rate_milli),
          ...(l.discount_percent_milli != null
            ? { discount_percent: milliToDecimal(l.discount_percent_milli) }
            : { quantity: milliToDecimal(l.quantity_milli), unit_price: toDecimalString(l.unit_price_minor, c) }),
        })),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<InvoiceSaved>().invoice;
}
interface Acc {
  id: number;
  caseId: number;
}

describeEachDatabase('invoice totals: a generated sample through the API and the real files', (h) => {
  it(`finds the rule's totals in the API answer, the stored PDF, .docx, .xlsx, .csv and LEDES (${SAMPLE} invoices)`, async () => {
    const { admin } = await tokensOf(h());
    const sample = fc
      .sample(genInvoice(6), { numRuns: 400, seed: 2026_16 })
      .map(enterable)
      .filter((g) => expectedTotals(g).total > 0)
      .filter((g, i, all) => all.findIndex((x) => x.currency === g.currency) === i || i % 5 === 0)
      .slice(0, SAMPLE);
    expect(sample).toHaveLength(SAMPLE);
    expect(new Set(sample.map((g) => g.currency)).size).toBe(8);
    const accounts = new Map<string, Acc>();
    const get = async (id: number, format: string) => {
      const res = await h().request('GET', `/api/invoice/${id}/download/`, { token: admin, query: { format } });
      expect(res.statusCode, res.body).toBe(200);
      return res.rawPayload;
    };
    for (const [index, gen] of sample.entries()) {
      const want = expectedTotals(gen);
      const c: InvoiceCurrency = gen.currency;
      const drafted = await build(h(), admin, gen, index, accounts);
      const answer = (inv: InvoiceDetail) => ({
        lines: inv.lines.map((l) => ({ amount: l.amount_minor, tax: l.tax_minor })),
        subtotal: inv.subtotal_minor,
        tax: inv.tax_minor,
        total: inv.total_minor,
      });
      expect(answer(drafted)).toEqual(want);
      const issued = await h().request('POST', `/api/invoice/${drafted.id}/issue/`, { token: admin, body: {} });
      expect(issued.statusCode, issued.body).toBe(200);
      const invoice = issued.json<InvoiceSaved>().invoice;
      expect(answer(invoice)).toEqual(want);

      const pdf = await pdfText(await get(invoice.id, 'pdf'));
      expect(pdf).toContain(invoice.number!);
      expect(pdfAmount(pdf, 'Subtotal')).toBe(want.subtotal);
      expect(pdfAmount(pdf, 'Tax')).toBe(want.tax);
      expect(pdfAmount(pdf, 'Total')).toBe(want.total);
      expect(pdfAmount(pdf, 'Balance due')).toBe(want.total);

      const docx = docxTexts(await get(invoice.id, 'docx'));
      const after = (label: string) => minorOfFormatted(docx[docx.lastIndexOf(label) + 1]!);
      expect([after('Subtotal'), after('Tax'), after('Total')]).toEqual([want.subtotal, want.tax, want.total]);

      const book = new ExcelJS.Workbook();
      await book.xlsx.load((await get(invoice.id, 'xlsx')) as unknown as ArrayBuffer);
      const rows: unknown[][] = [];
      book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
      const places = currencyDecimals(c);
      const cell = (label: string, col: number) =>
        minorOfDecimal(Number(rows.find((r) => r[2] === label)![col]).toFixed(places), c);
      expect([cell('Subtotal', 7), cell('Tax', 8), cell('Total', 7)]).toEqual([want.subtotal, want.tax, want.total]);
      const xlsxLines = rows.slice(1, -3).map((r) => minorOfDecimal(Number(r[7]).toFixed(places), c));
      expect(xlsxLines).toEqual(want.lines.map((l) => l.amount));

      const csv = (await get(invoice.id, 'csv'))
        .toString('utf8')
        .replace(/^\uFEFF/, '')
        .split('\r\n')
        .filter(Boolean)
        .map((r) => r.split(','));
      const csvCell = (label: string, col: number) => minorOfDecimal(csv.find((r) => r[2] === label)![col]!, c);
      expect([csvCell('Subtotal', 7), csvCell('Tax', 8), csvCell('Total', 7)]).toEqual([
        want.subtotal,
        want.tax,
        want.total,
      ]);

      const ledes = (await get(invoice.id, 'ledes')).toString('utf8').split('\r\n').filter(Boolean);
      expect(ledes.slice(0, 2)).toEqual(['LEDES1998B[]', `${LEDES_FIELDS.join('|')}[]`]);
      const fields = ledes.slice(2).map((l) => l.replace(/\[\]$/, '').split('|'));
      const at = (name: (typeof LEDES_FIELDS)[number]) => LEDES_FIELDS.indexOf(name);
      expect(fields.map((f) => minorOfDecimal(f[at('LINE_ITEM_TOTAL')]!, c))).toEqual(want.lines.map((l) => l.amount));
      expect(new Set(fields.map((f) => minorOfDecimal(f[at('INVOICE_TOTAL')]!, c)))).toEqual(new Set([want.total]));
    }
  }, 120_000);
});
