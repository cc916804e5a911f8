import type { ConceptListCreated, HeadPartSaved, Rule, Scope, Clause, Amendment } from '@lexdesk/contract';
import { expect } from 'vitest';
import { DEMO, type Harness } from '../../../test/harness.ts';
import { recordFeedback } from './feedback.service.ts';
import { caseWithDocuments, runReview, saveReview } from './review/review-test-helpers.ts';

/**
 * Demo Law LLP ids for the analyser's route parameters (route-access.test.ts): a list of its own, assigned to
 * no one else, with one head carrying a clause, a scope item with an example, a rule with a suggestion, an
 * amendment and a vote.
 */
export async function analyserParams(h: Harness): Promise<Record<string, number>> {
  const { access } = await h.login(DEMO.admin);
  const actor = await h.actorOf(access);
  const created = await h.request('POST', '/api/concept-list/', {
    token: access,
    body: {
      name: `Route access ${Date.now()}`,
      organisationIDs: [h.ids.demoOrg],
      userIDs: [h.ids.admin],
      concepts: [{ head: 'Access', definition: '', terms: 'access', phrases: '' }],
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const { concept_list_id, concept_ids } = created.json<ConceptListCreated>().ids;
  const concept_id = concept_ids[0] as number;
  const post = async (url: string, body: object) => {
    const res = await h.request('POST', url, { token: access, body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<HeadPartSaved>();
  };
  const get = async <T>(url: string) => (await h.request('GET', url, { token: access })).json<T>();
  await post('/api/concept-list/create/clause/', { conceptID: concept_id, clause_description: 'A clause.' });
  await post('/api/concept-list/create/scope/', {
    conceptID: concept_id,
    scope_description: 'A scope item',
    examples: [{ example_text: 'An example' }],
  });
  await post('/api/concept-list/create/term-rule/', {
    conceptID: concept_id,
    rule_description: 'A rule',
    suggestions: [{ suggestion_text: 'A suggestion' }],
  });
  await post(`/api/concept/amendments/${concept_id}/`, { amendment_type: 'Text', amendment: 'An amendment' });
  const clause = (await get<{ clauses: Clause[] }>(`/api/concept-list/clause/${concept_id}/`)).clauses[0];
  const scope = (await get<{ scopes: Scope[] }>(`/api/concept-list/scope/${concept_id}/`)).scopes[0];
  const rule = (await get<{ rules: Rule[] }>(`/api/concept-list/rules/${concept_id}/`)).rules[0];
  const amendment = (await get<{ data: Amendment[] }>(`/api/concept/amendments/${concept_id}/`)).data[0];
  const feedback_id = await recordFeedback(h.ctx, actor, concept_id, { thumbs_up: true, comments: '', term: 'access' });
  // Review and saved searches: a case with an indexed document, a run of the list over it, saved.
  const reviewed = await caseWithDocuments(h, access, { 'access.txt': ['Access is granted to Demo Law LLP only.'] });
  const run = await runReview(h, access, { concept_list_id, document_ids: reviewed.documentIds });
  const saved = await saveReview(h, access, run.run_id);
  return {
    concept_list_id,
    concept_id,
    clause_id: clause?.clause_id ?? 0,
    scope_id: scope?.scope_id ?? 0,
    example_id: scope?.examples[0]?.example_id ?? 0,
    rule_id: rule?.rule_id ?? 0,
    suggestion_id: rule?.suggestions[0]?.suggestion_id ?? 0,
    amendment_id: amendment?.id ?? 0,
    feedback_id,
    // A run id is a token of letters and digits; another user's (or organisation's) answers 404 like a missing one.
    run_id: 1_000_000_000,
    caseTaskId: reviewed.caseId,
    id: saved.id,
  };
}

/** Requests that pass validation on the analyser's routes with ids, so only visibility can stop them. */
export function analyserRequest(method: string, url: string): object | null {
  const bodies: Record<string, object> = {
    'PUT /api/concept-list/rules/update/:concept_id/': { rule_id: 1, rule_description: 'Intruder' },
    'PUT /api/concept-list/scope/update/:concept_id/': { scope_id: 1, scope_description: 'Intruder' },
    'PUT /api/concept-list/clause/update/:concept_id/': { clause_id: 1, clause_description: 'Intruder' },
    'POST /api/concept/amendments/:concept_id/': { amendment_type: 'Text', amendment: 'Intruder' },
    'PUT /api/concept/amendment/modification/:amendment_id/': { amendment_type: 'Text', amendment: 'Intruder' },
  };
  const body = bodies[`${method} ${url}`];
  return body ? { body } : null;
}
