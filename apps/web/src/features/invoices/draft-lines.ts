import {
  milliToDecimal,
  minutesToQuantityMilli,
  parseMoney,
  parsePercent,
  parseQuantity,
  toDecimalString,
  type InvoiceDetail,
  type InvoiceManualLineKind,
  type MoneyLine,
  type UnbilledWork,
} from '@lexdesk/contract';

// The draft form's model: what may be billed, what was typed, and each as a line of the contract's invoiceTotals.

/** A time entry the draft may bill: an unbilled one, or one already on the draft being edited. */
export interface TimeChoice {
  id: number;
  date: string | null;
  what: string;
  user_name: string;
  raw_seconds: number;
  billed_minutes: number;
  uplift_seconds: number;
}
/** An expense the draft may bill. */
export interface ExpenseChoice {
  id: number;
  date: string | null;
  description: string;
  quantity_milli: number;
  amount_minor: number;
  tax_rate_milli: number;
}
/** A typed line as the form holds it (decimal texts, as the contract takes them). */
export interface TypedLine {
  key: number;
  kind: InvoiceManualLineKind;
  description: string;
  quantity: string;
  unit_price: string;
  tax_rate: string;
  /** Discounts only: a percentage of the other lines instead of an amount. */
  discount_percent: string;
}

let nextKey = 1;
export const blankLine = (kind: InvoiceManualLineKind, taxRate: string): TypedLine => ({
  key: nextKey++,
  kind,
  description: kind === 'discount' ? 'Discount' : '',
  quantity: '1',
  unit_price: '',
  tax_rate: taxRate,
  discount_percent: '',
});

/** The fixed fees and discounts of a draft being edited, as the form holds them. */
export function typedLinesOf(invoice: InvoiceDetail | undefined): TypedLine[] {
  return (invoice?.lines ?? []).flatMap((l) =>
    l.kind === 'fixed_fee' || l.kind === 'discount'
      ? [
          {
            key: nextKey++,
            kind: l.kind,
            description: l.description,
            quantity: milliToDecimal(l.quantity_milli),
            unit_price:
              l.discount_percent_milli === null ? toDecimalString(Math.abs(l.unit_price_minor), invoice!.currency) : '',
            tax_rate: milliToDecimal(l.tax_rate_milli),
            discount_percent: l.discount_percent_milli === null ? '' : milliToDecimal(l.discount_percent_milli),
          },
        ]
      : [],
  );
}

/** The time the draft may bill: its own entries (no longer unbilled) first, then the unbilled ones. */
export function timeChoicesOf(draftLines: InvoiceDetail['lines'], work: UnbilledWork | undefined): TimeChoice[] {
  const onDraft = draftLines
    .filter((l) => l.kind === 'time' && l.time_entry_id !== null)
    .map((l) => ({
      id: l.time_entry_id!,
      date: l.date,
      what: l.description,
      user_name: l.user_name ?? '',
      raw_seconds: l.raw_seconds ?? 0,
      billed_minutes: l.billed_minutes ?? 0,
      uplift_seconds: l.uplift_seconds ?? 0,
    }));
  const free = (work?.time_entries ?? [])
    .filter((t) => !onDraft.some((d) => d.id === t.id))
    .map((t) => ({
      id: t.id,
      date: t.date,
      what: [t.task_title, t.note].filter(Boolean).join(' — '),
      user_name: t.user_name,
      raw_seconds: t.raw_seconds,
      billed_minutes: t.billed_minutes,
      uplift_seconds: t.uplift_seconds,
    }));
  return [...onDraft, ...free];
}

/** The expenses the draft may bill: its own first, then the unbilled ones. */
export function expenseChoicesOf(draftLines: InvoiceDetail['lines'], work: UnbilledWork | undefined): ExpenseChoice[] {
  const onDraft = draftLines
    .filter((l) => l.kind === 'expense' && l.expense_id !== null)
    .map((l) => ({
      id: l.expense_id!,
      date: l.date,
      description: l.description,
      quantity_milli: l.quantity_milli,
      amount_minor: l.unit_price_minor,
      tax_rate_milli: l.tax_rate_milli,
    }));
  const free = (work?.expenses ?? []).filter((e) => !onDraft.some((d) => d.id === e.id));
  return [...onDraft, ...free];
}

export const timeMoneyLine = (t: TimeChoice, rateMinor: number | null, taxMilli: number | null): MoneyLine => ({
  kind: 'time',
  quantity_milli: minutesToQuantityMilli(t.billed_minutes),
  unit_price_minor: rateMinor ?? 0,
  tax_rate_milli: taxMilli ?? 0,
  billed_minutes: t.billed_minutes,
});

export const expenseMoneyLine = (e: ExpenseChoice): MoneyLine => ({
  kind: 'expense',
  quantity_milli: e.quantity_milli,
  unit_price_minor: e.amount_minor,
  tax_rate_milli: e.tax_rate_milli,
});

/** A typed line as invoiceTotals takes it, or null while one of its figures is not valid yet. */
export function typedMoneyLine(l: TypedLine, currency: string): MoneyLine | null {
  const quantity = parseQuantity(l.quantity);
  const tax = parsePercent(l.tax_rate);
  const pct = l.kind === 'discount' && l.discount_percent.trim() ? parsePercent(l.discount_percent) : null;
  const price = pct === null ? parseMoney(l.unit_price, currency) : 0;
  if (quantity === null || tax === null || price === null) return null;
  return {
    kind: l.kind,
    quantity_milli: quantity,
    unit_price_minor: price,
    tax_rate_milli: tax,
    discount_percent_milli: pct,
  };
}

/** The set with `id` added, or removed when it was there. */
export function toggled(set: Set<number>, id: number): Set<number> {
  const next = new Set(set);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}
