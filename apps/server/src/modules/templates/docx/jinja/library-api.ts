/**
 * The functions and filters templates call beyond Jinja's own. This first set covers what the 45 reference
 * templates call; the documented library (issue 30 item 2: dates, money in words, ordinals, serial commas)
 * replaces it through this one file.
 */
export type TemplateValue =
  string | number | boolean | null | undefined | RichHtml | TemplateValue[] | { [key: string]: TemplateValue };
/** Rich text a filter produced: sanitised HTML the engine writes as Word paragraphs and runs. */
export class RichHtml {
  constructor(readonly html: string) {}
}
export interface LibraryContext {
  currency: string;
  today: Date;
  timeZone: string;
  locale: string;
}
export type Kwargs = Readonly<Record<string, TemplateValue>>;
export type LibraryFunction = (
  context: LibraryContext,
  args: readonly TemplateValue[],
  kwargs: Kwargs,
) => TemplateValue;
/** A refusal an author can act on, naming the function. */
export class TemplateValueError extends Error {}

function numberOf(name: string, value: TemplateValue): number {
  const number = typeof value === 'number' ? value : Number(String(value ?? '').replace(/[^\d.-]/g, ''));
  if (value === '' || value === null || value === undefined || !Number.isFinite(number)) {
    throw new TemplateValueError(`${name}() needs a number, and got "${String(value ?? '')}".`);
  }
  return number;
}

const currency: LibraryFunction = (context, [value], kwargs) =>
  new Intl.NumberFormat(context.locale, {
    style: 'currency',
    currency: context.currency,
    ...(kwargs.decimals === false ? { maximumFractionDigits: 0, minimumFractionDigits: 0 } : {}),
  }).format(numberOf('currency', value));

const alpha: LibraryFunction = (_, [value], kwargs) => {
  let index = Math.trunc(numberOf('alpha', value));
  if (index < 0 || index > 10_000) throw new TemplateValueError('alpha() needs a number from 0 to 10000.');
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
  return value;
};

export const TEMPLATE_FUNCTIONS: ReadonlyMap<string, LibraryFunction> = new Map<string, LibraryFunction>([
  ['today', today],
  ['currency', currency],
  ['alpha', alpha],
  // We never redact: the text itself (docassemble redacts only in a redacted copy).
  ['redact', (_, [value]) => value ?? ''],
]);

export const TEMPLATE_FILTERS: ReadonlyMap<string, LibraryFunction> = new Map<string, LibraryFunction>([
  ['currency', currency],
  ['alpha', alpha],
  ['sum', (_, [value]) => listOf('sum', value).reduce<number>((total, item) => total + numberOf('sum', item), 0)],
  ['chain', (_, [value]) => listOf('chain', value).flatMap((item) => (Array.isArray(item) ? item : [item]))],
]);
