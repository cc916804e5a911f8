import { conceptMessages as M, type HeadPartSaved, type Rule, type Scope } from '@lexdesk/contract';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/harness.ts';
import { createList, sharedList, tokensOf, type Tokens } from './analyser-test-helpers.ts';

describeEachDatabase('head parts: clauses, out-of-scope items, rules', (h) => {
  let t: Tokens;
  beforeAll(async () => {
    t = await tokensOf(h());
  });
  const req = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    token: string | null,
    body?: unknown,
    query?: Record<string, string>,
  ) => h().request(method, url, { token, ...(body === undefined ? {} : { body }), ...(query ? { query } : {}) });

  it('adds, lists, edits and deletes clauses with the spec messages', async () => {
    const { headIds } = await createList(h(), t.admin);
    const head = headIds[0] as number;
    const added = await req('POST', '/api/concept-list/create/clause/', t.admin, {
      conceptID: head,
      clause_description: ' English law. ',
    });
    expect(added.statusCode, added.body).toBe(201);
    const saved = added.json<HeadPartSaved>();
    expect(saved).toMatchObject({ detail: M.clauseSaved, concept_id: head });
    const listed = await req('GET', `/api/concept-list/clause/${head}/`, t.user);
    expect(listed.json()).toEqual({ clauses: [{ clause_id: saved.id, clause_description: 'English law.' }] });
    const blank = await req('POST', '/api/concept-list/create/clause/', t.admin, {
      conceptID: head,
      clause_description: ' ',
    });
    expect(blank.json().detail).toBe(M.invalidClause);
    const edited = await req('PUT', `/api/concept-list/clause/update/${head}/`, t.admin, {
      clause_id: saved.id,
      clause_description: 'Scots law.',
    });
    expect(edited.json()).toMatchObject({ detail: M.clauseSaved, concept_id: head, id: saved.id });
    const missing = await req('PUT', `/api/concept-list/clause/update/${head}/`, t.admin, {
      clause_id: 999999,
      clause_description: 'x',
    });
    expect(missing.statusCode).toBe(404);
    expect(
      (await req('POST', '/api/concept-list/create/clause/', t.user, { conceptID: head, clause_description: 'x' }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await req('POST', '/api/concept-list/create/clause/', t.otherAdmin, {
          conceptID: head,
          clause_description: 'x',
        })
      ).statusCode,
    ).toBe(404);
    expect((await req('GET', `/api/concept-list/clause/${head}/`, t.otherAdmin)).statusCode).toBe(404);
    expect((await req('GET', `/api/concept-list/clause/${head}/`, null)).statusCode).toBe(401);
    const removed = await req('DELETE', `/api/concept-list/clause/delete/${head}/${saved.id}/`, t.admin, undefined, {
      updateAll: 'false',
    });
    expect(removed.json()).toEqual({ detail: M.clauseDeleted, concept_id: head, id: null });
    expect((await req('GET', `/api/concept-list/clause/${head}/`, t.admin)).json()).toEqual({ clauses: [] });
  });

  it('saves scope items with examples: temporary ids inserted, saved ones updated, missing ones deleted; example delete 204', async () => {
    const { headIds } = await createList(h(), t.admin);
    const head = headIds[0] as number;
    const blank = await req('POST', '/api/concept-list/create/scope/', t.admin, {
      conceptID: head,
      scope_description: ' ',
      examples: [],
    });
    expect(blank.json().detail).toBe(M.descriptionRequired);
    const badExample = await req('POST', '/api/concept-list/create/scope/', t.admin, {
      conceptID: head,
      scope_description: 'Regulatory mentions',
      examples: [{ example_text: '  ' }],
    });
    expect(badExample.json().detail).toBe(M.invalidExample);
    const added = await req('POST', '/api/concept-list/create/scope/', t.admin, {
      conceptID: head,
      scope_description: 'Regulatory mentions',
      examples: [{ example_id: -1, example_text: 'One' }, { example_text: 'Two' }],
    });
    expect(added.json()).toMatchObject({ detail: M.scopeSaved, concept_id: head });
    const scopes = async () =>
      (await req('GET', `/api/concept-list/scope/${head}/`, t.admin)).json<{ scopes: Scope[] }>().scopes;
    const [scope] = await scopes();
    expect(scope?.examples.map((e) => e.example_text)).toEqual(['One', 'Two']);
    const [one, two] = scope?.examples ?? [];
    const updated = await req('PUT', `/api/concept-list/scope/update/${head}/`, t.admin, {
      scope_id: scope?.scope_id,
      scope_description: 'Regulatory mentions only',
      examples: [
        { example_id: one?.example_id, example_text: 'One, edited' },
        { example_id: -5, example_text: 'Three' },
      ],
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const [after] = await scopes();
    expect(after?.scope_description).toBe('Regulatory mentions only');
    expect(after?.examples.map((e) => e.example_text)).toEqual(['One, edited', 'Three']);
    expect(after?.examples[0]?.example_id).toBe(one?.example_id);
    expect(after?.examples.some((e) => e.example_id === two?.example_id)).toBe(false);
    const gone = await req(
      'DELETE',
      `/api/concept-list/scope/delete/${head}/${scope?.scope_id}/${one?.example_id}/`,
      t.admin,
    );
    expect(gone.statusCode).toBe(204);
    expect(gone.body).toBe('');
    expect((await scopes())[0]?.examples.map((e) => e.example_text)).toEqual(['Three']);
    const again = await req(
      'DELETE',
      `/api/concept-list/scope/delete/${head}/${scope?.scope_id}/${one?.example_id}/`,
      t.admin,
    );
    expect(again.statusCode).toBe(404);
    const removed = await req('DELETE', `/api/concept-list/scope/delete/${head}/${scope?.scope_id}/`, t.admin);
    expect(removed.json().detail).toBe(M.scopeDeleted);
    expect(await scopes()).toEqual([]);
  });

  it('saves rules with suggestions and deletes a suggestion straight away', async () => {
    const { headIds } = await createList(h(), t.admin);
    const head = headIds[1] as number;
    const bad = await req('POST', '/api/concept-list/create/term-rule/', t.admin, {
      conceptID: head,
      rule_description: 'Notice of 90 days',
      suggestions: [{ suggestion_text: '' }],
    });
    expect(bad.json().detail).toBe(M.invalidSuggestion);
    const blank = await req('POST', '/api/concept-list/create/term-rule/', t.admin, {
      conceptID: head,
      rule_description: '',
    });
    expect(blank.json().detail).toBe(M.descriptionRequired);
    await req('POST', '/api/concept-list/create/term-rule/', t.admin, {
      conceptID: head,
      rule_description: 'Notice of 90 days',
      suggestions: [{ suggestion_text: 'Ask for 90 days' }, { suggestion_text: 'Accept 60 days' }],
    });
    const rules = async () =>
      (await req('GET', `/api/concept-list/rules/${head}/`, t.user)).json<{ rules: Rule[] }>().rules;
    const [rule] = await rules();
    expect(rule?.suggestions.map((s) => s.suggestion_text)).toEqual(['Ask for 90 days', 'Accept 60 days']);
    const first = rule?.suggestions[0]?.suggestion_id;
    const res = await req('DELETE', `/api/concept-list/rules/delete/${head}/${rule?.rule_id}/${first}/`, t.admin);
    expect(res.json()).toMatchObject({ detail: M.suggestionDeleted, concept_id: head });
    expect((await rules())[0]?.suggestions.map((s) => s.suggestion_text)).toEqual(['Accept 60 days']);
    const updated = await req('PUT', `/api/concept-list/rules/update/${head}/`, t.admin, {
      rule_id: rule?.rule_id,
      rule_description: 'Notice of 60 days',
      suggestions: [],
    });
    expect(updated.json().detail).toBe(M.ruleSaved);
    expect((await rules())[0]).toMatchObject({ rule_description: 'Notice of 60 days', suggestions: [] });
    const removed = await req(
      'DELETE',
      `/api/concept-list/rules/delete/${head}/${rule?.rule_id}/`,
      t.admin,
      undefined,
      { updateAll: 'false' },
    );
    expect(removed.json().detail).toBe(M.ruleDeleted);
  });

  it("puts an assigned organisation's part edits in its own copy; the owner's parts stay, both directions", async () => {
    const { headIds } = await sharedList(h(), t);
    const head = headIds[0] as number;
    const scope = await req('POST', '/api/concept-list/create/scope/', t.admin, {
      conceptID: head,
      scope_description: 'Owner scope',
      examples: [{ example_text: 'Owner example' }],
    });
    const [original] = (await req('GET', `/api/concept-list/scope/${head}/`, t.otherAdmin)).json<{ scopes: Scope[] }>()
      .scopes;
    expect(original?.scope_id).toBe(scope.json<HeadPartSaved>().id);
    const edit = await req(
      'PUT',
      `/api/concept-list/scope/update/${head}/`,
      t.otherAdmin,
      {
        scope_id: original?.scope_id,
        scope_description: 'Other scope',
        examples: [
          { example_id: original?.examples[0]?.example_id, example_text: 'Other example' },
          { example_text: 'New' },
        ],
      },
      { updateAll: 'false' },
    );
    expect(edit.statusCode, edit.body).toBe(200);
    const copyHead = edit.json<HeadPartSaved>().concept_id;
    expect(copyHead).not.toBe(head);
    const owner = (await req('GET', `/api/concept-list/scope/${head}/`, t.admin)).json<{ scopes: Scope[] }>().scopes;
    expect(owner.map((s) => [s.scope_description, s.examples.map((e) => e.example_text)])).toEqual([
      ['Owner scope', ['Owner example']],
    ]);
    const other = (await req('GET', `/api/concept-list/scope/${copyHead}/`, t.otherAdmin)).json<{ scopes: Scope[] }>()
      .scopes;
    expect(other.map((s) => [s.scope_description, s.examples.map((e) => e.example_text)])).toEqual([
      ['Other scope', ['Other example', 'New']],
    ]);
    expect((await req('GET', `/api/concept-list/scope/${copyHead}/`, t.admin)).statusCode).toBe(404);
    expect((await req('GET', `/api/concept-list/scope/${head}/`, t.otherAdmin)).statusCode).toBe(404);
    // The owner's later clause does not reach the copy.
    await req('POST', '/api/concept-list/create/clause/', t.admin, {
      conceptID: head,
      clause_description: 'Owner only',
    });
    expect((await req('GET', `/api/concept-list/clause/${copyHead}/`, t.otherAdmin)).json()).toEqual({ clauses: [] });
  });
});
