import { KNOWLEDGE_APP_PATH, knowledgeHandover, knowledgeLookupResult } from '@lexdesk/contract';
import { apiRequest } from '../../api/client.ts';

/**
 * The main app's two knowledge calls (docs/knowledge.md). Their 403s carry the licence and role messages
 * (noLicence, notAuthorised): answers to show, not a reason to sign out.
 */
export const requestHandover = () =>
  apiRequest('knowledge-handover/', {
    method: 'POST',
    body: {},
    schema: knowledgeHandover,
    forceLogoutOnAuthError: false,
  });

export const lookupKnowledge = (term: string, conceptHeadId?: number) =>
  apiRequest('knowledge-lookup/', {
    query: { term, concept_head_id: conceptHeadId },
    schema: knowledgeLookupResult,
    forceLogoutOnAuthError: false,
  });

/** The knowledge application's address with the one-time code in the fragment (never sent to a server). */
export function knowledgeUrl(code: string, nodeId?: number): string {
  const fragment = new URLSearchParams({ code });
  if (nodeId) fragment.set('node', String(nodeId));
  return `${KNOWLEDGE_APP_PATH}/#${fragment.toString()}`;
}

/**
 * Opens Knowledge in a new tab: the tab opens at once, inside the click (a popup blocker lets that through), and
 * goes to the knowledge application when the hand-over code arrives; refused, it closes and the error is thrown.
 */
export async function openKnowledgeTab(nodeId?: number): Promise<void> {
  const tab = window.open('', '_blank');
  if (tab) tab.opener = null;
  try {
    const { code } = await requestHandover();
    if (tab && !tab.closed) tab.location.replace(knowledgeUrl(code, nodeId));
    else window.open(knowledgeUrl(code, nodeId), '_blank', 'noopener');
  } catch (error) {
    tab?.close();
    throw error;
  }
}

/** The knowledge-only user's /knowledge: the hand-over in this tab. */
export async function openKnowledgeHere(): Promise<void> {
  const { code } = await requestHandover();
  window.location.replace(knowledgeUrl(code));
}
