import type { Answer } from '@lexdesk/contract';
import PizZip from 'pizzip';
import { expect } from 'vitest';
import { DEMO, type Harness } from '../../../test/harness.ts';
import { partText, wordText } from '../templates/docx/template-syntax.ts';
import { createQuestionnaire, createTemplate, precedentFor } from '../templates/template-test-helpers.ts';

/** A generated document's main text (one line per paragraph, entities as written). */
export const documentText = (docx: Buffer) => partText(documentXml(docx));

/** A generated document's main text, runs joined with no paragraph breaks. */
export const documentRunText = (docx: Buffer) => wordText(documentXml(docx));

const documentXml = (docx: Buffer) => new PizZip(docx).file('word/document.xml')?.asText() ?? '';

/** A template everyone may run, over a fresh questionnaire; and the answers builder (Demo Law LLP by default). */
export async function setUp(h: Harness, signedIn?: { access: string }) {
  const admin = signedIn ?? (await h.login(DEMO.admin));
  const q = await createQuestionnaire(h, admin.access);
  const template = await createTemplate(h, admin.access, await precedentFor(q.tag));
  const assigned = await h.request('PUT', `/api/document-template/${template.id}/assign/`, {
    token: admin.access,
    body: { everyone: true, user_ids: [] },
  });
  expect(assigned.statusCode).toBe(200);
  const law = q.byText('Governing law?');
  const england = law.values.find((v) => v.option === 'England')?.id ?? 0;
  const answers = (guarantee: 'Yes' | 'No'): Answer[] => [
    { question_id: q.byText('Client name?').question_id, selected: null, options: [], short: 'Acme Ltd', items: [] },
    {
      question_id: q.byText('Is there a guarantor?').question_id,
      selected: guarantee,
      options: [],
      short: '',
      items: [],
    },
    {
      question_id: q.byText('Guarantor name?').question_id,
      selected: null,
      options: [],
      short: '<p>Jane <strong>Doe</strong></p>',
      items: [],
    },
    { question_id: law.question_id, selected: null, options: [england], short: '', items: [] },
  ];
  return { admin, q, template, answers, england };
}
