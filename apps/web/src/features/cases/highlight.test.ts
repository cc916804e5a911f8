import { describe, expect, it } from 'vitest';
import { findNeedles, matchRanges, wholeWordRanges } from './highlight.ts';

describe('find in document', () => {
  it('reads the term as the search box does: quoted phrases whole, other words one by one', () => {
    expect(findNeedles('committee beneficiary')).toEqual(['beneficiary', 'committee']);
    expect(findNeedles(' "Governing  Law" notice ')).toEqual(['governing law', 'notice']);
    expect(findNeedles('law LAW "law"')).toEqual(['law']);
    expect(findNeedles('  "" ')).toEqual([]);
    expect(findNeedles('unclosed "quote')).toEqual(['unclosed', 'quote']);
  });

  it('finds every needle left to right without overlaps, the phrase before a word inside it', () => {
    const text = 'The Committee shall notify each beneficiary; the committee decides.';
    expect(matchRanges(text, findNeedles('committee beneficiary')).map(([s, e]) => text.slice(s, e))).toEqual([
      'Committee',
      'beneficiary',
      'committee',
    ]);
    const law = 'Governing law: the law of England.';
    expect(matchRanges(law, findNeedles('"governing law" law')).map(([s, e]) => law.slice(s, e))).toEqual([
      'Governing law',
      'law',
    ]);
    expect(matchRanges('nothing here', ['absent'])).toEqual([]);
  });
});

describe('wholeWordRanges (a review hit, ?hit=n)', () => {
  it('keeps only matches standing as whole words, as the analyser counts', () => {
    const text = 'Term, terms, a term; determine TERM';
    const ranges = matchRanges(text, ['term']);
    expect(wholeWordRanges(text, ranges).map(([s]) => text.slice(s, s + 4))).toEqual(['Term', 'term', 'TERM']);
  });
});
