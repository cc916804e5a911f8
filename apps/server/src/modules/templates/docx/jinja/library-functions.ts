/**
 * The library's functions and filters, with docassemble's names and meaning (the reference templates are
 * docassemble's). Each checks its arguments and refuses with a message naming itself; none builds a value past
 * the limits (LIBRARY_LIMITS).
 */
import { marked } from 'marked';
import { sanitizeRichText } from '../rich-text.ts';
import { RichHtml, TemplateValueError, type LibraryFunction, type TemplateValue } from './library-types.ts';
import { currencyWords, datePlus, daysBetween, numberOf, words } from './library-words.ts';

export const LIBRARY_LIMITS = { listItems: 10_000, textChars: 100_000, numeral: 10_000 };

const currency: LibraryFunction = (context, [value], kwargs) =>
  new Intl.NumberFormat(context.locale, {
    style: 'currency',
    currency: context.currency,
    ...(kwargs.decimals === false ? { maximumFractionDigits: 0, minimumFractionDigits: 0 } : {}),
  }).format(numberOf('currency', value));

/** A zero-based index in range for a numeral (alpha, roman, ordinal). */
function indexOf(name: string, value: TemplateValue): number {
  const index = Math.trunc(numberOf(name, value));
  if (index < 0 || index > LIBRARY_LIMITS.numeral) {
    throw new TemplateValueError(`${name}() needs a number from 0 to ${LIBRARY_LIMITS.numeral}.`);
  }
  return index;
}

const alpha: LibraryFunction = (_, [value], kwargs) => {
  let index = indexOf('alpha', value);
  let letters = '';
  do {
    letters = String.fromCharCode(65 + (index % 26)) + letters;
    index = Math.floor(index / 26) - 1;
  } while (index >= 0);
  return kwargs.case === 'lower' ? letters.toLowerCase() : letters;
};

const today: LibraryFunction = (context) =>
  new Intl.DateTimeFormat(context.locale, { dateStyle: 'long', timeZone: context.timeZone }).format(context.today);

const listOf = (name: string, value: TemplateValue): TemplateValue[] => {
  if (!Array.isArray(value)) throw new TemplateValueError(`${name} needs a list.`);
  if (value.length > LIBRARY_LIMITS.listItems)
    throw new TemplateValueError(`${name} takes at most ${LIBRARY_LIMITS.listItems} items.`);
  return value;
};

const textOf = (name: string, value: TemplateValue): string => {
  const text = value === null || value === undefined ? '' : typeof value === 'object' ? '' : String(value);
  if (text.length > LIBRARY_LIMITS.textChars)
    throw new TemplateValueError(`${name} takes at most ${LIBRARY_LIMITS.textChars} characters.`);
  return text;
};

const ROMAN: [number, string][] = [
  [1000, 'M'],
  [900, 'CM'],
  [500, 'D'],
  [400, 'CD'],
  [100, 'C'],
  [90, 'XC'],
  [50, 'L'],
  [40, 'XL'],
  [10, 'X'],
  [9, 'IX'],
  [5, 'V'],
  [4, 'IV'],
  [1, 'I'],
];

/** docassemble's roman(i): zero-based, so roman(0) is 'I'. */
const roman: LibraryFunction = (_, [value], kwargs) => {
  let number = indexOf('roman', value) + 1;
  let numeral = '';
  for (const [amount, letters] of ROMAN) {
    for (; number >= amount; number -= amount) numeral += letters;
  }
  return kwargs.case === 'lower' ? numeral.toLowerCase() : numeral;
};

/** '1st', '22nd', '113th'. */
const ordinalNumber: LibraryFunction = (_, [value]) => {
  const number = Math.trunc(numberOf('ordinal_number', value));
  const tens = Math.abs(number) % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][Math.abs(number) % 10] ?? 'th');
  return `${number}${suffix}`;
};

const ORDINAL_WORDS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];

/** docassemble's ordinal(i): zero-based words for the first ten ('first'), then '11th'. */
const ordinal: LibraryFunction = (context, [value], kwargs) => {
  const index = indexOf('ordinal', value);
  return ORDINAL_WORDS[index] ?? ordinalNumber(context, [index + 1], kwargs);
};

/** 'A', 'A and B', 'A, B, and C' (the serial comma unless oxford=False). */
const commaAndList: LibraryFunction = (_, args, kwargs) => {
  const items = (args.length === 1 && Array.isArray(args[0]) ? listOf('comma_and_list', args[0]) : args)
    .map((item) => textOf('comma_and_list', item))
    .filter((item) => item !== '');
  const and = typeof kwargs.and_string === 'string' ? kwargs.and_string : 'and';
  if (items.length <= 2) return items.join(` ${and} `);
  const comma = kwargs.oxford === false ? '' : ',';
  return `${items.slice(0, -1).join(', ')}${comma} ${and} ${items[items.length - 1]}`;
};

/**
 * For a loop that reads as a sentence: each item but the last two ends with ',', the one before the last with
 * ', and', the last with '.' (the separators are keyword arguments).
 */
const addSeparators: LibraryFunction = (_, [value], kwargs) => {
  const items = listOf('add_separators', value).map((item) => textOf('add_separators', item));
  const separator = typeof kwargs.separator === 'string' ? kwargs.separator : ',';
  const last = typeof kwargs.last_separator === 'string' ? kwargs.last_separator : ', and';
  const end = typeof kwargs.end_mark === 'string' ? kwargs.end_mark : '.';
  return items.map((item, index) =>
    index === items.length - 1
      ? `${item}${end}`
      : index === items.length - 2
        ? `${item}${last}`
        : `${item}${separator}`,
  );
};

/** An ISO date (or anything Date reads) in words: format 'long' (default), 'medium', 'short' or 'full'. */
const formatDate: LibraryFunction = (context, [value, format], kwargs) => {
  const date = new Date(textOf('format_date', value));
  if (Number.isNaN(date.getTime())) {
    throw new TemplateValueError(
      `format_date() needs a date such as 2026-12-05, and got "${textOf('format_date', value)}".`,
    );
  }
  const style = String(kwargs.format ?? format ?? 'long');
  if (!['long', 'medium', 'short', 'full'].includes(style)) {
    throw new TemplateValueError('format_date() takes the format long, medium, short or full.');
  }
  return new Intl.DateTimeFormat(context.locale, {
    dateStyle: style as 'long',
    timeZone: /^\d{4}-\d{2}-\d{2}$/.test(textOf('format_date', value)) ? 'UTC' : context.timeZone,
  }).format(date);
};

/** Markdown an answer holds, as formatted paragraphs (sanitised as every rich text is). */
const markdown: LibraryFunction = (_, [value]) =>
  new RichHtml(sanitizeRichText(marked.parse(textOf('markdown', value), { async: false })));

/** Markdown within a line: bold, italics and links, no paragraphs. */
const inlineMarkdown: LibraryFunction = (_, [value]) =>
  new RichHtml(sanitizeRichText(marked.parseInline(textOf('inline_markdown', value), { async: false })));

/** Named alike whether called (`currency(x)`) or applied as a filter (`x | currency`). */
const BOTH: [string, LibraryFunction][] = [
  ['currency', currency],
  ['alpha', alpha],
  ['roman', roman],
  ['ordinal', ordinal],
  ['ordinal_number', ordinalNumber],
  ['comma_and_list', commaAndList],
  ['format_date', formatDate],
  ['words', words],
  ['currency_words', currencyWords],
  ['date_plus', datePlus],
  ['days_between', daysBetween],
];

/** Called as functions: `today()`, `currency(x)`, … */
export const TEMPLATE_FUNCTIONS: ReadonlyMap<string, LibraryFunction> = new Map<string, LibraryFunction>([
  ['today', today],
  ...BOTH,
  // We never redact: the text itself (docassemble redacts only in a redacted copy).
  ['redact', (_, [value]) => value ?? ''],
]);

/** Applied as filters: `x | currency`, `items | add_separators`, … (the value is the first argument). */
export const TEMPLATE_FILTERS: ReadonlyMap<string, LibraryFunction> = new Map<string, LibraryFunction>([
  ...BOTH,
  ['add_separators', addSeparators],
  ['markdown', markdown],
  ['inline_markdown', inlineMarkdown],
  ['sum', (_, [value]) => listOf('sum', value).reduce<number>((total, item) => total + numberOf('sum', item), 0)],
  ['chain', (_, [value]) => listOf('chain', value).flatMap((item) => (Array.isArray(item) ? item : [item]))],
]);
