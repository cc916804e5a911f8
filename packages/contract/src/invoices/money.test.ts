import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  billedMinutes,
  formatMoney,
  invoiceTotals,
  milliToDecimal,
  minutesToQuantityMilli,
  parseDecimal,
  parseMoney,
  parsePercent,
  parseQuantity,
  sumMinor,
  toDecimalString,
  type MoneyLine,
} from './money.ts';
import { INVOICE_CURRENCIES } from './limits.ts';

const fee = (quantity_milli: number, unit_price_minor: number, tax_rate_milli = 0): MoneyLine => ({
  kind: 'fixed_fee',
  quantity_milli,
  unit_price_minor,
  tax_rate_milli,
});

describe('parsing typed amounts', () => {
  it('reads decimals exactly, in the currency minor unit', () => {
    expect(parseMoney('250.00', 'USD')).toBe(25000);
    expect(parseMoney('250', 'USD')).toBe(25000);
    expect(parseMoney('0.1', 'EUR')).toBe(10);
    expect(parseMoney('1234567.89', 'GBP')).toBe(123456789);
    expect(parseMoney('250', 'JPY')).toBe(250);
    expect(parseMoney('250.5', 'JPY')).toBeNull();
    expect(parseMoney('1.005', 'USD')).toBeNull();
    expect(parseMoney('-1', 'USD')).toBeNull();
    expect(parseMoney('1e3', 'USD')).toBeNull();
    expect(parseMoney('', 'USD')).toBeNull();
  });
  it('reads quantities and percentages in thousandths', () => {
    expect(parseQuantity('1.5')).toBe(1500);
    expect(parseQuantity('0.001')).toBe(1);
    expect(parseQuantity('0.0001')).toBeNull();
    expect(parsePercent('9.975')).toBe(9975);
    expect(parsePercent('20')).toBe(20000);
    expect(parseDecimal('-2.5', 3, { negative: true })).toBe(-2500);
    expect(parseDecimal('-2.5', 3)).toBeNull();
    expect(milliToDecimal(9975)).toBe('9.975');
    expect(milliToDecimal(20000)).toBe('20');
    expect(milliToDecimal(-1500)).toBe('-1.5');
  });
});

describe('formatting', () => {
  it('formats for people and as plain decimals', () => {
    expect(formatMoney(123450, 'USD')).toBe('$1,234.50');
    expect(formatMoney(-5, 'USD')).toBe('-$0.05');
    expect(formatMoney(1200, 'JPY')).toBe('¥1,200');
    expect(formatMoney(9007199254740991, 'USD')).toBe('$90,071,992,547,409.91');
    expect(toDecimalString(123450, 'USD')).toBe('1234.50');
    expect(toDecimalString(-5, 'EUR')).toBe('-0.05');
    expect(toDecimalString(1200, 'JPY')).toBe('1200');
  });
});

describe('the rounding rule', () => {
  it('rounds raw time up to the billing increment', () => {
    expect(billedMinutes(0, 6)).toBe(0);
    expect(billedMinutes(1, 6)).toBe(6);
    expect(billedMinutes(360, 6)).toBe(6);
    expect(billedMinutes(361, 6)).toBe(12);
    expect(billedMinutes(3600, 15)).toBe(60);
    expect(minutesToQuantityMilli(90)).toBe(1500);
    expect(minutesToQuantityMilli(7)).toBe(117);
  });

  it('bills time at minutes × rate / 60, half up', () => {
    // 7 minutes at 250.00/h = 29.1666… → 29.17
    const t = invoiceTotals(
      [{ kind: 'time', quantity_milli: 117, unit_price_minor: 25000, tax_rate_milli: 0, billed_minutes: 7 }],
      'USD',
    );
    expect(t.lines[0]).toEqual({ amount_minor: 2917, tax_minor: 0 });
    // 1 minute at 0.30/h = 0.005 → 0.01 (half up)
    expect(
      invoiceTotals(
        [{ kind: 'time', quantity_milli: 17, unit_price_minor: 30, tax_rate_milli: 0, billed_minutes: 1 }],
        'USD',
      ).lines[0]?.amount_minor,
    ).toBe(1);
  });

  it('taxes each line once, 9.975 % included, and sums', () => {
    // 1.5 × 33.33 = 49.995 → 50.00; tax 9.975 % of 50.00 = 4.9875 → 4.99
    const t = invoiceTotals([fee(1500, 3333, 9975), fee(1000, 1000, 20000)], 'CAD');
    expect(t.lines).toEqual([
      { amount_minor: 5000, tax_minor: 499 },
      { amount_minor: 1000, tax_minor: 200 },
    ]);
    expect(t.subtotal_minor).toBe(6000);
    expect(t.tax_minor).toBe(699);
    expect(t.total_minor).toBe(6699);
    expect(t.tax_by_rate).toEqual([
      { tax_rate_milli: 9975, base_minor: 5000, tax_minor: 499 },
      { tax_rate_milli: 20000, base_minor: 1000, tax_minor: 200 },
    ]);
  });

  it('takes discounts off as negative lines, as an amount or a percentage of the other lines', () => {
    const t = invoiceTotals(
      [
        fee(1000, 10001, 20000),
        {
          kind: 'discount',
          quantity_milli: 1000,
          unit_price_minor: 0,
          tax_rate_milli: 20000,
          discount_percent_milli: 12500,
        },
        { kind: 'discount', quantity_milli: 1000, unit_price_minor: 100, tax_rate_milli: 0 },
      ],
      'USD',
    );
    // 12.5 % of 100.01 = 12.50125 → 12.50; its tax −2.50
    expect(t.lines[1]).toEqual({ amount_minor: -1250, tax_minor: -250 });
    expect(t.lines[2]).toEqual({ amount_minor: -100, tax_minor: 0 });
    expect(t.subtotal_minor).toBe(10001 - 1250 - 100);
  });

  it('rounds negatives half away from zero, so a credit note mirrors its invoice exactly', () => {
    const lines = [fee(1500, 3333, 9975), fee(333, 1001, 5000)];
    const credit = lines.map((l) => ({ ...l, unit_price_minor: -l.unit_price_minor }));
    const a = invoiceTotals(lines, 'USD');
    const b = invoiceTotals(credit, 'USD');
    expect(b.total_minor).toBe(-a.total_minor);
    expect(b.tax_minor).toBe(-a.tax_minor);
  });

  it('uses no minor unit for JPY', () => {
    const t = invoiceTotals([fee(1500, 333, 10000)], 'JPY');
    // 1.5 × 333 = 499.5 → 500; tax 10 % = 50
    expect(t.lines[0]).toEqual({ amount_minor: 500, tax_minor: 50 });
  });
});

/** The same rule written out with plain bigint arithmetic, as the reference the property test checks against. */
function reference(lines: MoneyLine[]): { amounts: bigint[]; taxes: bigint[] } {
  const div = (n: bigint, d: bigint): bigint => {
    const q = n / d;
    const r = n % d;
    if (r === 0n) return q;
    const twice = (r < 0n ? -r : r) * 2n;
    return twice >= d ? q + (n < 0n ? -1n : 1n) : q;
  };
  const raw = (l: MoneyLine): bigint =>
    l.kind === 'time'
      ? div(BigInt(l.billed_minutes ?? 0) * BigInt(l.unit_price_minor), 60n)
      : div(BigInt(l.quantity_milli) * BigInt(l.unit_price_minor), 1000n);
  const base = lines.filter((l) => l.kind !== 'discount').reduce((s, l) => s + raw(l), 0n);
  const amounts = lines.map((l) =>
    l.kind === 'discount'
      ? l.discount_percent_milli != null
        ? -div(base * BigInt(l.discount_percent_milli), 100_000n)
        : -raw(l)
      : raw(l),
  );
  return { amounts, taxes: lines.map((l, i) => div(amounts[i]! * BigInt(l.tax_rate_milli), 100_000n)) };
}

export const moneyLineArbitrary: fc.Arbitrary<MoneyLine> = fc.oneof(
  fc.record({
    kind: fc.constant('time' as const),
    billed_minutes: fc.integer({ min: 0, max: 24 * 60 }),
    unit_price_minor: fc.integer({ min: 0, max: 100_000_00 }),
    tax_rate_milli: fc.constantFrom(0, 5000, 9975, 13000, 20000, 7125),
    quantity_milli: fc.constant(0),
  }),
  fc.record({
    kind: fc.constantFrom('fixed_fee' as const, 'expense' as const),
    quantity_milli: fc.integer({ min: 1, max: 10_000_000 }),
    unit_price_minor: fc.integer({ min: 0, max: 10_000_000 }),
    tax_rate_milli: fc.integer({ min: 0, max: 100_000 }),
  }),
  fc.record({
    kind: fc.constant('discount' as const),
    quantity_milli: fc.constant(1000),
    unit_price_minor: fc.integer({ min: 0, max: 100_000 }),
    tax_rate_milli: fc.constantFrom(0, 9975, 20000),
    discount_percent_milli: fc.option(fc.integer({ min: 0, max: 100_000 }), { nil: null }),
  }),
);

describe('invoiceTotals (property)', () => {
  it('equals the rule written out in bigint, and its totals are the sums of its lines', () => {
    fc.assert(
      fc.property(
        fc.array(moneyLineArbitrary, { minLength: 0, maxLength: 30 }),
        fc.constantFrom(...INVOICE_CURRENCIES),
        (lines, currency) => {
          const t = invoiceTotals(lines, currency);
          const ref = reference(lines);
          expect(t.lines.map((l) => BigInt(l.amount_minor))).toEqual(ref.amounts);
          expect(t.lines.map((l) => BigInt(l.tax_minor))).toEqual(ref.taxes);
          const amounts = t.lines.map((l) => l.amount_minor);
          const taxes = t.lines.map((l) => l.tax_minor);
          expect(t.subtotal_minor).toBe(sumMinor(amounts, currency));
          expect(t.tax_minor).toBe(sumMinor(taxes, currency));
          expect(t.total_minor).toBe(t.subtotal_minor + t.tax_minor);
          expect(
            sumMinor(
              t.tax_by_rate.map((r) => r.tax_minor),
              currency,
            ),
          ).toBe(t.tax_minor);
          expect(
            sumMinor(
              t.tax_by_rate.map((r) => r.base_minor),
              currency,
            ),
          ).toBe(t.subtotal_minor);
          // A credit note of every line is the exact negative.
          const negated = invoiceTotals(
            lines.map((l) => ({ ...l, unit_price_minor: -l.unit_price_minor })),
            currency,
          );
          expect(negated.total_minor).toBe(-t.total_minor || 0);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('parses back what it formats', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 12 }), fc.constantFrom(...INVOICE_CURRENCIES), (minor, currency) => {
        expect(parseMoney(toDecimalString(minor, currency), currency)).toBe(minor);
      }),
    );
  });
});
