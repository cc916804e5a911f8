import { describe, expect, it } from 'vitest';
import { readLoginHandoff } from './loginHandoff.ts';

describe('readLoginHandoff', () => {
  it('reads the email and the forgot view a link page handed over', () => {
    expect(readLoginHandoff({ email: ' ann@example.com ', view: 'forgot' })).toEqual({
      email: 'ann@example.com',
      view: 'forgot',
    });
    expect(readLoginHandoff({ email: 'ann@example.com' })).toEqual({ email: 'ann@example.com' });
  });

  it('ignores anything else history may hold', () => {
    expect(readLoginHandoff(null)).toEqual({});
    expect(readLoginHandoff('x')).toEqual({});
    expect(readLoginHandoff({ email: 3, view: 'admin', password: 'secret' })).toEqual({});
  });
});
