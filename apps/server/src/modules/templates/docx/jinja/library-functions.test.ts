import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  RichHtml,
  TemplateValueError,
  TEMPLATE_FILTERS,
  TEMPLATE_FUNCTIONS,
  type TemplateValue,
} from './library-api.ts';

const context = { currency: 'GBP', today: new Date('2026-12-05T12:00:00Z'), timeZone: 'UTC', locale: 'en-GB' };
const call = (name: string, args: TemplateValue[], kwargs: Record<string, TemplateValue> = {}) => {
  const fn = TEMPLATE_FUNCTIONS.get(name) ?? TEMPLATE_FILTERS.get(name);
  if (!fn) throw new Error(`no ${name}`);
  return fn(context, args, kwargs);
};

describe('the template library', () => {
  it('writes dates and money in the firm’s currency and locale', () => {
    expect(call('today', [])).toBe('5 December 2026');
    expect(call('format_date', ['2027-01-31'])).toBe('31 January 2027');
    expect(call('format_date', ['2027-01-31', 'short'])).toBe('31/01/2027');
    expect(call('currency', ['1,234.5'])).toBe('£1,234.50');
    expect(call('currency', [1234.5], { decimals: false })).toBe('£1,235');
  });

  it('spells numbers and amounts in the firm’s currency, and adds days, weeks, months and years', () => {
    expect(call('words', [21])).toBe('twenty one');
    expect(call('currency_words', [1000])).toBe('one thousand pounds');
    expect(call('currency_words', ['£1,234.50'])).toBe('one thousand two hundred thirty four pounds and fifty pence');
    expect(call('currency_words', [1])).toBe('one pound');
    const inFrancs = TEMPLATE_FUNCTIONS.get('currency_words')?.({ ...context, currency: 'CHF' }, [2], {});
    expect(inFrancs).toBe('two Swiss francs');
    const inYen = TEMPLATE_FUNCTIONS.get('currency_words')?.({ ...context, currency: 'JPY' }, [1500.4], {});
    expect(inYen).toBe('one thousand five hundred yen');
    expect(call('date_plus', ['2026-12-05'], { days: 30 })).toBe('4 January 2027');
    expect(call('date_plus', ['5 December 2026'], { weeks: -1 })).toBe('28 November 2026');
    expect(call('date_plus', ['2027-01-31'], { months: 1 })).toBe('28 February 2027');
    expect(call('date_plus', ['2024-02-29'], { years: 1 })).toBe('28 February 2025');
    expect(call('date_plus', [call('today', [])], { days: 1 })).toBe('6 December 2026');
    expect(call('days_between', ['2026-12-05', '2027-01-04'])).toBe(30);
    expect(() => call('date_plus', ['soon'], { days: 1 })).toThrow(/date_plus\(\) needs a date/);
    expect(() => call('date_plus', ['2026-12-05'], { days: 1.5 })).toThrow(/whole numbers/);
    expect(() => call('currency_words', ['lots'])).toThrow(/currency_words\(\) needs a number/);
    expect(() => call('words', [1e16])).toThrow(/below a million billion/);
  });

  it('numbers as docassemble does: alpha, roman and ordinal are zero-based', () => {
    expect([0, 25, 26].map((i) => call('alpha', [i]))).toEqual(['A', 'Z', 'AA']);
    expect(call('alpha', [1], { case: 'lower' })).toBe('b');
    expect([0, 3, 8, 1993].map((i) => call('roman', [i]))).toEqual(['I', 'IV', 'IX', 'MCMXCIV']);
    expect([0, 2, 10].map((i) => call('ordinal', [i]))).toEqual(['first', 'third', '11th']);
    expect([1, 2, 3, 11, 12, 13, 22, 113].map((n) => call('ordinal_number', [n]))).toEqual([
      '1st',
      '2nd',
      '3rd',
      '11th',
      '12th',
      '13th',
      '22nd',
      '113th',
    ]);
  });

  it('joins lists with serial commas, and adds separators for a sentence loop', () => {
    expect(call('comma_and_list', [['A']])).toBe('A');
    expect(call('comma_and_list', [['A', 'B']])).toBe('A and B');
    expect(call('comma_and_list', [['A', 'B', 'C']])).toBe('A, B, and C');
    expect(call('comma_and_list', [['A', 'B', 'C']], { oxford: false })).toBe('A, B and C');
    expect(call('add_separators', [['apple', 'pear', 'fig']])).toEqual(['apple,', 'pear, and', 'fig.']);
  });

  it('turns markdown into sanitised rich text', () => {
    const block = call('markdown', ['**Bold** and <script>alert(1)</script>']) as RichHtml;
    expect(block).toBeInstanceOf(RichHtml);
    expect(block.html).toContain('<strong>Bold</strong>');
    expect(block.html).not.toContain('script');
    expect((call('inline_markdown', ['see [us](https://example.com)']) as RichHtml).html).toBe(
      'see <a href="https://example.com">us</a>',
    );
  });

  it('refuses bad arguments with a message naming the function', () => {
    expect(() => call('currency', ['abc'])).toThrow('currency() needs a number, and got "abc".');
    expect(() => call('alpha', [-1])).toThrow('alpha() needs a number from 0 to 10000.');
    expect(() => call('format_date', ['soon'])).toThrow(/^format_date\(\) needs a date/);
    expect(() => call('sum', ['x'])).toThrow('sum needs a list.');
  });

  it('never throws anything but its own refusal, whatever it is given', () => {
    const value: fc.Arbitrary<TemplateValue> = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.oneof(fc.string(), fc.integer()), { maxLength: 5 }),
    );
    const names = [...new Set([...TEMPLATE_FUNCTIONS.keys(), ...TEMPLATE_FILTERS.keys()])];
    fc.assert(
      fc.property(fc.constantFrom(...names), fc.array(value, { maxLength: 3 }), (name, args) => {
        try {
          call(name, args);
        } catch (error) {
          expect(error).toBeInstanceOf(TemplateValueError);
        }
      }),
      { numRuns: 500 },
    );
  });
});
