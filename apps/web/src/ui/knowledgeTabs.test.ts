import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  beatKnowledgeTab,
  closeKnowledgeTab,
  KNOWLEDGE_KEYS,
  KNOWLEDGE_TAB_LIVE_MS,
  liveKnowledgeTabs,
  readKnowledgeToken,
  writeKnowledgeToken,
} from './knowledgeTabs.ts';

/** A Storage in memory: the tests run under Node, without a browser. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

describe('the knowledge tabs counter', () => {
  beforeEach(() => {
    (globalThis as { window?: unknown }).window = { localStorage: memoryStorage() };
  });
  afterEach(() => {
    delete (globalThis as { window?: unknown }).window;
  });

  it('counts the tabs whose heartbeat is recent', () => {
    beatKnowledgeTab('a', 1_000);
    beatKnowledgeTab('b', 2_000);
    expect(liveKnowledgeTabs(3_000).sort()).toEqual(['a', 'b']);
    expect(liveKnowledgeTabs(1_000 + KNOWLEDGE_TAB_LIVE_MS)).toEqual(['b']);
    expect(liveKnowledgeTabs(2_000 + KNOWLEDGE_TAB_LIVE_MS)).toEqual([]);
  });

  it('says when the closing tab was the last live one', () => {
    beatKnowledgeTab('a', 1_000);
    beatKnowledgeTab('b', 1_000);
    expect(closeKnowledgeTab('a', 2_000)).toBe(false);
    expect(closeKnowledgeTab('b', 2_000)).toBe(true);
    expect(window.localStorage.getItem(KNOWLEDGE_KEYS.tabs)).toBeNull();
  });

  it('treats a crashed tab (no heartbeat for long) as gone, and drops its entry', () => {
    beatKnowledgeTab('crashed', 0);
    beatKnowledgeTab('open', KNOWLEDGE_TAB_LIVE_MS + 1);
    expect(JSON.parse(window.localStorage.getItem(KNOWLEDGE_KEYS.tabs)!)).toEqual({ open: KNOWLEDGE_TAB_LIVE_MS + 1 });
    expect(closeKnowledgeTab('open', KNOWLEDGE_TAB_LIVE_MS + 2)).toBe(true);
  });

  it('reads nothing from a broken value', () => {
    window.localStorage.setItem(KNOWLEDGE_KEYS.tabs, '[1,2');
    expect(liveKnowledgeTabs()).toEqual([]);
    window.localStorage.setItem(KNOWLEDGE_KEYS.tabs, '{"a":"soon"}');
    expect(liveKnowledgeTabs()).toEqual([]);
  });

  it('keeps and removes the knowledge token', () => {
    writeKnowledgeToken('t0k3n');
    expect(readKnowledgeToken()).toBe('t0k3n');
    writeKnowledgeToken(null);
    expect(readKnowledgeToken()).toBeNull();
  });
});
