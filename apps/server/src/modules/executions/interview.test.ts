import type { ExecutionQuery, ExecutionResult } from '@lexdesk/contract';
import { expect, it } from 'vitest';
import { DEMO, describeEachDatabase } from '../../../test/harness.ts';
import { buildPrecedent } from '../templates/template-fixtures.ts';
import { createQuestionnaire, createTemplate, unique } from '../templates/template-test-helpers.ts';
import { documentText } from './execution-test-setup.ts';

// Issue 30 item 6: the interview asks only what the document (and its sub-documents) reads.
describeEachDatabase('the interview asks only what the document needs', (h) => {
  async function interviewOf(token: string, templateId: number) {
    const res = await h().request('GET', `/api/query/${templateId}/`, { token });
    expect(res.statusCode, res.body).toBe(200);
    const outline = (questions: ExecutionQuery['result']): unknown[] =>
      questions.map((q) =>
        q.showData.length ? [q.question_text, q.showData.map((b) => outline(b.listForm))] : q.question_text,
      );
    return outline(res.json<ExecutionQuery>().result);
  }

  it('keeps a conditional question for the follow-up the document reads, and nothing else', async () => {
    const { access } = await h().login(DEMO.admin);
    const q = await createQuestionnaire(h(), access);
    const template = await createTemplate(
      h(),
      access,
      await buildPrecedent({ title: 'Guarantor only', lines: [`The guarantor is {{ ${q.tag('guarantor')} }}.`] }),
    );
    expect(await interviewOf(access, template.id)).toEqual([['Is there a guarantor?', [['Guarantor name?']]]]);
  });

  it("asks what an included sub-document reads, in the including template's category order", async () => {
    const { access } = await h().login(DEMO.admin);
    const q = await createQuestionnaire(h(), access);
    const subName = unique('Governing law clause');
    await createTemplate(
      h(),
      access,
      await buildPrecedent({ title: 'Clause', lines: [`Governed by {{ ${q.tag('law')} }}.`] }),
      subName,
    );
    const main = await createTemplate(
      h(),
      access,
      await buildPrecedent({
        title: 'Agreement',
        lines: [`Made with {{ ${q.tag('client')} }}.`, `{{p include_docx_template('${subName}') }}`],
      }),
    );
    expect(await interviewOf(access, main.id)).toEqual(['Client name?', 'Governing law?']);
  });

  it('generates a document that reads no answer at once, with no answers sent', async () => {
    const { access } = await h().login(DEMO.admin);
    const template = await createTemplate(
      h(),
      access,
      await buildPrecedent({ title: 'Notice', lines: ['This notice needs no answers.'] }),
    );
    expect(await interviewOf(access, template.id)).toEqual([]);
    const res = await h().request('POST', '/api/execute/', {
      token: access,
      body: { templateId: template.id, data: [] },
    });
    expect(res.statusCode, res.body).toBe(201);
    const file = await h().request('GET', res.json<ExecutionResult>().file_path, { token: access });
    expect(documentText(file.rawPayload)).toContain('This notice needs no answers.');
  });
});
