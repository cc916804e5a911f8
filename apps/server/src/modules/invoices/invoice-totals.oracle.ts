/**
 * The property tests' generator and oracle: the rounding rule of docs/invoices.md written out in plain bigint,
 * independently of the contract's `invoiceTotals` (dinero.js), and readers of amounts as outputs print them.
 */
import { INVOICE_CURRENCIES, currencyDecimals, type InvoiceCurrency, type MoneyLine } from '@lexdesk/contract';
import fc from 'fast-check';

export interface GenLine extends MoneyLine {
  raw_seconds?: number | null;
}
export interface GenInvoice {
  currency: InvoiceCurrency;
  lines: GenLine[];
}

/** Tax rates: the ones firms use (9.975 % Québec QST among them) and any rate 0–100 % in thousandths. */
const taxRate = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(0, 5_000, 7_700, 8_875, 9_975, 13_000, 14_975, 20_000) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 100_000 }) },
);
/** Minor units: mostly everyday amounts, sometimes up to ten million units of the currency. */
const price = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 1, max: 100_000 }) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 1_000_000_000 }) },
);
/** Thousandths: 0.001 to 1000 units. */
const quantity = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: 1, max: 10 }).map((q) => q * 1000) },
  { weight: 2, arbitrary: fc.integer({ min: 1, max: 1_000_000 }) },
);
const INCREMENT = 6;

const timeLine: fc.Arbitrary<GenLine> = fc
  .record({ raw: fc.integer({ min: 1, max: 36_000 }), rate: price, tax: taxRate })
  .map(({ raw, rate, tax }) => {
    const billed = Math.ceil(raw / (INCREMENT * 60)) * INCREMENT;
    return {
      kind: 'time',
      raw_seconds: raw,
      billed_minutes: billed,
      quantity_milli: Number((BigInt(billed) * 1000n * 2n + 60n) / 120n),
      unit_price_minor: rate,
      tax_rate_milli: tax,
    };
  });
const pricedLine = (kind: 'expense' | 'fixed_fee'): fc.Arbitrary<GenLine> =>
  fc.record({ q: quantity, p: price, tax: taxRate }).map(({ q, p, tax }) => ({
    kind,
    quantity_milli: q,
    unit_price_minor: p,
    tax_rate_milli: tax,
  }));
const discountLine: fc.Arbitrary<GenLine> = fc.oneof(
  fc.record({ p: price, tax: taxRate }).map(({ p, tax }) => ({
    kind: 'discount' as const,
    quantity_milli: 1000,
    unit_price_minor: p,
    tax_rate_milli: tax,
    discount_percent_milli: null,
  })),
  fc.record({ pct: fc.integer({ min: 0, max: 100_000 }), tax: taxRate }).map(({ pct, tax }) => ({
    kind: 'discount' as const,
    quantity_milli: 1000,
    unit_price_minor: 0,
    tax_rate_milli: tax,
    discount_percent_milli: pct,
  })),
);

/** An invoice: a currency and 1–12 lines of every kind. */
export const genInvoice = (maxLines = 12): fc.Arbitrary<GenInvoice> =>
  fc.record({
    currency: fc.constantFrom(...INVOICE_CURRENCIES),
    lines: fc.array(
      fc.oneof(
        { weight: 3, arbitrary: timeLine },
        { weight: 2, arbitrary: pricedLine('expense') },
        { weight: 2, arbitrary: pricedLine('fixed_fee') },
        { weight: 1, arbitrary: discountLine },
      ),
      { minLength: 1, maxLength: maxLines },
    ),
  });

/** n / d rounded half away from zero (d > 0). */
function divRound(n: bigint, d: bigint): bigint {
  const q = (2n * (n < 0n ? -n : n) + d) / (2n * d);
  return n < 0n ? -q : q;
}

/** The rounding rule, by hand: each line's amount and tax, subtotal, tax, total (minor units). */
export function expectedTotals(gen: GenInvoice) {
  const amountOf = (l: GenLine, base: bigint): bigint => {
    if (l.kind === 'time') return divRound(BigInt(l.billed_minutes!) * BigInt(l.unit_price_minor), 60n);
    if (l.kind === 'discount')
      return l.discount_percent_milli != null
        ? -divRound(base * BigInt(l.discount_percent_milli), 100_000n)
        : -divRound(BigInt(l.quantity_milli) * BigInt(l.unit_price_minor), 1000n);
    return divRound(BigInt(l.quantity_milli) * BigInt(l.unit_price_minor), 1000n);
  };
  const base = gen.lines.filter((l) => l.kind !== 'discount').reduce((s, l) => s + amountOf(l, 0n), 0n);
  const lines = gen.lines.map((l) => {
    const amount = amountOf(l, base);
    return { amount, tax: divRound(amount * BigInt(l.tax_rate_milli), 100_000n) };
  });
  const subtotal = lines.reduce((s, l) => s + l.amount, 0n);
  const tax = lines.reduce((s, l) => s + l.tax, 0n);
  const n = (v: bigint) => Number(v);
  return {
    lines: lines.map((l) => ({ amount: n(l.amount), tax: n(l.tax) })),
    subtotal: n(subtotal),
    tax: n(tax),
    total: n(subtotal + tax),
  };
}

/** A plain decimal ('1234.50', '-0.05', JPY '1200') in minor units, checking the currency's places. */
export function minorOfDecimal(text: string, currency: string): number {
  const places = currencyDecimals(currency);
  const match = /^(-)?(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match || (match[3] ?? '').length !== places) throw new Error(`not a ${currency} amount: '${text}'`);
  const value = BigInt(match[2]! + (match[3] ?? ''));
  return Number(match[1] ? -value : value);
}

/** An amount formatted for people ('$1,234.50', '-CHF 0.05', '¥1,200', '₹1,234.50') in minor units. */
export function minorOfFormatted(text: string): number {
  const digits = text.replace(/[^\d]/g, '');
  if (!digits) throw new Error(`no amount in '${text}'`);
  const value = BigInt(digits);
  return Number(/[-−]/.test(text) ? -value : value);
}
