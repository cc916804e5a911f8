import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { buildEntry, scanPositions, termCount } from './engine-core.ts';
import { referenceCount, referenceHits } from './reference-count.ts';
import { isStoredSeparator, resolvePlans, termShape } from './term-plan.ts';
import { tokenize } from './tokenizer.ts';

/** The engine's count of each term in `text`, as the worker computes it (vocabulary built on the spot). */
function engineCounts(text: string, terms: readonly string[]): number[] {
  const vocabulary = new Map<string, number>();
  const idOf = (value: string) => vocabulary.get(value) ?? vocabulary.set(value, vocabulary.size + 1).size;
  const tokens = tokenize(text);
  const ids = Uint32Array.from(tokens.words.map(idOf));
  const gaps = Uint32Array.from(tokens.separators.map((s) => (isStoredSeparator(s) ? idOf(s) : 0)));
  const entry = buildEntry({ ids, gaps });
  return resolvePlans(terms.map(termShape), vocabulary).map((plan) => {
    if (plan.kind === 'none') return 0;
    if (plan.kind === 'scan') return referenceCount(tokens.text, plan.term);
    const count = termCount(entry, plan);
    expect(scanPositions(entry, plan).length).toBe(count);
    return count;
  });
}

// Pieces that stress the rules: case folding (ſ, K, ß, σ/ς), accents composed and not, connector
// punctuation, digits and non-digit numbers, hyphens, both apostrophes, line breaks.
const WORDS = [
  'a',
  'A',
  'ab',
  'AB',
  'b',
  'é',
  'e\u0301',
  'É',
  'ſ',
  's',
  'S',
  '\u212A',
  'k',
  'ß',
  'ss',
  'σ',
  'ς',
  '_',
  'a_b',
  '1',
  '12',
  '²',
  'x1',
];
const SEPARATORS = [' ', '  ', '-', "'", '\u2019', '\n', '.', ', ', '\t', '(', ')', '--', ' - ', '\u00A0'];
const word = fc.constantFrom(...WORDS);
const separator = fc.constantFrom(...SEPARATORS);
const piece = fc.tuple(word, separator).map(([w, s]) => w + s);
const text = fc.array(fc.oneof(piece, word, separator), { maxLength: 40 }).map((parts) => parts.join(''));
const term = fc
  .tuple(
    fc.option(separator, { nil: '' }),
    fc.array(word, { minLength: 1, maxLength: 3 }),
    fc.array(separator, { minLength: 2, maxLength: 2 }),
    fc.option(separator, { nil: '' }),
  )
  .map(([before, words, between, after]) => before + words.join(between[0] ?? ' ') + after);

describe('the engine counts as the reference rule does', () => {
  it('for any text and terms (words, phrases, leading and trailing punctuation)', () => {
    fc.assert(
      fc.property(text, fc.array(term, { minLength: 1, maxLength: 6 }), (body, terms) => {
        const normalised = tokenize(body).text;
        expect(engineCounts(body, terms)).toEqual(terms.map((t) => referenceCount(normalised, t)));
      }),
      { numRuns: 1500 },
    );
  });

  it('follows the documented rules for hyphens, apostrophes, digits, accents and case', () => {
    const count = (body: string, t: string) => engineCounts(body, [t])[0];
    expect(count("The tenant's tenant\u2019s TENANT-owned", 'tenant')).toBe(3);
    expect(count("The tenant's and tenant\u2019s", "tenant's")).toBe(1);
    expect(count('non-compete, non compete, noncompete', 'non-compete')).toBe(1);
    expect(count('non-compete, non compete', 'non')).toBe(2);
    expect(count('Section 12 and 12.5 and 120 and x12', '12')).toBe(2);
    expect(count('Café CAFÉ cafe\u0301 cafe', 'café')).toBe(3);
    expect(count('Straße STRASSE', 'strasse')).toBe(1);
    expect(count('landlord_shall landlord shall', 'landlord')).toBe(1);
    expect(count('landlord  shall / landlord shall', 'landlord shall')).toBe(1);
    expect(count('landlord landlord landlord', 'landlord landlord')).toBe(1);
  });
});

/** ripgrep on this machine, when present: the reference rule is ripgrep's, checked on random texts. */
const RG = spawnSync('rg', ['--version']).status === 0;
if (!RG) console.warn('Skipping the ripgrep comparison of the reference rule: rg is not installed');

describe.runIf(RG)('the reference rule is ripgrep 13 (rg -o -i -w -F)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'lexdesk-rg-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  it('on random texts and terms', () => {
    const file = path.join(dir, 'text.txt');
    fc.assert(
      fc.property(text, term, (body, t) => {
        const normalised = tokenize(body).text;
        writeFileSync(file, normalised);
        const rg = spawnSync('rg', ['-o', '-i', '-w', '-F', '--no-config', '--', t, file], { encoding: 'utf8' });
        const rgCount = rg.stdout.split('\n').filter((line) => line.length > 0).length;
        if (t.includes('\n')) return;
        expect(referenceHits(normalised, t).length).toBe(rgCount);
      }),
      { numRuns: 150 },
    );
  });
});
