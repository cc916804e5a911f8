import {
  KNOWLEDGE_TAB_HEARTBEAT_MS,
  KNOWLEDGE_TAB_STALE_MS,
  KNOWLEDGE_TABS_KEY,
  KNOWLEDGE_TOKEN_KEY,
} from '@lexdesk/contract';

/**
 * The knowledge token and the knowledge tabs' counter (spec 01 §3–§4, docs/knowledge.md "The application (web)"),
 * shared by the main app (idle timer, knowledge_access) and the knowledge application (src/kb). Every knowledge
 * tab writes a heartbeat into `lexdesk.knowledge_tabs` (`{ [tabId]: lastSeenMs }`); a tab whose heartbeat is
 * older than KNOWLEDGE_TAB_LIVE_MS is gone (closed, crashed, or its computer slept).
 */
export const KNOWLEDGE_KEYS = { token: KNOWLEDGE_TOKEN_KEY, tabs: KNOWLEDGE_TABS_KEY } as const;

/** How often a knowledge tab writes its heartbeat. */
export const KNOWLEDGE_HEARTBEAT_MS = KNOWLEDGE_TAB_HEARTBEAT_MS;
/** A heartbeat younger than this is a live tab: three missed beats before a tab counts as closed. */
export const KNOWLEDGE_TAB_LIVE_MS = KNOWLEDGE_TAB_STALE_MS;

type Tabs = Record<string, number>;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function readKnowledgeToken(): string | null {
  return storage()?.getItem(KNOWLEDGE_KEYS.token) ?? null;
}

export function writeKnowledgeToken(token: string | null): void {
  try {
    if (token === null) storage()?.removeItem(KNOWLEDGE_KEYS.token);
    else storage()?.setItem(KNOWLEDGE_KEYS.token, token);
  } catch {
    // Storage full or disabled: this tab keeps working until it reloads.
  }
}

function readTabs(): Tabs {
  try {
    const value = JSON.parse(storage()?.getItem(KNOWLEDGE_KEYS.tabs) ?? '{}') as unknown;
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    const tabs: Tabs = {};
    for (const [id, seen] of Object.entries(value)) if (typeof seen === 'number') tabs[id] = seen;
    return tabs;
  } catch {
    return {};
  }
}

/** Writes the live tabs only, so closed tabs' entries do not pile up. */
function writeTabs(tabs: Tabs, now: number): void {
  const live = Object.fromEntries(Object.entries(tabs).filter(([, seen]) => now - seen < KNOWLEDGE_TAB_LIVE_MS));
  try {
    if (Object.keys(live).length === 0) storage()?.removeItem(KNOWLEDGE_KEYS.tabs);
    else storage()?.setItem(KNOWLEDGE_KEYS.tabs, JSON.stringify(live));
  } catch {
    // Nothing to count with; the main app then simply sees no knowledge tab.
  }
}

/** The ids of the knowledge tabs seen within KNOWLEDGE_TAB_LIVE_MS. */
export function liveKnowledgeTabs(now = Date.now()): string[] {
  return Object.entries(readTabs())
    .filter(([, seen]) => now - seen < KNOWLEDGE_TAB_LIVE_MS)
    .map(([id]) => id);
}

/** A knowledge tab's heartbeat (every KNOWLEDGE_HEARTBEAT_MS while it is open). */
export function beatKnowledgeTab(tabId: string, now = Date.now()): void {
  writeTabs({ ...readTabs(), [tabId]: now }, now);
}

/**
 * A knowledge tab closes: its entry goes. Answers true when it was the last live one, and the caller then removes
 * the knowledge token and revokes it.
 */
export function closeKnowledgeTab(tabId: string, now = Date.now()): boolean {
  const tabs = readTabs();
  delete tabs[tabId];
  writeTabs(tabs, now);
  return liveKnowledgeTabs(now).length === 0;
}
