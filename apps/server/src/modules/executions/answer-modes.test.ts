import { templateMessages as M, type ExecutionQuery, type ExecutionResult, type QuestionView } from '@lexdesk/contract';
import { expect, it } from 'vitest';
import { describeEachDatabase, DEMO } from '../../../test/harness.ts';
import { multipleChoice, shortAnswer, withBranches } from '../questionnaires/questionnaire-fixtures.ts';
import { createTemplate, unique } from '../templates/template-test-helpers.ts';
import { buildPrecedent } from '../templates/template-fixtures.ts';
import { documentRunText } from './execution-test-setup.ts';

const textOf = documentRunText;

describeEachDatabase('Multiple Choice answer modes', (h) => {
  /** A template over two Multiple Choice questions: dates (one answer, with a follow-up) and copies (several). */
  async function setUp() {
    const admin = await h().login(DEMO.admin);
    const prefix = unique('mode');
    const tag = (name: string) => `${prefix}_${name}`;
    const category = await h().request('POST', '/api/category/', {
      token: admin.access,
      body: { name: `Modes ${prefix}` },
    });
    const form = [
      withBranches(
        multipleChoice('Completion date?', [
          { option: 'March', tag: tag('date'), value: '<p>1 March</p>' },
          { option: 'June', tag: tag('date'), value: '<p>1 June</p>' },
        ]),
        [{ selectedOption: 'June', listForm: [shortAnswer('Why June?', tag('reason'))] }],
      ),
      multipleChoice(
        'Copies to?',
        [
          { option: 'Client', tag: tag('copies'), value: '<p>the client</p>' },
          { option: 'Agent', tag: tag('copies'), value: '<p>the agent</p>' },
        ],
        { multiple_answers: true },
      ),
    ];
    const saved = await h().request('POST', '/api/questionnaire/', {
      token: admin.access,
      body: { form, category: category.json().category_id },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const template = await createTemplate(
      h(),
      admin.access,
      await buildPrecedent({
        title: 'Completion',
        lines: [`Completion on {{ ${tag('date')} }} ({{ ${tag('reason')} }}).`, `Copies: {{ ${tag('copies')} }}.`],
      }),
    );
    const query = await h().request('GET', `/api/query/${template.id}/`, { token: admin.access });
    const [date, copies] = query.json<ExecutionQuery>().result as [QuestionView, QuestionView];
    const id = (q: QuestionView, option: string) => q.values.find((v) => v.option === option)?.id ?? 0;
    return { token: admin.access, template, date, copies, id };
  }

  it('shows each question with its mode: one answer unless the author chose several', async () => {
    const { date, copies } = await setUp();
    expect(date.multiple_answers).toBe(false);
    expect(copies.multiple_answers).toBe(true);
  });

  it('refuses two options for a one-answer question in execute, the Q&A export and the draft', async () => {
    const { token, template, date, id } = await setUp();
    const data = [{ question_id: date.question_id, options: [id(date, 'March'), id(date, 'June')] }];
    const expected = `${M.oneAnswerOnly}: Completion date?`;
    for (const url of ['/api/execute/', '/api/template/export/questionnaire/']) {
      const res = await h().request('POST', url, { token, body: { templateId: template.id, data } });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().detail).toBe(expected);
    }
    const draft = await h().request('PUT', `/api/execute/draft/${template.id}/`, { token, body: { data, round: 0 } });
    expect(draft.statusCode).toBe(400);
    expect(draft.json().detail).toBe(expected);
  });

  it('fills one option of a one-answer question (with its follow-up) and several of a several-answer one', async () => {
    const { token, template, date, copies, id } = await setUp();
    const reason = date.showData[0]?.listForm[0]?.question_id ?? 0;
    const data = [
      { question_id: date.question_id, options: [id(date, 'June')] },
      { question_id: reason, short: 'the survey' },
      { question_id: copies.question_id, options: [id(copies, 'Client'), id(copies, 'Agent')] },
    ];
    const draft = await h().request('PUT', `/api/execute/draft/${template.id}/`, { token, body: { data, round: 0 } });
    expect(draft.statusCode, draft.body).toBe(200);
    const executed = await h().request('POST', '/api/execute/', { token, body: { templateId: template.id, data } });
    expect(executed.statusCode, executed.body).toBe(201);
    const file = await h().request('GET', executed.json<ExecutionResult>().file_path, { token });
    const text = textOf(file.rawPayload);
    expect(text).toContain('Completion on 1 June (the survey).');
    expect(text).toContain('the client');
    expect(text).toContain('the agent');
  });
});
