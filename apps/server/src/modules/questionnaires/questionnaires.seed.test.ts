import { expect, it } from 'vitest';
import { DEMO_ORGANISATION } from '../../db/demo.seed.ts';
import { describeEachDatabase } from '../../../test/harness.ts';
import { categoriesService } from './categories.service.ts';
import { questionnairesService } from './questionnaires.service.ts';
import { DEMO_CATEGORIES, seedDemoQuestionnaireData } from './questionnaires.seed.ts';

describeEachDatabase('demo questionnaires', (h) => {
  it('seeds two categories with the agreed tags and a conditional three levels deep, once', async () => {
    await seedDemoQuestionnaireData(h().ctx, DEMO_ORGANISATION, 'super@example.com');
    await seedDemoQuestionnaireData(h().ctx, DEMO_ORGANISATION, 'super@example.com');
    const org = h().ids.demoOrg;
    const { data } = await categoriesService(h().ctx).list(
      await h().actorOf((await h().login('admin@example.com')).access),
    );
    const ids = data
      .filter((c) => (DEMO_CATEGORIES as readonly string[]).includes(c.category_name))
      .map((c) => c.category_id);
    expect(ids).toHaveLength(2);
    const tags = new Set((await questionnairesService(h().ctx).tags(org, ids)).map((t) => t.tag));
    for (const tag of [
      'client_name',
      'client_address',
      'matter_reference',
      'effective_date',
      'governing_law',
      'confidentiality_clause',
      'term_years',
      'payment_terms',
      'late_payment_clause',
      'dispute_resolution',
      'guarantor_clause',
      'has_guarantor',
      'guarantor_name',
      'guarantee_limited',
      'guarantee_cap',
      'guarantee_cap_amount',
    ]) {
      expect(tags.has(tag), tag).toBe(true);
    }
    const roots = await questionnairesService(h().ctx).questionsOfCategories(org, ids);
    const guarantor = roots.find((q) => q.question_text === 'Is there a guarantor?');
    const level3 = guarantor?.showData[0]?.listForm[1]?.showData[0]?.listForm[0]?.showData[0]?.listForm[0];
    expect(level3).toMatchObject({ question_text: 'What is the cap amount?', depth: 3 });
  });
});
