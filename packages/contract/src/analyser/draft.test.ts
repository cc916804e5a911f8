import { describe, expect, it } from 'vitest';
import {
  draftForDisplay,
  draftLine,
  draftText,
  duplicateHeads,
  joinPhrases,
  normaliseHead,
  parseDraft,
  termsFromInput,
} from './draft.ts';

describe('concept drafting (spec 03 §4)', () => {
  it('trims and upper-cases the head and turns whitespace in terms into " | "', () => {
    expect(normaliseHead('  governing   law ')).toBe('GOVERNING LAW');
    expect(termsFromInput(' governed  construed\tlaws |jurisdiction ')).toBe(
      'governed | construed | laws | jurisdiction',
    );
    expect(joinPhrases([' laws of ', '', 'exclusive  jurisdiction'])).toBe('laws of | exclusive jurisdiction');
  });

  it('writes HEAD[definition]->terms | phrases and reads it back', () => {
    const heads = [
      {
        head: 'governing law',
        definition: '<p>Which <b>law</b>\napplies]-> here</p>',
        terms: 'governed | construed',
        phrases: 'laws of | exclusive jurisdiction',
      },
      { head: 'Term', definition: '', terms: 'term', phrases: '' },
    ];
    const text = draftText(heads);
    expect(text.split('\n')[0]).toBe(
      'GOVERNING LAW[<p>Which <b>law</b> applies]-&gt; here</p>]->governed | construed | laws of | exclusive jurisdiction',
    );
    const parsed = parseDraft(text);
    expect(parsed).toEqual({
      ok: true,
      heads: [
        {
          head: 'GOVERNING LAW',
          definition: '<p>Which <b>law</b> applies]-> here</p>',
          terms: 'governed | construed',
          phrases: 'laws of | exclusive jurisdiction',
        },
        { head: 'TERM', definition: '', terms: 'term', phrases: '' },
      ],
    });
    expect(draftLine(heads[1]!)).toBe('TERM[]->term');
  });

  it('names the line that is not a draft line', () => {
    expect(parseDraft('OK[]->a\nno brackets here')).toEqual({
      ok: false,
      problem: 'Line 2 of the draft is not in the form HEAD[definition]->terms | phrases. Please correct it.',
    });
    expect(parseDraft('[def]->a').ok).toBe(false);
  });

  it('strips markup for display and finds repeated heads', () => {
    expect(draftForDisplay('LAW[<p>a &amp; b</p>]->x')).toBe('LAW[a & b]->x');
    expect(duplicateHeads([{ head: 'law' }, { head: ' LAW ' }, { head: 'term' }])).toEqual(['LAW']);
  });
});
