import { MODULE_FLAGS, SIDE_MENU, type MenuItem, type ModuleFlags } from '@lexdesk/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isMenuItemActive, keepLinkForSignIn, landingFor, signInLanding } from './routes.ts';
import type { Session } from './session/storage.ts';
import { STORED_LINK_KEY } from './session/storedLink.ts';

const items = new Map<string, string>();
const memory = {
  getItem: (key: string) => items.get(key) ?? null,
  setItem: (key: string, value: string) => void items.set(key, value),
  removeItem: (key: string) => void items.delete(key),
};

const session = (token: string): Session => {
  const modules = Object.fromEntries(MODULE_FLAGS.map((flag) => [flag, true])) as unknown as ModuleFlags;
  return {
    token,
    userId: 3,
    username: 'ann@example.com',
    organisation: 'Firm',
    role: 'user',
    plan: 'Associate',
    modules,
    permissions: { ...modules, knowledge_access: true, knowledge_data_permission: true, billing_permission: false },
  };
};

describe('sign-in landing with the stored playbook token', () => {
  beforeEach(() => {
    items.clear();
    vi.stubGlobal('sessionStorage', memory);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keeps a playbook link opened signed out, and lands there once after sign-in', () => {
    keepLinkForSignIn('/my-playbook/playbook/12', '?x=1');
    expect(items.has(STORED_LINK_KEY)).toBe(true);
    const first = session('t1');
    expect(signInLanding(first)).toBe('/my-playbook/playbook/12?x=1');
    // The guard leaving /login asks again for the same sign-in: the same place.
    expect(signInLanding(first)).toBe('/my-playbook/playbook/12?x=1');
    // The next sign-in lands as usual.
    expect(signInLanding(session('t2'))).toBe(landingFor(session('t2')));
  });

  it('keeps no other page', () => {
    keepLinkForSignIn('/case', '');
    keepLinkForSignIn('/my-playbook', '');
    keepLinkForSignIn('/create/playbook/12', '');
    expect(items.size).toBe(0);
    expect(signInLanding(session('t3'))).toBe('/dashboard');
  });
});

describe('the side menu entry of the current page', () => {
  const entry = (key: string): MenuItem => {
    const found = SIDE_MENU.flatMap((item) => [item, ...(item.children ?? [])]).find((item) => item.key === key);
    expect(found, key).toBeDefined();
    return found!;
  };

  it('is the entry of its own path, exactly', () => {
    expect(isMenuItemActive(entry('invoice'), '/invoicemain')).toBe(true);
    expect(isMenuItemActive(entry('invoice'), '/invoicemain/other')).toBe(false);
  });

  it('is the entry the page declares it belongs to (the invoice pages under Invoice), and no other', () => {
    for (const path of ['/invoicelist', '/accountlist', '/invoice']) {
      expect(isMenuItemActive(entry('invoice'), path), path).toBe(true);
      const others = SIDE_MENU.flatMap((item) => [item, ...(item.children ?? [])]).filter(
        (item) => item.key !== 'invoice' && isMenuItemActive(item, path),
      );
      expect(
        others.map((item) => item.key),
        path,
      ).toEqual([]);
    }
  });
});
