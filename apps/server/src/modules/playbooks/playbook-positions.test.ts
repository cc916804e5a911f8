import type { PlaybookPositions } from '@lexdesk/contract';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/harness.ts';
import { createList, tokensOf } from '../analyser/analyser-test-helpers.ts';
import { createPlaybook, publish } from './playbook-test-helpers.ts';

describeEachDatabase("playbook positions next to a concept head's hits", (h) => {
  const positions = (token: string | null, conceptIds: string) =>
    h().request('GET', '/api/playbook/positions/', { token, query: { concept_ids: conceptIds } });

  it('answers the linked entries of the latest published version only, to the organisations that see it', async () => {
    const tokens = await tokensOf(h());
    const { headIds } = await createList(h(), tokens.admin);
    const [governingLaw, termination] = headIds as [number, number];
    const id = await createPlaybook(h(), tokens.admin, {
      category_ids: [],
      entries: [
        { topic: 'Governing law', standard_position: '<p>English law.</p>', concept_head_ids: [governingLaw] },
        { topic: 'Unlinked', standard_position: '<p>Nothing.</p>' },
      ],
    });
    const ask = `${governingLaw},${termination}`;
    // A draft is not what the firm approved: nothing shows until it is published.
    expect((await positions(tokens.user, ask)).json<PlaybookPositions>().data).toEqual([]);
    await publish(h(), tokens.admin, id);
    const first = (await positions(tokens.user, ask)).json<PlaybookPositions>().data;
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ concept_id: governingLaw, playbook_id: id, version: 1 });
    expect(first[0]?.entry).toMatchObject({ topic: 'Governing law', standard_position: '<p>English law.</p>' });

    // A new draft changes nothing until published as version 2.
    const detail = (await h().request('GET', `/api/playbook/${id}/`, { token: tokens.admin })).json<{
      name: string;
    }>();
    const change = await h().request('PUT', `/api/playbook/${id}/`, {
      token: tokens.admin,
      body: {
        name: detail.name,
        playbook_type: 'Non-disclosure agreement',
        entries: [{ topic: 'Law and courts', concept_head_ids: [governingLaw, termination] }],
      },
    });
    expect(change.statusCode, change.body).toBe(200);
    expect((await positions(tokens.user, ask)).json<PlaybookPositions>().data[0]?.entry.topic).toBe('Governing law');
    await publish(h(), tokens.admin, id);
    const second = (await positions(tokens.user, ask)).json<PlaybookPositions>().data;
    expect(second.map((p) => [p.concept_id, p.version, p.entry.topic])).toEqual([
      [governingLaw, 2, 'Law and courts'],
      [termination, 2, 'Law and courts'],
    ]);

    // Another organisation sees none of it; no token, 401; ids must be ids.
    expect((await positions(tokens.otherAdmin, ask)).json<PlaybookPositions>().data).toEqual([]);
    expect((await positions(null, ask)).statusCode).toBe(401);
    expect((await positions(tokens.user, 'one,two')).statusCode).toBe(400);
  });
});
