/**
 * Numbers, money and dates in words for the library (docs/template-language.md, "Library"): numbers and amounts
 * through to-words, date arithmetic on calendar days. Each refuses with a message naming itself.
 */
import { ToWords } from 'to-words';
import { TemplateValueError, type LibraryContext, type LibraryFunction, type TemplateValue } from './library-types.ts';

/** Largest amount spelt out: past it a template gets a message, not a wall of words. */
const MAX_SPELT = 1e15;

interface CurrencyWords {
  name: string;
  plural: string;
  fraction?: { name: string; plural: string };
}

/** The firm's currencies (the invoice settings' list) in words. */
const CURRENCY_WORDS: Readonly<Record<string, CurrencyWords>> = {
  USD: { name: 'dollar', plural: 'dollars', fraction: { name: 'cent', plural: 'cents' } },
  EUR: { name: 'euro', plural: 'euros', fraction: { name: 'cent', plural: 'cents' } },
  GBP: { name: 'pound', plural: 'pounds', fraction: { name: 'penny', plural: 'pence' } },
  CAD: { name: 'Canadian dollar', plural: 'Canadian dollars', fraction: { name: 'cent', plural: 'cents' } },
  AUD: { name: 'Australian dollar', plural: 'Australian dollars', fraction: { name: 'cent', plural: 'cents' } },
  CHF: { name: 'Swiss franc', plural: 'Swiss francs', fraction: { name: 'centime', plural: 'centimes' } },
  INR: { name: 'rupee', plural: 'rupees', fraction: { name: 'paisa', plural: 'paise' } },
  JPY: { name: 'yen', plural: 'yen' },
};

/** A number, or an amount as typed ('£1,234.50' is 1234.5: its digits, sign and point), or the function's refusal. */
export function numberOf(name: string, value: TemplateValue): number {
  const digits = typeof value === 'number' ? '' : String(value ?? '').replace(/[^\d.-]/g, '');
  const number = typeof value === 'number' ? value : /\d/.test(digits) ? Number(digits) : Number.NaN;
  if (!Number.isFinite(number)) {
    throw new TemplateValueError(
      `${name}() needs a number, and got "${typeof value === 'object' ? '' : String(value ?? '')}".`,
    );
  }
  return number;
}

/** A number small enough to spell out. */
function amountOf(name: string, value: TemplateValue): number {
  const number = numberOf(name, value);
  if (Math.abs(number) >= MAX_SPELT) throw new TemplateValueError(`${name}() spells numbers below a million billion.`);
  return number;
}

const spell = (number: number) => new ToWords({ localeCode: 'en-US' }).convert(number).toLowerCase();

/** A number in words, to two decimals: `words(21)` is "twenty one", `words(2.5)` "two point five". */
export const words: LibraryFunction = (_, [value]) => spell(Math.round(amountOf('words', value) * 100) / 100);

/**
 * An amount in the firm's currency in words, to its smallest unit: `currency_words(1000)` is "one thousand
 * pounds" and `currency_words(1.5)` "one pound and fifty pence" for a GBP firm.
 */
export const currencyWords: LibraryFunction = (context: LibraryContext, [value]) => {
  const amount = amountOf('currency_words', value);
  const unit = CURRENCY_WORDS[context.currency];
  if (!unit) return `${spell(Math.round(amount * 100) / 100)} ${context.currency}`;
  const smallest = Math.round(Math.abs(amount) * (unit.fraction ? 100 : 1));
  const [whole, part] = unit.fraction ? [Math.floor(smallest / 100), smallest % 100] : [smallest, 0];
  const sign = amount < 0 && smallest > 0 ? 'minus ' : '';
  const main = `${spell(whole)} ${whole === 1 ? unit.name : unit.plural}`;
  if (!unit.fraction || part === 0) return `${sign}${main}`;
  return `${sign}${main} and ${spell(part)} ${part === 1 ? unit.fraction.name : unit.fraction.plural}`;
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** A calendar day from an ISO date or a date in words ("5 December 2026"), at midnight UTC. */
function dayOf(name: string, value: TemplateValue): Date {
  const text = typeof value === 'string' ? value.trim() : '';
  const parsed = /^\d{4}-\d{2}-\d{2}$/.test(text) ? new Date(`${text}T00:00:00Z`) : new Date(`${text} UTC`);
  if (text === '' || Number.isNaN(parsed.getTime())) {
    throw new TemplateValueError(`${name}() needs a date such as 2026-12-05 or 5 December 2026.`);
  }
  return new Date(Date.UTC(parsed.getUTCFullYear(), parsed.getUTCMonth(), parsed.getUTCDate()));
}

function wholeNumber(name: string, value: TemplateValue | undefined): number {
  if (value === undefined || value === null) return 0;
  const number = typeof value === 'number' ? value : Number(value);
  if (!Number.isInteger(number) || Math.abs(number) > 100_000) {
    throw new TemplateValueError(`${name}() adds whole numbers of days, weeks, months or years (at most 100000).`);
  }
  return number;
}

/**
 * `date_plus(d, days=30)`, with `weeks`, `months` and `years` too: the day that many later (earlier when negative),
 * in words as `today()` writes them. A month later than 31 January is the last day of February.
 */
export const datePlus: LibraryFunction = (context, [value], kwargs) => {
  const start = dayOf('date_plus', value);
  const months = wholeNumber('date_plus', kwargs.months) + 12 * wholeNumber('date_plus', kwargs.years);
  const target = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(start.getUTCDate(), lastDay));
  const days = wholeNumber('date_plus', kwargs.days) + 7 * wholeNumber('date_plus', kwargs.weeks);
  const day = new Date(target.getTime() + days * DAY_MS);
  return new Intl.DateTimeFormat(context.locale, { dateStyle: 'long', timeZone: 'UTC' }).format(day);
};

/** `days_between(a, b)`: the calendar days from a to b (negative when b is earlier). */
export const daysBetween: LibraryFunction = (_, [from, to]) =>
  Math.round((dayOf('days_between', to).getTime() - dayOf('days_between', from).getTime()) / DAY_MS);
