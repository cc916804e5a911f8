import { expect, it } from 'vitest';
import { DEMO, describeEachDatabase } from '../../../test/harness.ts';
import { DEMO_ORGANISATION } from '../../db/demo.seed.ts';
import { DEMO_CATEGORIES, seedDemoQuestionnaireData } from '../questionnaires/questionnaires.seed.ts';
import { DEMO_TEMPLATE_NAME, seedDemoTemplate, seedDemoTemplateData } from './templates.seed.ts';
import type { TemplateDetail, TemplateListResponse } from '@lexdesk/contract';

describeEachDatabase('demo precedent', (h) => {
  it('is seeded once, with every tag matched to the demo questionnaires, and runs for a user', async () => {
    await seedDemoQuestionnaireData(h().ctx, DEMO_ORGANISATION, DEMO.super);
    await seedDemoTemplateData(h().ctx, DEMO_ORGANISATION, DEMO.super);
    expect(await seedDemoTemplate(h().ctx, h().ids.demoOrg, h().ids.super)).toBe(false);
    const { access } = await h().login(DEMO.user);
    const list = (
      await h().request('GET', '/api/document-template/', { token: access, query: { search_key: DEMO_TEMPLATE_NAME } })
    ).json<TemplateListResponse>();
    expect(list.data).toHaveLength(1);
    const admin = await h().login(DEMO.admin);
    const detail = (
      await h().request('GET', `/api/document-template/${list.data[0]?.id}/`, { token: admin.access })
    ).json<TemplateDetail>();
    expect(detail.matching.document_only).toEqual([]);
    expect(detail.categories.map((c) => c.name).sort()).toEqual([...DEMO_CATEGORIES].sort());
    const query = await h().request('GET', `/api/query/${detail.id}/`, { token: access });
    expect(query.statusCode).toBe(200);
  });
});
