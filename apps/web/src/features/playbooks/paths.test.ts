import { describe, expect, it } from 'vitest';
import { idOf, playbookEditPath, playbookViewPath } from './paths.ts';

describe('playbook paths', () => {
  it('spells the routes of spec 01 §2', () => {
    expect(playbookViewPath(7)).toBe('/my-playbook/playbook/7');
    expect(playbookEditPath(7)).toBe('/create/playbook/7');
  });

  it('reads positive whole ids only', () => {
    expect(idOf('12')).toBe(12);
    for (const bad of [undefined, null, '', '0', '-1', '1.5', '1e3', 'abc', '99999999999'])
      expect(idOf(bad)).toBeNull();
  });
});
