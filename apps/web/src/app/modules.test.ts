import { SIDE_MENU, type MenuItem } from '@lexdesk/contract';
import { describe, expect, it } from 'vitest';
import { CASE_TABS, MENU_ICONS, PUBLIC_ROUTES, SHELL_ROUTES, WEB_MODULES } from './modules.ts';

const menuKeys = (items: readonly MenuItem[]): string[] =>
  items.flatMap((item) => [item.key, ...menuKeys(item.children ?? [])]);

describe('the web module list', () => {
  it('names each module once', () => {
    const names = WEB_MODULES.map((module) => module.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('declares each path once, inside or outside the shell', () => {
    const paths = [...SHELL_ROUTES, ...PUBLIC_ROUTES].map((route) => route.path);
    expect(paths.filter((path, index) => paths.indexOf(path) !== index)).toEqual([]);
  });

  it('gives the case page its tabs in order: the case first, then the case records, then playbooks', () => {
    expect(CASE_TABS.map((tab) => tab.key)).toEqual([
      'summary',
      'documents',
      'saved-searches',
      'status',
      'emails',
      'alerts',
      'reports',
      'history',
      'playbooks',
    ]);
  });

  it('puts pages only under entries of the contract menu (menuKey)', () => {
    const known = new Set(menuKeys(SIDE_MENU));
    expect(SHELL_ROUTES.filter((route) => route.menuKey && !known.has(route.menuKey)).map((r) => r.path)).toEqual([]);
  });

  it('has icons only for entries of the contract menu', () => {
    const known = new Set(menuKeys(SIDE_MENU));
    expect(Object.keys(MENU_ICONS).filter((key) => !known.has(key))).toEqual([]);
  });
});
