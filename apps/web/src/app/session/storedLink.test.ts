import { describe, expect, it } from 'vitest';
import { STORED_LINK_KEY, STORED_LINK_MAX_AGE_MS, storeLink, takeStoredLink } from './storedLink.ts';

function memoryStore() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('the stored playbook token', () => {
  it('gives the kept path back once, within 30 minutes', () => {
    const store = memoryStore();
    storeLink('/my-playbook/playbook/12', 1_000, store);
    expect(JSON.parse(store.items.get(STORED_LINK_KEY) ?? '')).toEqual({ path: '/my-playbook/playbook/12', at: 1_000 });
    expect(takeStoredLink(1_000 + STORED_LINK_MAX_AGE_MS, store)).toBe('/my-playbook/playbook/12');
    expect(takeStoredLink(1_000, store)).toBeNull();
  });

  it('drops a token older than 30 minutes, or one from the future', () => {
    const store = memoryStore();
    storeLink('/my-playbook/playbook/12', 1_000, store);
    expect(takeStoredLink(1_001 + STORED_LINK_MAX_AGE_MS, store)).toBeNull();
    expect(store.items.size).toBe(0);
    storeLink('/my-playbook/playbook/12', 5_000, store);
    expect(takeStoredLink(4_000, store)).toBeNull();
  });

  it('keeps in-app paths only and ignores what it cannot read', () => {
    const store = memoryStore();
    storeLink('//evil.example/x', 1, store);
    storeLink('https://evil.example/x', 1, store);
    expect(store.items.size).toBe(0);
    store.items.set(STORED_LINK_KEY, '{"path":"//evil.example","at":1}');
    expect(takeStoredLink(1, store)).toBeNull();
    store.items.set(STORED_LINK_KEY, 'not json');
    expect(takeStoredLink(1, store)).toBeNull();
    expect(takeStoredLink(1, null)).toBeNull();
  });
});
