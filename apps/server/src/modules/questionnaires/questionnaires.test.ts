import {
  questionnaireMessages as M,
  type CategorySaved,
  type QuestionInput,
  type QuestionnaireList,
  type QuestionView,
} from '@lexdesk/contract';
import { describe, expect, it } from 'vitest';
import { DEMO, describeEachDatabase, type Harness } from '../../../test/harness.ts';
import { auditService } from '../../platform/audit/audit.service.ts';
import { categoriesService } from './categories.service.ts';
import { chain, multipleChoice, repeatingGroup, shortAnswer, withBranches, yesNo } from './questionnaire-fixtures.ts';
import { questionnairesService } from './questionnaires.service.ts';

let n = 0;

async function newCategory(h: Harness, token: string): Promise<number> {
  const res = await h.request('POST', '/api/category/', { token, body: { name: `Cat ${Date.now()}-${(n += 1)}` } });
  return res.json<CategorySaved>().category_id;
}

/** QuestionView → QuestionInput, as the builder sends an edited form back. */
function toInput(view: QuestionView): QuestionInput {
  return {
    question_id: view.question_id,
    question_type: view.question_type,
    question_text: view.question_text,
    description: view.description,
    is_conditional: view.is_conditional,
    yesList: view.yesList,
    noList: view.noList,
    associated_tag: view.associated_tag,
    values: view.values.map(({ option, value }) => ({ option, value })),
    multiple_answers: view.multiple_answers,
    fields: view.fields,
    showData: view.showData.map((b) => ({
      selectedOption: b.selectedOption,
      selectedCategory: b.selectedCategory,
      selectedQuestion: b.selectedQuestion,
      selectedType: b.selectedType,
      type: b.type,
      listForm: b.type === 'new' ? b.listForm.map(toInput) : [],
    })),
  };
}

describeEachDatabase('questionnaires', (h) => {
  const post = (token: string | null, body: unknown) => h().request('POST', '/api/questionnaire/', { token, body });
  const get = (token: string | null, id: number) => h().request('GET', `/api/question/get/${id}/`, { token });
  const put = (token: string | null, id: number, body: unknown) =>
    h().request('PUT', `/api/question/get/${id}/`, { token, body });

  it('saves a form of every question type with a nested conditional of depth 3 and reads it back', async () => {
    const { access } = await h().login(DEMO.admin);
    const category = await newCategory(h(), access);
    const form = [
      shortAnswer('Client name?', 'client_name', { description: '<p>The <strong>full</strong> legal name</p>' }),
      multipleChoice('Governing law?', [
        {
          option: 'England',
          tag: 'governing_law',
          value: '<p>the laws of <em>England</em></p>',
          description: '<p>E&amp;W</p>',
        },
        { option: 'Scotland', tag: 'governing_law' },
      ]),
      chain(3, 'nested'),
    ];
    const res = await post(access, { form, category });
    expect(res.statusCode).toBe(201);
    const { detail, id } = res.json<{ detail: string; id: number }>();
    expect(detail).toBe(M.formAdded);

    const read = await get(access, id);
    expect(read.statusCode).toBe(200);
    const views = read.json<QuestionView[]>();
    expect(views).toHaveLength(3);
    expect(views[0]).toMatchObject({
      question_type: 'short',
      question_text: 'Client name?',
      associated_tag: 'client_name',
      description: '<p>The <strong>full</strong> legal name</p>',
      category,
      depth: 0,
      tagList: ['client_name'],
      questionnaire_id: id,
    });
    expect(views[1]?.values.map((v) => [v.option, v.value[0]?.value, v.value[0]?.tag])).toEqual([
      ['England', '<p>the laws of <em>England</em></p>', 'governing_law'],
      ['Scotland', '<p>Scotland</p>', 'governing_law'],
    ]);
    expect(views[1]?.tagList).toEqual(['governing_law']);
    let node = views[2];
    for (let level = 0; level < 3; level++) {
      expect(node).toMatchObject({ question_text: `nested ${level}`, is_conditional: true, depth: level });
      expect(node?.showData[0]).toMatchObject({ selectedOption: 'Yes', type: 'new' });
      node = node?.showData[0]?.listForm[0];
    }
    expect(node).toMatchObject({ question_text: 'nested 3', is_conditional: false, depth: 3, showData: [] });
    expect(node?.yesList).toEqual([{ yes: '<p>Yes: nested 3</p>', tag: 'nested_3' }]);

    const list = (await h().request('GET', '/api/questionnaire/', { token: access })).json<QuestionnaireList>();
    expect(list.data.find((row) => row.id === id)).toMatchObject({
      category_id: category,
      first_question: 'Client name?',
      question_count: 3,
      created_by: 'Ada Admin',
    });
    const history = await auditService(h().ctx).historyOf(h().ids.demoOrg, 'questionnaire', id);
    expect(history.map((e) => e.action)).toEqual(['created']);
  });

  it('keeps the Multiple Choice answer mode: one answer by default, several when asked, several for older rows', async () => {
    const { access } = await h().login(DEMO.admin);
    const category = await newCategory(h(), access);
    const options = [
      { option: 'March', tag: 'completion' },
      { option: 'June', tag: 'completion' },
    ];
    // A body without the field is a new question: one answer.
    const { multiple_answers: _omitted, ...withoutMode } = multipleChoice('Completion?', options);
    const res = await post(access, {
      category,
      form: [withoutMode, multipleChoice('Copies?', options, { multiple_answers: true }), yesNo('Signed?', 'signed')],
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<{ id: number }>().id;
    const views = (await get(access, id)).json<QuestionView[]>();
    expect(views.map((v) => v.multiple_answers)).toEqual([false, true, false]);

    // Switching modes on edit is kept.
    const edited = views.map(toInput).map((q, i) => (i < 2 ? { ...q, multiple_answers: i === 0 } : q));
    expect((await put(access, id, { category, form: edited })).statusCode).toBe(200);
    expect((await get(access, id)).json<QuestionView[]>().map((v) => v.multiple_answers)).toEqual([true, false, false]);

    // A question stored before the mode existed (the column's default, as migration 0014 gave existing rows).
    const now = new Date().toISOString();
    await h()
      .ctx.db.insertInto('questions')
      .values({
        organisation_id: h().ids.demoOrg,
        questionnaire_id: id,
        category_id: category,
        position: 9,
        question_type: 'Multiple',
        question_text: 'Stored before?',
        created_at: now,
        updated_at: now,
      })
      .execute();
    const older = (await get(access, id)).json<QuestionView[]>().find((v) => v.question_text === 'Stored before?');
    expect(older?.multiple_answers).toBe(true);
  });

  it('updates a form: kept questions keep their ids, removed ones go, new ones are added', async () => {
    const { access } = await h().login(DEMO.super);
    const category = await newCategory(h(), access);
    const created = await post(access, {
      category,
      form: [
        yesNo('Keep me?', 'keep'),
        yesNo('Drop me?', 'drop'),
        withBranches(yesNo('Parent?', 'parent'), [
          { selectedOption: 'No', listForm: [shortAnswer('Child?', 'child')] },
        ]),
      ],
    });
    const id = created.json<{ id: number }>().id;
    const [keep, , parent] = (await get(access, id)).json<QuestionView[]>();
    if (!keep || !parent) throw new Error('missing questions');
    const otherCategory = await newCategory(h(), access);
    const edited = [
      { ...toInput(keep), question_text: 'Kept and edited?' },
      toInput(parent),
      shortAnswer('Brand new?', 'brand_new'),
    ];
    const res = await put(access, id, { form: edited, category: otherCategory });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: M.updated });
    const after = (await get(access, id)).json<QuestionView[]>();
    expect(after.map((q) => [q.question_text, q.category])).toEqual([
      ['Kept and edited?', otherCategory],
      ['Parent?', otherCategory],
      ['Brand new?', otherCategory],
    ]);
    expect(after[0]?.question_id).toBe(keep.question_id);
    expect(after[1]?.question_id).toBe(parent.question_id);
    expect(after[1]?.showData[0]?.listForm[0]?.question_id).toBe(parent.showData[0]?.listForm[0]?.question_id);
  });

  it('refuses a question id that is not of this form', async () => {
    const { access } = await h().login(DEMO.admin);
    const category = await newCategory(h(), access);
    const a = (await post(access, { category, form: [yesNo('A?', 'a')] })).json<{ id: number }>().id;
    const b = (await post(access, { category, form: [yesNo('B?', 'b')] })).json<{ id: number }>().id;
    const [aQuestion] = (await get(access, a)).json<QuestionView[]>();
    if (!aQuestion) throw new Error('missing');
    const res = await put(access, b, { category, form: [toInput(aQuestion)] });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(M.questionNotInForm);
  });

  it('reuses a drafted question in an edit branch, and refuses reuse twice, of its own questions and too deep', async () => {
    const { access } = await h().login(DEMO.admin);
    const category = await newCategory(h(), access);
    const drafted = (await post(access, { category, form: [chain(1, 'drafted')] })).json<{ id: number }>().id;
    const [draftedRoot] = (await get(access, drafted)).json<QuestionView[]>();
    if (!draftedRoot) throw new Error('missing');
    const picker = await h().request('GET', `/api/category/question/${category}/`, { token: access });
    expect(picker.json<{ data: QuestionView[] }>().data.map((q) => q.question_text)).toEqual([
      'drafted 0',
      'drafted 1',
    ]);

    const reuse = (selectedOption: string) => ({
      selectedOption,
      type: 'edit' as const,
      selectedCategory: category,
      selectedQuestion: draftedRoot.question_id,
    });
    const ok = await post(access, { category, form: [withBranches(yesNo('Uses it?', 'uses'), [reuse('Yes')])] });
    expect(ok.statusCode).toBe(201);
    const [view] = (await get(access, ok.json<{ id: number }>().id)).json<QuestionView[]>();
    expect(view?.showData[0]).toMatchObject({ type: 'edit', selectedQuestion: draftedRoot.question_id });
    expect(view?.showData[0]?.listForm[0]).toMatchObject({ question_text: 'drafted 0', questionnaire_id: drafted });
    expect(view?.showData[0]?.listForm[0]?.showData[0]?.listForm[0]?.question_text).toBe('drafted 1');

    const twice = await post(access, {
      category,
      form: [withBranches(yesNo('Twice?', 'twice'), [reuse('Yes'), reuse('No')])],
    });
    expect(twice.json().detail).toBe(M.conditionalOverLimit);
    // drafted has one level below it; reused at depth 3 it would reach depth 4.
    const deep = chain(2, 'deep');
    const deepest = deep.showData[0]?.listForm[0]?.showData[0]?.listForm[0];
    if (!deepest) throw new Error('fixture');
    Object.assign(deepest, withBranches(deepest, [reuse('No')]));
    const tooDeep = await post(access, { category, form: [deep] });
    expect(tooDeep.statusCode).toBe(400);
    expect(tooDeep.json().detail).toBe(M.conditionalOverLimit);
    const own = await put(access, drafted, {
      category,
      form: [withBranches(toInput(draftedRoot), [{ ...reuse('No'), selectedQuestion: draftedRoot.question_id }])],
    });
    expect(own.json().detail).toBe(M.conditionalOverLimit);
    const missing = await post(access, {
      category,
      form: [withBranches(yesNo('Missing?', 'm'), [{ ...reuse('Yes'), selectedQuestion: 999_999 }])],
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe(M.questionNotFound);
  });

  it('refuses nesting deeper than 3 levels', async () => {
    const { access } = await h().login(DEMO.admin);
    const category = await newCategory(h(), access);
    const res = await post(access, { category, form: [chain(4)] });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(M.conditionalOverLimit);
  });

  describe('validation messages of spec 02 §5', () => {
    const cases: [string, QuestionInput[], string][] = [
      ['blank question', [yesNo(' ', 't')], M.blankQuestion],
      ['blank tag', [yesNo('Q?', '')], M.blankTag],
      ['blank yes text', [{ ...yesNo('Q?', 't'), yesList: [{ yes: '<p> </p>', tag: 't' }] }], M.blankTag],
      ['blank short tag', [shortAnswer('Q?', '  ')], M.blankTag],
      ['blank option', [multipleChoice('Q?', [{ option: '', tag: 't' }])], M.blankOption],
      ['blank question and tag', [shortAnswer('', '')], M.blankQuestionAndTag],
      ['blank question and option', [multipleChoice('', [{ option: ' ', tag: 't' }])], M.blankQuestionAndOption],
      [
        'branch without selection',
        [withBranches(yesNo('Q?', 't'), [{ selectedOption: '', listForm: [yesNo('C?', 'c')] }])],
        M.branchWithoutSelection,
      ],
      [
        'edit branch without question',
        [withBranches(yesNo('Q?', 't'), [{ selectedOption: 'Yes', type: 'edit' }])],
        M.branchWithoutSelection,
      ],
      [
        'branch on an answer the parent lacks',
        [withBranches(yesNo('Q?', 't'), [{ selectedOption: 'Maybe', listForm: [yesNo('C?', 'c')] }])],
        M.branchWithoutSelection,
      ],
      ['several blanks', [multipleChoice('', [{ option: '', tag: '' }])], M.severalBlanks],
      [
        'blank child question and tag',
        [withBranches(yesNo('Q?', 't'), [{ selectedOption: 'Yes', listForm: [shortAnswer('', '')] }])],
        M.blankQuestionAndTag,
      ],
      ['option over 250', [multipleChoice('Q?', [{ option: 'o'.repeat(251), tag: 't' }])], M.optionTooLong],
      ['conditional without branches', [{ ...yesNo('Q?', 't'), is_conditional: true }], M.lastBranch],
      ['question over 5000', [yesNo('q'.repeat(5001), 't')], M.questionTooLong],
      ['tag over 254', [yesNo('Q?', 't'.repeat(255))], M.tagTooLong],
      ['tag with a space', [shortAnswer('Q?', 'client name')], M.tagFormat],
      ['tag with a brace', [yesNo('Q?', '{{x}}')], M.tagFormat],
      ['empty form', [], M.emptyForm],
      ['group without fields', [repeatingGroup('Parties?', 'parties', [])], M.groupNeedsFields],
      ['group field without a name', [repeatingGroup('Parties?', 'parties', [['Name', ' ']])], M.groupNeedsFields],
      ['group without a tag', [repeatingGroup('Parties?', '', [['Name', 'name']])], M.blankTag],
      ['group field with a dot', [repeatingGroup('Parties?', 'parties', [['Name', 'p.name']])], M.groupFieldFormat],
      [
        'group fields named alike',
        [
          repeatingGroup('Parties?', 'parties', [
            ['Name', 'name'],
            ['Other', 'Name'],
          ]),
        ],
        M.groupFieldRepeated,
      ],
      [
        'group of 21 fields',
        [
          repeatingGroup(
            'Parties?',
            'parties',
            Array.from({ length: 21 }, (_, i) => ['F', `f${i}`] as [string, string]),
          ),
        ],
        M.groupTooManyFields,
      ],
    ];
    for (const [name, form, message] of cases) {
      it(`${name}: '${message}'`, async () => {
        const { access } = await h().login(DEMO.admin);
        const category = await newCategory(h(), access);
        const res = await post(access, { form, category });
        expect(res.statusCode).toBe(400);
        expect(res.json().detail).toBe(message);
      });
    }

    it('needs a category to add or update, and an existing one', async () => {
      const { access } = await h().login(DEMO.admin);
      const noCategory = await post(access, { form: [yesNo('Q?', 't')] });
      expect(noCategory.json().detail).toBe(M.noCategoryForAdd);
      const unknown = await post(access, { form: [yesNo('Q?', 't')], category: 999_999 });
      expect(unknown.statusCode).toBe(404);
      const category = await newCategory(h(), access);
      const id = (await post(access, { form: [yesNo('Q?', 't')], category })).json<{ id: number }>().id;
      const update = await put(access, id, { form: [yesNo('Q?', 't')] });
      expect(update.json().detail).toBe(M.noCategoryForUpdate);
    });

    it('accepts exactly 5000 / 250 / 254 characters and sanitises rich text', async () => {
      const { access } = await h().login(DEMO.admin);
      const category = await newCategory(h(), access);
      const res = await post(access, {
        category,
        form: [
          multipleChoice(
            'q'.repeat(5000),
            [
              {
                option: 'o'.repeat(250),
                tag: 't'.repeat(254),
                value: '<p onclick="x()">Hi<script>alert(1)</script><img src=x onerror=y></p>',
              },
            ],
            { description: '<p>ok <a href="javascript:alert(1)">link</a> <a href="https://example.com">safe</a></p>' },
          ),
        ],
      });
      expect(res.statusCode).toBe(201);
      const [view] = (await get(access, res.json<{ id: number }>().id)).json<QuestionView[]>();
      expect(view?.values[0]?.value[0]?.value).toBe('<p>Hi</p>');
      expect(view?.description).toBe(
        '<p>ok <a target="_blank" rel="noopener noreferrer nofollow">link</a> <a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">safe</a></p>',
      );
    });
  });

  it('deletes a form with its questions; a branch reusing one of them loses it', async () => {
    const { access } = await h().login(DEMO.admin);
    const category = await newCategory(h(), access);
    const drafted = (await post(access, { category, form: [yesNo('Drafted?', 'd')] })).json<{ id: number }>().id;
    const [q] = (await get(access, drafted)).json<QuestionView[]>();
    const user = (
      await post(access, {
        category,
        form: [
          withBranches(yesNo('User?', 'u'), [
            { selectedOption: 'Yes', type: 'edit', selectedQuestion: q?.question_id ?? 0 },
          ]),
        ],
      })
    ).json<{ id: number }>().id;
    const res = await h().request('DELETE', `/api/questionnaire/${drafted}/`, { token: access });
    expect(res.json()).toEqual({ detail: M.questionnaireDeleted });
    expect((await get(access, drafted)).statusCode).toBe(404);
    const [after] = (await get(access, user)).json<QuestionView[]>();
    expect(after?.showData[0]).toMatchObject({ type: 'edit', selectedQuestion: null, listForm: [] });
  });

  it('pages and searches the list', async () => {
    const { access } = await h().login(DEMO.admin);
    const category = await newCategory(h(), access);
    const word = `Zebra${Date.now()}`;
    for (let i = 0; i < 3; i++) await post(access, { category, form: [yesNo(`${word} ${i}?`, 't')] });
    const res = await h().request('GET', '/api/questionnaire/', {
      token: access,
      query: { search_key: word.toLowerCase(), limits: 10 },
    });
    const list = res.json<QuestionnaireList>();
    expect(list.page).toMatchObject({ total_count: 3, total_pages: 1 });
    expect(list.data.map((r) => r.first_question)).toEqual([`${word} 2?`, `${word} 1?`, `${word} 0?`]);
    const paged = await h().request('GET', '/api/questionnaire/', {
      token: access,
      query: { search_key: word, limits: 10, page_no: 2 },
    });
    expect(paged.json<QuestionnaireList>().data).toEqual([]);
    const literal = await h().request('GET', '/api/questionnaire/', { token: access, query: { search_key: '%' } });
    expect(literal.json<QuestionnaireList>().page.total_count).toBe(0);
  });

  it('offers the tags and question trees of categories to other modules', async () => {
    const { access } = await h().login(DEMO.admin);
    const category = await newCategory(h(), access);
    await post(access, { category, form: [shortAnswer('Client?', 'client_name'), chain(2, 'svc')] });
    const service = questionnairesService(h().ctx);
    const tags = await service.tags(h().ids.demoOrg, [category]);
    expect(tags.map((t) => t.tag).sort()).toEqual([
      'client_name',
      'svc_0',
      'svc_0',
      'svc_1',
      'svc_1',
      'svc_2',
      'svc_2',
    ]);
    const roots = await service.questionsOfCategories(h().ids.demoOrg, [category]);
    expect(roots.map((q) => q.question_text)).toEqual(['Client?', 'svc 0']);
    expect(await service.questionsOfCategories(h().ids.otherOrg, [category])).toEqual([]);
    expect(await categoriesService(h().ctx).byIds(h().ids.otherOrg, [category])).toEqual([]);
  });

  it('lets only super and admin use the builder calls', async () => {
    const { access: admin } = await h().login(DEMO.admin);
    const category = await newCategory(h(), admin);
    const id = (await post(admin, { category, form: [yesNo('Q?', 't')] })).json<{ id: number }>().id;
    const { access: user } = await h().login(DEMO.user);
    for (const res of await Promise.all([
      h().request('GET', '/api/questionnaire/', { token: user }),
      post(user, { category, form: [yesNo('Q?', 't')] }),
      get(user, id),
      put(user, id, { category, form: [yesNo('Q?', 't')] }),
      h().request('DELETE', `/api/questionnaire/${id}/`, { token: user }),
    ])) {
      expect(res.statusCode).toBe(403);
    }
    const { access: superToken } = await h().login(DEMO.super);
    expect((await get(superToken, id)).statusCode).toBe(200);
  });

  it('refuses the builder without the Precedents module', async () => {
    const fresh = await h().freshSession('admin');
    await h().database.db.updateTable('users').set({ precedent_permission: 0 }).where('id', '=', fresh.id).execute();
    const res = await h().request('GET', '/api/questionnaire/', { token: fresh.token });
    expect(res.statusCode).toBe(403);
  });

  it("answers 404 for another organisation's forms and categories, and 401 without a token", async () => {
    const { access: other } = await h().login(DEMO.otherAdmin);
    const otherCategory = await newCategory(h(), other);
    const foreign = (await post(other, { category: otherCategory, form: [yesNo('Secret?', 's')] })).json<{
      id: number;
    }>().id;
    const [secret] = (await get(other, foreign)).json<QuestionView[]>();
    const { access } = await h().login(DEMO.super);
    const category = await newCategory(h(), access);
    expect((await get(access, foreign)).statusCode).toBe(404);
    expect((await put(access, foreign, { category, form: [yesNo('Q?', 't')] })).statusCode).toBe(404);
    expect((await h().request('DELETE', `/api/questionnaire/${foreign}/`, { token: access })).statusCode).toBe(404);
    expect((await post(access, { category: otherCategory, form: [yesNo('Q?', 't')] })).statusCode).toBe(404);
    const reuse = await post(access, {
      category,
      form: [
        withBranches(yesNo('Q?', 't'), [
          { selectedOption: 'Yes', type: 'edit', selectedQuestion: secret?.question_id ?? 0 },
        ]),
      ],
    });
    expect(reuse.statusCode).toBe(404);
    const pickFrom = await post(access, {
      category,
      form: [
        withBranches(yesNo('Q?', 't'), [
          { selectedOption: 'Yes', type: 'edit', selectedCategory: otherCategory, selectedQuestion: null },
        ]),
      ],
    });
    expect(pickFrom.statusCode).toBe(400);
    const list = (
      await h().request('GET', '/api/questionnaire/', { token: access, query: { limits: 200 } })
    ).json<QuestionnaireList>();
    expect(list.data.map((r) => r.id)).not.toContain(foreign);
    for (const [method, url] of [
      ['GET', '/api/questionnaire/'],
      ['POST', '/api/questionnaire/'],
      ['GET', `/api/question/get/${foreign}/`],
      ['PUT', `/api/question/get/${foreign}/`],
      ['DELETE', `/api/questionnaire/${foreign}/`],
    ] as const) {
      expect((await h().request(method, url, { token: null, body: {} })).statusCode).toBe(401);
    }
  });
});
