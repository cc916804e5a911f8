import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  templateMessages as M,
  type AnswerInput,
  type CategorySaved,
  type ExecutionDetail,
  type ExecutionResult,
  type QuestionnaireSaved,
  type QuestionView,
} from '@lexdesk/contract';
import { expect, it } from 'vitest';
import { DEMO, describeEachDatabase, type Harness } from '../../../test/harness.ts';
import { repeatingGroup, shortAnswer } from '../questionnaires/questionnaire-fixtures.ts';
import { buildPrecedent } from '../templates/template-fixtures.ts';
import { createTemplate, unique } from '../templates/template-test-helpers.ts';
import { documentText } from './execution-test-setup.ts';

const TABLE_TEMPLATE = path.resolve(
  import.meta.dirname,
  '../../../../../../shared/data/docx-templates/table_template.docx',
);
/** Without ../shared (a plain clone) the real table's test skips with a notice; .ci/run requires it. */
const HAS_TABLE = existsSync(TABLE_TEMPLATE) || Boolean(process.env.REQUIRE_SHARED_DATA);
if (!HAS_TABLE) console.warn(`Skipping the real table_template.docx test: ${TABLE_TEMPLATE} is absent`);

/** A category whose form holds a repeating group (fields as given) and a short answer, both tagged as given. */
async function groupForm(h: Harness, token: string, groupTag: string, fields: [string, string][], titleTag: string) {
  const category = await h.request('POST', '/api/category/', { token, body: { name: unique('Group category') } });
  expect(category.statusCode, category.body).toBe(201);
  const form = [shortAnswer('Title?', titleTag), repeatingGroup('Which fruit?', groupTag, fields)];
  const saved = await h.request('POST', '/api/questionnaire/', {
    token,
    body: { form, category: category.json<CategorySaved>().category_id },
  });
  expect(saved.statusCode, saved.body).toBe(201);
  const views = await h.request('GET', `/api/question/get/${saved.json<QuestionnaireSaved>().id}/`, { token });
  const [title, group] = views.json<QuestionView[]>();
  return { title: title as QuestionView, group: group as QuestionView };
}

describeEachDatabase('repeating groups feed loops (issue 30 item 4)', (h) => {
  async function setUp(file: (groupTag: string, titleTag: string) => Promise<Buffer>, fields: [string, string][]) {
    const admin = await h().login(DEMO.admin);
    const groupTag = unique('fruit');
    const titleTag = unique('title');
    const questions = await groupForm(h(), admin.access, groupTag, fields, titleTag);
    const template = await createTemplate(h(), admin.access, await file(groupTag, titleTag));
    const execute = (data: AnswerInput[]) =>
      h().request('POST', '/api/execute/', { token: admin.access, body: { templateId: template.id, data } });
    const document = async (data: AnswerInput[]) => {
      const res = await execute(data);
      expect(res.statusCode, res.body).toBe(201);
      const file = await h().request('GET', res.json<ExecutionResult>().file_path, { token: admin.access });
      return { text: documentText(file.rawPayload), id: res.json<ExecutionResult>().execution_id };
    };
    return { admin, ...questions, template, groupTag, execute, document };
  }

  const FRUIT = [
    { name: 'Apple', seeds: '10' },
    { name: '', seeds: '' },
    { name: 'Kiwi', seeds: '1000' },
    { name: 'Plum', seeds: '1' },
  ];

  it('keeps the fields, fills paragraphs and table rows once per item in order, and shows them in history', async () => {
    const { admin, group, title, template, groupTag, document } = await setUp(
      (g, t) =>
        buildPrecedent({
          title: 'Fruit',
          lines: [
            `{{ ${t} }}: {{ ${g}|length }} fruits, {{ ${g} }}.`,
            `{%p for f in ${g} %}`,
            '{{ loop.index }}. {{ f.name }} with {{ f.seeds }} seeds',
            '{%p endfor %}',
          ],
          table: [
            [`{%tr for f in ${g} %}`, ''],
            ['{{ f }}', `{{ ${g}[f] }}`],
            ['{%tr endfor %}', ''],
          ],
        }),
      [
        ['Name', 'name'],
        ['Seeds', 'seeds'],
      ],
    );
    expect(group.question_type).toBe('Repeating');
    expect(group.fields).toEqual([
      { label: 'Name', tag: 'name' },
      { label: 'Seeds', tag: 'seeds' },
    ]);
    expect(template.tags).toContain(groupTag);
    const data = [
      { question_id: title.question_id, short: 'Favourites' },
      { question_id: group.question_id, items: FRUIT },
    ];
    const { text, id } = await document(data);
    expect(text).toContain('Favourites: 3 fruits, Apple, Kiwi, Plum.');
    expect(text).toMatch(/1\. Apple with 10 seeds\n2\. Kiwi with 1000 seeds\n3\. Plum with 1 seeds/);
    expect(text).toMatch(/Apple\n10\nKiwi\n1000\nPlum\n1/);
    expect(text).not.toMatch(/\{\{|\{%|%\}|\}\}/);

    const detail = await h().request('GET', `/api/execute/${id}/`, { token: admin.access });
    expect(detail.json<ExecutionDetail>().data.find((a) => a.question_id === group.question_id)?.items).toEqual(
      FRUIT.filter((item) => item.name !== ''),
    );
    const qa = await h().request('POST', '/api/template/export/questionnaire/', {
      token: admin.access,
      body: { templateId: template.id, data, format: 'docx' },
    });
    expect(qa.statusCode, qa.body).toBe(200);
    expect(documentText(qa.rawPayload)).toMatch(/1\. Apple, 10\s+2\. Kiwi, 1000\s+3\. Plum, 1/);
  });

  it('refuses an item naming a field the group lacks, and more than 100 items, with the reason', async () => {
    const { group, execute } = await setUp(
      (g) => buildPrecedent({ title: 'Fruit', lines: [`{% for f in ${g} %}{{ f.name }}{% endfor %}`] }),
      [['Name', 'name']],
    );
    const unknown = await execute([{ question_id: group.question_id, items: [{ name: 'Apple', colour: 'red' }] }]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ detail: string }>().detail).toBe(M.unknownGroupField);
    const many = await execute([
      { question_id: group.question_id, items: Array.from({ length: 101 }, (_, i) => ({ name: `F${i}` })) },
    ]);
    expect(many.statusCode).toBe(400);
    expect(many.json<{ detail: string }>().detail).toBe(M.tooManyGroupItems);
    const blankOnly = await execute([{ question_id: group.question_id, items: [{ name: '  ' }] }]);
    expect(blankOnly.statusCode).toBe(400);
    expect(blankOnly.json<{ detail: string }>().detail).toBe(M.answerOne);
  });

  it('saves and restores items in a draft', async () => {
    const { admin, group, template } = await setUp(
      (g) => buildPrecedent({ title: 'Fruit', lines: [`{% for f in ${g} %}{{ f.name }}{% endfor %}`] }),
      [['Name', 'name']],
    );
    const items = [{ name: 'Kiwi' }, { name: 'Apple' }];
    const saved = await h().request('PUT', `/api/execute/draft/${template.id}/`, {
      token: admin.access,
      body: { data: [{ question_id: group.question_id, items }], round: 0 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const query = await h().request('GET', `/api/query/${template.id}/`, { token: admin.access });
    expect(query.json<{ draft: { data: AnswerInput[] } }>().draft.data[0]?.items).toEqual(items);
  });

  it.skipIf(!HAS_TABLE)('fills the real table_template.docx: a row per fruit, with its seeds, in order', async () => {
    const admin = await h().login(DEMO.admin);
    const { group } = await groupForm(
      h(),
      admin.access,
      'seeds_of_fruit',
      [
        ['Fruit', 'fruit'],
        ['Seeds', 'seeds'],
      ],
      unique('unused'),
    );
    const template = await createTemplate(h(), admin.access, readFileSync(TABLE_TEMPLATE));
    expect(template.tags).toEqual(['seeds_of_fruit']);
    const res = await h().request('POST', '/api/execute/', {
      token: admin.access,
      body: {
        templateId: template.id,
        data: [
          {
            question_id: group.question_id,
            items: [
              { fruit: 'Apple', seeds: '10' },
              { fruit: 'Kiwi', seeds: '1000' },
              { fruit: 'Plum', seeds: '1' },
            ],
          },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const file = await h().request('GET', res.json<ExecutionResult>().file_path, { token: admin.access });
    const text = documentText(file.rawPayload);
    expect(text).toMatch(/Fruit\nSeeds\nApple\n10\nKiwi\n1000\nPlum\n1\n/);
    expect(text).not.toMatch(/\{\{|\{%|%\}|\}\}/);
  });
});
