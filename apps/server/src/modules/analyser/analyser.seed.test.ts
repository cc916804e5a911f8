import type { ConceptContentPage, ConceptListDetail, FeedbackCounts } from '@lexdesk/contract';
import { expect, it } from 'vitest';
import { DEMO_ORGANISATION } from '../../db/demo.seed.ts';
import { DEMO, describeEachDatabase } from '../../../test/harness.ts';
import {
  DEMO_CONCEPT_HEADS,
  DEMO_CONCEPT_LIST,
  DEMO_FIRM_CONCEPT_LIST,
  seedDemoConceptLists,
} from './analyser.seed.ts';

describeEachDatabase('demo concept lists', (h) => {
  it('seeds a list assigned to all and a smaller Demo Law list with parts and votes, once', async () => {
    await seedDemoConceptLists(h().ctx, DEMO_ORGANISATION, DEMO.super);
    await seedDemoConceptLists(h().ctx, DEMO_ORGANISATION, DEMO.super);
    const names = async (email: string) => {
      const { access } = await h().login(email);
      const page = (
        await h().request('GET', '/api/concept-content/list/', { token: access, query: { limits: 100 } })
      ).json<ConceptContentPage>();
      return page.data.map((row) => ('concept_list' in row ? row.concept_list : ''));
    };
    expect((await names(DEMO.otherAdmin)).filter((name) => name.startsWith('Commercial'))).toEqual([DEMO_CONCEPT_LIST]);
    expect(await names(DEMO.otherAdmin)).not.toContain(DEMO_FIRM_CONCEPT_LIST);
    expect(await names(DEMO.user)).toEqual(expect.arrayContaining([DEMO_CONCEPT_LIST, DEMO_FIRM_CONCEPT_LIST]));
    const { access } = await h().login(DEMO.admin);
    const options = (await h().request('GET', '/api/concept-list/', { token: access })).json<{
      concept_list: { concept_list_id: number; concept_list: string }[];
    }>();
    const id = options.concept_list.find((l) => l.concept_list === DEMO_CONCEPT_LIST)?.concept_list_id;
    const detail = (
      await h().request('GET', '/api/concept-list/create/', { token: access, query: { conceptListID: id ?? 0 } })
    ).json<{ concept_list: ConceptListDetail[] }>().concept_list[0];
    expect(detail?.heads).toHaveLength(DEMO_CONCEPT_HEADS.length);
    expect(detail).toMatchObject({ is_assigned_to_all: true, isCreatedBysuperadmin: true });
    const law = detail?.heads[0]?.concept_id ?? 0;
    const details = await h().request('GET', '/api/concept-list/concepts/details/', {
      token: access,
      query: { concept_ids: `${law},${detail?.heads[2]?.concept_id}` },
    });
    const [lawDetails, liability] = details.json().data;
    expect(lawDetails.clauses).toHaveLength(1);
    expect(lawDetails.scopes[0].examples).toHaveLength(2);
    expect(liability.rules[0].suggestions).toHaveLength(2);
    const counts = (await h().request('GET', `/api/feedbacks/count/${law}/`, { token: access })).json<FeedbackCounts>();
    expect(counts).toMatchObject({ thumbs_up_count: 2, thumbs_down_count: 1 });
    const amended = await h().request('GET', `/api/concept/amendments/${detail?.heads[1]?.concept_id}/`, {
      token: access,
    });
    expect(amended.json().data).toHaveLength(1);
  });
});
