/**
 * Money: the one module that computes every invoice total (docs/invoices.md "Money and the rounding rule").
 * Amounts are integers in minor units with an ISO-4217 currency; arithmetic runs in dinero.js on bigint, so
 * nothing is ever a float, and every rounding is dinero's `halfAwayFromZero` (half-up for positive amounts,
 * the mirror image for negative ones, so a credit note is exactly the negative of what it credits).
 * The web (live totals), the server (stored totals), the PDF, the .docx, the .xlsx/.csv and LEDES all read
 * the result of `invoiceTotals` and format with `formatMoney` / `toDecimalString`.
 */
import {
  add,
  calculator,
  dinero,
  halfAwayFromZero,
  multiply,
  toDecimal,
  toSnapshot,
  transformScale,
  type Dinero,
  type DineroCurrency,
} from 'dinero.js/bigint';
import { AUD, CAD, CHF, EUR, GBP, INR, JPY, USD } from 'dinero.js/bigint/currencies';
import type { InvoiceCurrency, InvoiceLineKind } from './limits.ts';

const CURRENCIES: Record<InvoiceCurrency, DineroCurrency<bigint>> = { USD, EUR, GBP, CAD, AUD, CHF, INR, JPY };

/** The dinero currency of a supported code. */
export function currencyOf(code: string): DineroCurrency<bigint> {
  const currency = (CURRENCIES as Record<string, DineroCurrency<bigint>>)[code];
  if (!currency) throw new Error(`Unsupported currency ${code}`);
  return currency;
}

/** Decimal places of the currency's minor unit (2 for USD, 0 for JPY). */
export function currencyDecimals(code: string): number {
  return Number(currencyOf(code).exponent);
}

type Money = Dinero<bigint>;
const money = (minor: bigint | number, code: string): Money =>
  dinero({ amount: BigInt(minor), currency: currencyOf(code) });

/** Back to a JS number; refuses what a number cannot hold exactly (the service answers 400 before). */
function toSafeNumber(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < -BigInt(Number.MAX_SAFE_INTEGER))
    throw new RangeError('Amount out of the safe integer range');
  return Number(value);
}
const minorOf = (m: Money): number => toSafeNumber(toSnapshot(m).amount);

/** Round a scaled amount to the currency's minor unit, half away from zero. */
function round(m: Money, code: string): Money {
  return transformScale(m, currencyOf(code).exponent, halfAwayFromZero);
}

// ---- Parsing typed decimals ------------------------------------------------------------------------------

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

/**
 * A typed decimal ('1.5', '9.975', '250') as an integer scaled by 10^places (1.5, 3 → 1500), exactly; null
 * when it is not a plain decimal or has more than `places` decimals (typed amounts are never rounded).
 */
export function parseDecimal(text: string, places: number, { negative = false } = {}): number | null {
  const match = DECIMAL.exec(text.trim());
  if (!match) return null;
  const [, sign, whole, fraction = ''] = match;
  if (sign && !negative) return null;
  if (fraction.length > places) return null;
  const scaled = BigInt(whole + fraction.padEnd(places, '0'));
  if (scaled > BigInt(Number.MAX_SAFE_INTEGER)) return null;
  const value = Number(scaled);
  return sign ? -value : value;
}

/** A typed amount ('250.00') in minor units of `currency` (250.00 USD → 25000; 250 JPY → 250); null if invalid. */
export function parseMoney(text: string, currency: string): number | null {
  const match = DECIMAL.exec(text.trim());
  if (!match) return null;
  const [, sign, whole, fraction = ''] = match;
  if (sign) return null;
  const exponent = currencyDecimals(currency);
  if (fraction.length > exponent) return null;
  // The typed decimal as dinero at its own scale, brought to the currency's scale (exact: scale only grows).
  const typed = dinero({
    amount: BigInt(whole + fraction),
    currency: currencyOf(currency),
    scale: BigInt(fraction.length),
  });
  const minor = toSnapshot(transformScale(typed, BigInt(exponent))).amount;
  return minor > BigInt(Number.MAX_SAFE_INTEGER) ? null : Number(minor);
}

/** A quantity in thousandths ('1.5' → 1500). */
export const parseQuantity = (text: string): number | null => parseDecimal(text, 3);
/** A percentage in thousandths of a percent ('9.975' → 9975, '20' → 20000). */
export const parsePercent = (text: string): number | null => parseDecimal(text, 3);

/** Thousandths back to a plain decimal with no trailing zeros (1500 → '1.5', 9975 → '9.975'). */
export function milliToDecimal(milli: number): string {
  const sign = milli < 0 ? '-' : '';
  const abs = Math.abs(milli);
  const whole = Math.trunc(abs / 1000);
  const fraction = String(abs % 1000)
    .padStart(3, '0')
    .replace(/0+$/, '');
  return fraction ? `${sign}${whole}.${fraction}` : `${sign}${whole}`;
}

// ---- Formatting ------------------------------------------------------------------------------------------

/** The amount as a plain decimal with the currency's places ('1234.50', '-0.05', JPY '1200'): LEDES, CSV. */
export function toDecimalString(minor: number, currency: string): string {
  return toDecimal(money(minor, currency));
}

const formatters = new Map<string, Intl.NumberFormat>();
/** The amount for people ('$1,234.50', '-€0.05', '¥1,200'): the screen, the PDF, the .docx, the .xlsx. */
export function formatMoney(minor: number, currency: string, locale = 'en-US'): string {
  const key = `${locale}|${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    const places = currencyDecimals(currency);
    formatter = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: places,
      maximumFractionDigits: places,
    });
    formatters.set(key, formatter);
  }
  // Intl formats a decimal string exactly (no float on the way).
  return formatter.format(toDecimalString(minor, currency) as unknown as number);
}

// ---- The rounding rule ------------------------------------------------------------------------------------

/** Rule 1: raw seconds round UP to the billing increment (minutes); 0 seconds bill 0. */
export function billedMinutes(rawSeconds: number, incrementMinutes: number): number {
  if (rawSeconds <= 0) return 0;
  const step = incrementMinutes * 60;
  return Math.ceil(rawSeconds / step) * incrementMinutes;
}

/** Billed minutes as hours in thousandths, half away from zero (90 → 1500; 7 → 117): display and LEDES units. */
export function minutesToQuantityMilli(minutes: number): number {
  return toSafeNumber(halfAwayFromZero(BigInt(minutes) * 1000n, 60n, calculator));
}

/** What `invoiceTotals` needs of a line. */
export interface MoneyLine {
  kind: InvoiceLineKind;
  /** Thousandths of a unit (fixed fee, expense, discount); for time, hours derived from `billed_minutes`. */
  quantity_milli: number;
  /** Minor units per unit; for time, the hourly rate. Negative on a credit note. */
  unit_price_minor: number;
  /** Thousandths of a percent (9.975 % → 9975). */
  tax_rate_milli: number;
  /** Time lines: the amount is billed_minutes × rate / 60. */
  billed_minutes?: number | null;
  /** Discount lines: a percentage (thousandths) of the sum of the non-discount lines, instead of an amount. */
  discount_percent_milli?: number | null;
}

export interface LineTotals {
  amount_minor: number;
  tax_minor: number;
}
export interface TaxByRate {
  tax_rate_milli: number;
  base_minor: number;
  tax_minor: number;
}
export interface InvoiceTotals {
  lines: LineTotals[];
  subtotal_minor: number;
  tax_minor: number;
  total_minor: number;
  tax_by_rate: TaxByRate[];
}

/** Rule 4: a line's tax = amount × rate, half away from zero, once per line. */
function lineTax(amount: Money, rateMilli: number, code: string): Money {
  return round(multiply(amount, { amount: BigInt(rateMilli), scale: 5n }), code);
}

/** Rules 1–3: a line's amount before tax. `discountBase` is the sum of the non-discount lines. */
function lineAmount(line: MoneyLine, code: string, discountBase: Money): Money {
  const price = money(line.unit_price_minor, code);
  switch (line.kind) {
    case 'time': {
      // billed_minutes × hourly rate / 60, half away from zero.
      const scaled = multiply(price, BigInt(line.billed_minutes ?? 0));
      const amount = halfAwayFromZero(toSnapshot(scaled).amount, 60n, calculator);
      return money(amount, code);
    }
    case 'discount': {
      if (line.discount_percent_milli != null) {
        const off = round(multiply(discountBase, { amount: BigInt(line.discount_percent_milli), scale: 5n }), code);
        return multiply(off, -1n);
      }
      return multiply(round(multiply(price, { amount: BigInt(line.quantity_milli), scale: 3n }), code), -1n);
    }
    default:
      return round(multiply(price, { amount: BigInt(line.quantity_milli), scale: 3n }), code);
  }
}

/**
 * Every total of an invoice from its lines (rule 5): each line's amount and tax, the subtotal (Σ amounts),
 * the tax (Σ line taxes), the total, and the tax grouped by rate (for the PDF and LEDES). Pure: the web's
 * live totals and the server's stored totals are this function's answer for the same lines.
 */
export function invoiceTotals(lines: readonly MoneyLine[], currency: string): InvoiceTotals {
  const zero = money(0, currency);
  let base = zero;
  for (const line of lines) if (line.kind !== 'discount') base = add(base, lineAmount(line, currency, zero));
  let subtotal = zero;
  let tax = zero;
  const byRate = new Map<number, { base: Money; tax: Money }>();
  const out: LineTotals[] = [];
  for (const line of lines) {
    const amount = lineAmount(line, currency, base);
    const t = lineTax(amount, line.tax_rate_milli, currency);
    subtotal = add(subtotal, amount);
    tax = add(tax, t);
    const group = byRate.get(line.tax_rate_milli) ?? { base: zero, tax: zero };
    byRate.set(line.tax_rate_milli, { base: add(group.base, amount), tax: add(group.tax, t) });
    out.push({ amount_minor: minorOf(amount), tax_minor: minorOf(t) });
  }
  return {
    lines: out,
    subtotal_minor: minorOf(subtotal),
    tax_minor: minorOf(tax),
    total_minor: minorOf(add(subtotal, tax)),
    tax_by_rate: [...byRate.entries()]
      .sort(([a], [b]) => a - b)
      .map(([rate, g]) => ({ tax_rate_milli: rate, base_minor: minorOf(g.base), tax_minor: minorOf(g.tax) })),
  };
}

/** Σ of minor amounts in dinero (payments, credits, balances), never a float. */
export function sumMinor(amounts: readonly number[], currency: string): number {
  return minorOf(amounts.reduce<Money>((sum, a) => add(sum, money(a, currency)), money(0, currency)));
}
