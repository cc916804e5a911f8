import { describe, expect, it } from 'vitest';
import { likePattern } from './like.ts';

describe('likePattern', () => {
  it('lower-cases the text, wraps it in % and escapes its own wildcards', () => {
    expect(likePattern('Acme')).toBe('%acme%');
    expect(likePattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});
