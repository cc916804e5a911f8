import type { Answer, QuestionView } from '@lexdesk/contract';
import PizZip from 'pizzip';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderTemplate } from '../templates/docx/docx-engine.ts';
import { pdfTextOf } from '../templates/docx/libreoffice.ts';
import { partText } from '../templates/docx/template-syntax.ts';
import { buildPrecedent } from '../templates/template-fixtures.ts';
import { answerMap, tagValues } from './answers.ts';

const LETTER = path.resolve(import.meta.dirname, '../../../../../../shared/data/docx-templates/letter.docx');
/** Without ../shared (a plain clone) the real letter's test skips with a notice; .ci/run requires it. */
const HAS_LETTER = existsSync(LETTER) || Boolean(process.env.REQUIRE_SHARED_DATA);
if (!HAS_LETTER) console.warn(`Skipping the real letter test: ${LETTER} is absent`);

/** A stored question as the execution reads it; only what a test names differs. */
function question(fields: Partial<QuestionView> & Pick<QuestionView, 'question_id' | 'question_type'>): QuestionView {
  return {
    questionnaire_id: 1,
    category: 1,
    category_name: 'Letters',
    depth: 0,
    question_text: `Question ${fields.question_id}`,
    description: '',
    is_conditional: false,
    yesList: [],
    noList: [],
    associated_tag: '',
    values: [],
    tagList: [],
    showData: [],
    multiple_answers: false,
    fields: [],
    ...fields,
  };
}

/** 'Existing matter: ' (a Yes text ending in a space) and the matter's name both fill {{ subject_line }}. */
const SUBJECT_QUESTIONS = [
  question({
    question_id: 1,
    question_type: 'Yes/No',
    yesList: [{ yes: '<p>Existing matter: </p>', tag: 'subject_line' }],
    noList: [{ no: '<p>New instruction: </p>', tag: 'subject_line' }],
  }),
  question({ question_id: 2, question_type: 'short', associated_tag: 'subject_line' }),
];
const SUBJECT_ANSWERS: Answer[] = [
  { question_id: 1, selected: 'Yes', options: [], short: '', items: [] },
  { question_id: 2, selected: null, options: [], short: 'Lease of Unit 4', items: [] },
];

const paragraphsOf = (docx: Buffer) =>
  partText(new PizZip(docx).file('word/document.xml')?.asText() ?? '')
    .split('\n')
    .slice(0, -1);

describe('answers that fill one inline placeholder', () => {
  it('join on the placeholder’s line, in order, with the space between them kept', async () => {
    const template = await buildPrecedent({
      title: 'Letter',
      lines: ['Re: {{ subject_line }}', 'To whom it may concern:'],
    });
    const before = paragraphsOf(template).length;
    const output = renderTemplate(template, tagValues(SUBJECT_QUESTIONS, answerMap(SUBJECT_ANSWERS)));
    const paragraphs = paragraphsOf(output);
    expect(paragraphs).toContain('Re: Existing matter: Lease of Unit 4');
    expect(paragraphs).toHaveLength(before);
  });

  it('still breaks the line for an answer that really has several paragraphs', async () => {
    const template = await buildPrecedent({ title: 'Letter', lines: ['Re: {{ subject_line }} (ends)'] });
    const questions = [
      SUBJECT_QUESTIONS[0] as QuestionView,
      question({ question_id: 2, question_type: 'short', associated_tag: 'subject_line' }),
    ];
    const answers: Answer[] = [
      SUBJECT_ANSWERS[0] as Answer,
      { question_id: 2, selected: null, options: [], short: '<p>First part</p><p>Second part</p>', items: [] },
    ];
    const paragraphs = paragraphsOf(renderTemplate(template, tagValues(questions, answerMap(answers))));
    expect(paragraphs).toEqual(expect.arrayContaining(['Re: Existing matter:', 'First part', 'Second part (ends)']));
  });

  it.skipIf(!HAS_LETTER)(
    'keeps the real letter’s "Re:" line whole in the text LibreOffice reads',
    async () => {
      const values = tagValues(SUBJECT_QUESTIONS, answerMap(SUBJECT_ANSWERS));
      const text = await pdfTextOf(renderTemplate(readFileSync(LETTER), values));
      const lines = text.split('\n').map((line) => line.trim());
      const subject = lines.findIndex((line) => line.startsWith('Re:'));
      expect(lines[subject]).toMatch(/^Re:\s+Existing matter: Lease of Unit 4$/);
      // The salutation follows the subject after the letter's own single blank line, not an extra one.
      const salutation = lines.findIndex((line) => line.startsWith('To whom it may concern'));
      expect(lines.slice(subject + 1, salutation).filter((line) => line === '').length).toBeLessThanOrEqual(1);
    },
    120_000,
  );
});
