/** Shared set-up of the templates and executions API tests: a questionnaire, a precedent, an upload. */
import type { CategorySaved, QuestionnaireSaved, QuestionView, TemplateSaved } from '@lexdesk/contract';
import { expect } from 'vitest';
import { multipartBody, type Harness } from '../../../test/harness.ts';
import { multipleChoice, shortAnswer, withBranches, yesNo } from '../questionnaires/questionnaire-fixtures.ts';
import { buildPrecedent } from './template-fixtures.ts';

let counter = 0;
export const unique = (prefix: string) => `${prefix}_${process.pid}_${(counter += 1)}`;

/** A category with a form: short answer, Yes/No with rich text and a nested conditional, multiple choice. */
export async function createQuestionnaire(h: Harness, token: string, prefix = unique('t')) {
  const category = await h.request('POST', '/api/category/', { token, body: { name: `Category ${prefix}` } });
  expect(category.statusCode, category.body).toBe(201);
  const categoryId = category.json<CategorySaved>().category_id;
  const tag = (name: string) => `${prefix}_${name}`;
  const form = [
    shortAnswer('Client name?', tag('client')),
    withBranches(
      yesNo('Is there a guarantor?', tag('guarantee'), {
        yesList: [
          {
            yes: '<p>The <strong>guarantor</strong> guarantees:</p><ol><li>payment</li><li>performance</li></ol>',
            tag: tag('guarantee'),
          },
        ],
        noList: [{ no: '<p>No guarantee is given.</p>', tag: tag('guarantee') }],
      }),
      [{ selectedOption: 'Yes', listForm: [shortAnswer('Guarantor name?', tag('guarantor'))] }],
    ),
    multipleChoice('Governing law?', [
      { option: 'England', tag: tag('law'), value: '<p>the laws of <em>England</em></p>' },
      { option: 'Scotland', tag: tag('law'), value: '<p>the laws of Scotland</p>' },
    ]),
    shortAnswer('Unused question?', tag('unused')),
  ];
  const saved = await h.request('POST', '/api/questionnaire/', { token, body: { form, category: categoryId } });
  expect(saved.statusCode, saved.body).toBe(201);
  const questionnaireId = saved.json<QuestionnaireSaved>().id;
  const views = await h.request('GET', `/api/question/get/${questionnaireId}/`, { token });
  const questions = views.json<QuestionView[]>();
  const byText = (text: string): QuestionView => {
    const walk = (list: QuestionView[]): QuestionView | undefined => {
      for (const q of list) {
        if (q.question_text === text) return q;
        for (const b of q.showData) {
          const found = walk(b.listForm);
          if (found) return found;
        }
      }
      return undefined;
    };
    const found = walk(questions);
    if (!found) throw new Error(`no question ${text}`);
    return found;
  };
  return { categoryId, questionnaireId, prefix, tag, byText };
}

/** A precedent using the questionnaire's tags (and one tag no question writes). */
export function precedentFor(tag: (name: string) => string, extra: string[] = []) {
  return buildPrecedent({
    title: 'Guarantee Agreement',
    header: `Client: {{ ${tag('client')} }}`,
    lines: [
      `This agreement is made with {{ ${tag('client')} }}.`,
      `{{ ${tag('guarantee')} }}`,
      `The guarantor is {{ ${tag('guarantor')} }}.`,
      `It is governed by {{ ${tag('law')} }}.`,
      `Reference {{ ${tag('nobody')} }}.`,
      ...extra,
    ],
    table: [['Client', `{{ ${tag('client')} }}`]],
  });
}

export async function uploadTemplate(
  h: Harness,
  token: string | null,
  file: Buffer,
  fields: Record<string, string> = { name: unique('Template'), description: 'A precedent' },
  fileName = 'precedent.docx',
) {
  const boundary = `----lexdesk${unique('b')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/vnd.openxmlformats-officedocument.wordprocessingml.document\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return h.request('POST', '/api/document-template/', {
    token,
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

export async function createTemplate(h: Harness, token: string, file: Buffer, name = unique('Template')) {
  const res = await uploadTemplate(h, token, file, { name, description: 'A precedent' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<TemplateSaved>().template;
}

export function replaceBody(file: Buffer) {
  return multipartBody('file', 'replacement.docx', 'application/octet-stream', file);
}
