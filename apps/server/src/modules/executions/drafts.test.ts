import { templateMessages as M, type Executed, type ExecutionQuery } from '@lexdesk/contract';
import { expect, it } from 'vitest';
import { DEMO, describeEachDatabase, type Harness } from '../../../test/harness.ts';
import { setUp } from './execution-test-setup.ts';

/** Issue 18 item 1: a draft save that lands after the document was generated must never come back. */
describeEachDatabase('template drafts and rounds', (h) => {
  const query = async (templateId: number, token: string) =>
    (await h().request('GET', `/api/query/${templateId}/`, { token })).json<ExecutionQuery>();
  const saveDraft = (templateId: number, token: string, body: object) =>
    h().request('PUT', `/api/execute/draft/${templateId}/`, { token, body });

  async function ready(harness: Harness) {
    const setup = await setUp(harness);
    const user = await harness.freshSession('user');
    return { ...setup, user };
  }

  it('refuses a draft of a round whose document was generated, and saves the next round', async () => {
    const { template, answers, user } = await ready(h());
    expect((await query(template.id, user.token)).draft_round).toBe(0);
    expect((await saveDraft(template.id, user.token, { data: answers('Yes'), round: 0 })).statusCode).toBe(200);

    const executed = await h().request('POST', '/api/execute/', {
      token: user.token,
      body: { templateId: template.id, data: answers('Yes') },
    });
    expect(executed.statusCode, executed.body).toBe(201);
    expect(executed.json<Executed>().draft_round).toBe(1);

    // The autosave of the round just submitted arrives late: refused, and the form opens empty.
    const late = await saveDraft(template.id, user.token, { data: answers('Yes'), round: 0 });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ detail: M.draftStale });
    expect(await query(template.id, user.token)).toMatchObject({ draft: null, draft_round: 1 });

    // The screen goes on in the next round: its drafts are kept.
    expect((await saveDraft(template.id, user.token, { data: answers('No'), round: 1 })).statusCode).toBe(200);
    expect((await query(template.id, user.token)).draft?.data).toEqual(answers('No'));
  });

  it('never keeps a draft that races the Submit, whatever arrives first', async () => {
    const { template, answers, user } = await ready(h());
    for (let round = 0; round < 4; round += 1) {
      const [saved, executed] = await Promise.all([
        saveDraft(template.id, user.token, { data: answers('Yes'), round }),
        h().request('POST', '/api/execute/', {
          token: user.token,
          body: { templateId: template.id, data: answers('Yes') },
        }),
      ]);
      expect(executed.statusCode, executed.body).toBe(201);
      expect([200, 409]).toContain(saved.statusCode);
      expect(await query(template.id, user.token)).toMatchObject({ draft: null, draft_round: round + 1 });
    }
  });

  it('discards the draft on Start again and keeps the round', async () => {
    const { template, answers, user } = await ready(h());
    expect((await saveDraft(template.id, user.token, { data: answers('Yes'), round: 0 })).statusCode).toBe(200);
    const discarded = await h().request('DELETE', `/api/execute/draft/${template.id}/`, { token: user.token });
    expect(discarded.statusCode).toBe(200);
    expect(discarded.json()).toEqual({ detail: M.draftDiscarded });
    expect(await query(template.id, user.token)).toMatchObject({ draft: null, draft_round: 0 });
    expect((await saveDraft(template.id, user.token, { data: answers('No'), round: 0 })).statusCode).toBe(200);
  });

  it('validates the round and keeps drafts per user', async () => {
    const { template, answers, user } = await ready(h());
    for (const body of [{ data: answers('Yes') }, { data: answers('Yes'), round: -1 }, { data: [], round: 'x' }]) {
      expect((await saveDraft(template.id, user.token, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    const colleague = await h().freshSession('user');
    expect((await saveDraft(template.id, user.token, { data: answers('Yes'), round: 0 })).statusCode).toBe(200);
    expect((await query(template.id, colleague.token)).draft).toBeNull();
  });

  it('answers 404 to another organisation', async () => {
    const { template, answers } = await ready(h());
    const other = await h().login(DEMO.otherAdmin);
    const draft = await saveDraft(template.id, other.access, { data: answers('Yes'), round: 0 });
    expect(draft.statusCode).toBe(404);
    const discard = await h().request('DELETE', `/api/execute/draft/${template.id}/`, { token: other.access });
    expect(discard.statusCode).toBe(404);
  });
});
