import { describe, expect, it } from 'vitest';
import { playbookRowActions } from './rowActions.ts';

describe('playbook row actions (spec 01 §6)', () => {
  it('gives super and admin edit, copy link and delete; a user copy link only', () => {
    expect(playbookRowActions('super', true)).toEqual(['edit', 'copy_link', 'delete']);
    expect(playbookRowActions('admin', true)).toEqual(['edit', 'copy_link', 'delete']);
    expect(playbookRowActions('user', true)).toEqual(['copy_link']);
  });

  it('leaves a playbook shared from another organisation read-only', () => {
    expect(playbookRowActions('super', false)).toEqual(['copy_link']);
    expect(playbookRowActions('admin', false)).toEqual(['copy_link']);
  });
});
