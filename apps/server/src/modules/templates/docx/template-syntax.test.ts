import { describe, expect, it } from 'vitest';
import { checkPlaceholder, problemMessage, wordWindow } from './template-syntax.ts';

describe('template placeholders follow the contract’s tag rule', () => {
  it('accepts a plain tag or a section over one, and refuses spaces, expressions and blanks', () => {
    expect(checkPlaceholder(' client_name ')).toBeNull();
    expect(checkPlaceholder('#client_name')).toBeNull();
    expect(checkPlaceholder(' client name ')).toBe('spaces');
    expect(checkPlaceholder('#client name')).toBe('spaces');
    expect(checkPlaceholder(' today() ')).toBe('expression');
    expect(checkPlaceholder('  ')).toBe('empty');
    expect(checkPlaceholder(`x${'a'.repeat(254)}`)).toBe('too-long');
    expect(checkPlaceholder('p life_story ')).toBe('prefix');
  });

  it('says what to write for a tag with spaces, and no longer says spaces are allowed', () => {
    const spaces = problemMessage({ file: 'word/document.xml', kind: 'spaces', tag: ' client name ', offset: 0 });
    expect(spaces).toBe(
      "In the main text: The placeholder {{ client name }} has a space in its name, and a question's tag cannot. Write {{ client_name }}.",
    );
    const expression = problemMessage({ file: 'word/header1.xml', kind: 'expression', tag: ' today() ', offset: 0 }, 3);
    expect(expression).toContain('(letters, digits, _ . and -, no spaces)');
    expect(expression).toMatch(/^In header 1: .* It is used in 3 places\.$/);
  });

  it('cuts the quoted context on word boundaries, leaving out words and placeholders cut at the edges', () => {
    const text = 'I declare under penalties of perjury that on {{ today() }}, I caused the Declaration of Service';
    const at = text.indexOf('{{');
    expect(wordWindow(text, at, at + '{{ today() }}'.length, 30)).toBe(
      'penalties of perjury that on {{ today() }}, I caused the Declaration of',
    );
    expect(wordWindow('Short {{ x }} text', 6, 13, 30)).toBe('Short {{ x }} text');
    expect(wordWindow('Signed {{ a }} Date: {{ b }} end', 7, 14, 10)).toBe('Signed {{ a }} Date:');
    expect(wordWindow('a  b   {{ c }}', 7, 14, 30)).toBe('a b {{ c }}');
    // A syntax error's context keeps the unclosed placeholder it is about.
    expect(wordWindow('{{ client_name The guarantor', 0, 0, 60, false)).toBe('{{ client_name The guarantor');
  });
});
