import { KNOWLEDGE_API_BASE, knowledgeMessages, type KnowledgeMe } from '@lexdesk/contract';
import { useSyncExternalStore } from 'react';
import { isApiError, refusalText } from '../api/client.ts';
// api.ts calls sessionEnded: a cycle used only at run time, never while the modules load.
import { exchangeCode, fetchMe } from './api.ts';
import {
  beatKnowledgeTab,
  closeKnowledgeTab,
  KNOWLEDGE_HEARTBEAT_MS,
  KNOWLEDGE_KEYS,
  readKnowledgeToken,
  writeKnowledgeToken,
} from '../ui/knowledgeTabs.ts';

/**
 * The knowledge tab's session (docs/knowledge.md "The application (web)"): the hand-over's second half, the tab's
 * heartbeat, and the revocation when the last knowledge tab closes.
 */
export type KbSession =
  | { state: 'starting' }
  | { state: 'ready'; me: KnowledgeMe }
  /** No session: the link was used or expired, the main session ended, or the last tab closed. */
  | { state: 'ended'; message: string };

/** The main app's session token (app/session/storage.ts STORAGE_KEYS.token). */
const MAIN_TOKEN_KEY = 'lexdesk.token';

let current: KbSession = { state: 'starting' };
const listeners = new Set<() => void>();

function setSession(next: KbSession): void {
  current = next;
  for (const listener of listeners) listener();
}

export function useKbSession(): KbSession {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}

/** The knowledge API answered 401: the knowledge session is over (main logout, revoked, expired). */
export function sessionEnded(message: string = knowledgeMessages.linkExpired): void {
  writeKnowledgeToken(null);
  setSession({ state: 'ended', message });
}

export function updateMe(me: KnowledgeMe): void {
  if (current.state === 'ready') setSession({ state: 'ready', me });
}

/** `#code=…&node=…` of the hand-over, read once and wiped from the address bar and the history. */
function takeFragment(): { code: string | null; node: number | null } {
  const params = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  const code = params.get('code');
  const node = Number(params.get('node'));
  const found = { code: code || null, node: Number.isInteger(node) && node > 0 ? node : null };
  if (window.location.hash) {
    const path = found.node ? `/kb/node/${found.node}` : window.location.pathname + window.location.search;
    window.history.replaceState(null, '', path);
  }
  return found;
}

/** Revokes a token without waiting: `keepalive` lets the call finish after the tab is gone. */
function revoke(token: string): void {
  try {
    void fetch(`${KNOWLEDGE_API_BASE}/session/`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${token}` },
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    // The server drops it with the main session or after 12 h anyway.
  }
}

const tabId = typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;

/** This tab's heartbeat every 5 s; on pagehide its entry goes, and the last tab takes the token with it. */
function countThisTab(): void {
  beatKnowledgeTab(tabId);
  const timer = setInterval(() => beatKnowledgeTab(tabId), KNOWLEDGE_HEARTBEAT_MS);
  window.addEventListener('pagehide', () => {
    clearInterval(timer);
    if (!closeKnowledgeTab(tabId)) return;
    const token = readKnowledgeToken();
    writeKnowledgeToken(null);
    if (token) revoke(token);
  });
  // Another tab or the main app removed the token (logout, knowledge access withdrawn): this tab is signed out too.
  window.addEventListener('storage', (event) => {
    if (
      (event.key === KNOWLEDGE_KEYS.token || event.key === null) &&
      !readKnowledgeToken() &&
      current.state === 'ready'
    )
      setSession({ state: 'ended', message: knowledgeMessages.signedOut });
  });
}

/**
 * A new hand-over code through the main API with the main session's token (the one call of this application to
 * the main API: the same hand-over the main app makes), or null without a main session or when refused.
 */
async function handOverAgain(): Promise<string | null> {
  const mainToken = localStorage.getItem(MAIN_TOKEN_KEY);
  if (!mainToken) return null;
  try {
    const response = await fetch('/api/knowledge-handover/', {
      method: 'POST',
      headers: { Authorization: `Bearer ${mainToken}`, 'Content-Type': 'application/json', Accept: 'application/json' },
      body: '{}',
      cache: 'no-store',
    });
    if (!response.ok) return null;
    const { code } = (await response.json()) as { code?: unknown };
    return typeof code === 'string' ? code : null;
  } catch {
    return null;
  }
}

let started: Promise<void> | null = null;

/**
 * Starts the session once per page: a hand-over code in the fragment is exchanged (POST session/) for a knowledge
 * token, which replaces (and revokes) an older one; without a code, the token another knowledge tab keeps is used.
 */
export function startSession(): Promise<void> {
  started ??= (async () => {
    const { code } = takeFragment();
    countThisTab();
    try {
      if (code) {
        const older = readKnowledgeToken();
        const session = await exchangeCode(code);
        writeKnowledgeToken(session.knowledge_token);
        if (older && older !== session.knowledge_token) revoke(older);
        setSession({ state: 'ready', me: session.me });
        return;
      }
      if (!readKnowledgeToken()) {
        // A reload (or an address typed) in the only knowledge tab: its pagehide revoked the token, as a close
        // does. While the main session lives in this browser, the tab asks for a fresh hand-over itself.
        const fresh = await handOverAgain();
        if (!fresh) {
          setSession({ state: 'ended', message: knowledgeMessages.linkExpired });
          return;
        }
        const session = await exchangeCode(fresh);
        writeKnowledgeToken(session.knowledge_token);
        setSession({ state: 'ready', me: session.me });
        return;
      }
      const me = await fetchMe();
      setSession({ state: 'ready', me });
    } catch (error) {
      // A refused code (used, expired, unknown) says so; a refused licence or role gives its own message.
      if (current.state !== 'ended')
        setSession({ state: 'ended', message: isApiError(error) ? refusalText(error) : knowledgeMessages.linkExpired });
    }
  })();
  return started;
}
