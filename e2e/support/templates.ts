import { expect, type APIRequestContext, type Download, type Page } from '@playwright/test';
import { templateMessages as M } from '@lexdesk/contract';
import type {
  CategorySaved,
  QuestionInput,
  QuestionnaireSaved,
  QuestionView,
  TemplateDetail,
  TemplateSaved,
} from '@lexdesk/contract';
import PizZip from 'pizzip';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  multipleChoice,
  shortAnswer,
  withBranches,
  yesNo,
} from '../../apps/server/src/modules/questionnaires/questionnaire-fixtures.ts';
import { buildPrecedent } from '../../apps/server/src/modules/templates/template-fixtures.ts';
import { partText, wordText } from '../../apps/server/src/modules/templates/docx/template-syntax.ts';
import { apiLogin, bearer, DEMO, uniqueSuffix } from './api.ts';

/** A question on the execution screen (with its answer controls and children), found by its text. */
export const executionQuestion = (page: Page, text: string) =>
  page
    .locator('[data-testid^="question-"]')
    .filter({ has: page.getByText(text, { exact: true }) })
    .first();

/** A short unique prefix for tags and names, so parallel journeys never share them. */
export const uniqueTag = () => `e2e${uniqueSuffix()}`;

/** A category and form through the API: client name, guarantor (Yes/No with a child), governing law, an unused one. */
export async function apiQuestionnaire(request: APIRequestContext, token: string, prefix: string) {
  const category = await request.post('/api/category/', {
    headers: bearer(token),
    data: { name: `Agreement ${prefix}` },
  });
  expect(category.status(), await category.text()).toBe(201);
  const categoryId = ((await category.json()) as CategorySaved).category_id;
  const tag = (name: string) => `${prefix}_${name}`;
  const form = [
    shortAnswer('What is the client name?', tag('client'), {
      description: '<p>The <strong>full legal</strong> name.</p>',
    }),
    withBranches(
      yesNo('Is there a guarantor?', tag('guarantee'), {
        yesList: [
          {
            yes: '<p>The guarantor guarantees:</p><ol><li>payment</li><li>performance</li></ol>',
            tag: tag('guarantee'),
          },
        ],
        noList: [{ no: '<p>No guarantee is given.</p>', tag: tag('guarantee') }],
      }),
      [{ selectedOption: 'Yes', listForm: [shortAnswer('Who is the guarantor?', tag('guarantor'))] }],
    ),
    multipleChoice('Which law governs?', [
      { option: 'England', tag: tag('law'), value: '<p>the laws of England</p>', description: '<p>English courts</p>' },
      { option: 'Scotland', tag: tag('law'), value: '<p>the laws of Scotland</p>' },
    ]),
    shortAnswer('An unused question?', tag('unused')),
  ];
  const saved = await request.post('/api/questionnaire/', {
    headers: bearer(token),
    data: { form, category: categoryId },
  });
  expect(saved.status(), await saved.text()).toBe(201);
  const views = await request.get(`/api/question/get/${((await saved.json()) as QuestionnaireSaved).id}/`, {
    headers: bearer(token),
  });
  return { categoryId, categoryName: `Agreement ${prefix}`, tag, questions: (await views.json()) as QuestionView[] };
}

/** The precedent of the journeys: header, body placeholders (one no question fills) and a table. */
export function precedentDocx(tag: (name: string) => string): Promise<Buffer> {
  return buildPrecedent({
    title: 'Guarantee Agreement',
    header: `Prepared for {{ ${tag('client')} }}`,
    lines: [
      `This agreement is made with {{ ${tag('client')} }}.`,
      `{{ ${tag('guarantee')} }}`,
      `The guarantor is {{ ${tag('guarantor')} }}.`,
      `It is governed by {{ ${tag('law')} }}.`,
      `Reference: {{ ${tag('reference')} }}.`,
    ],
    table: [['Client', `{{ ${tag('client')} }}`]],
  });
}

/** The paragraphs' text of a downloaded .docx. */
export async function docxText(download: Download): Promise<string> {
  const file = await download.path();
  const xml = new PizZip(await readFile(file)).file('word/document.xml')?.asText() ?? '';
  return partText(xml).replace(/&amp;/g, '&');
}

/** Uploads a .docx through the list page's dialog; lands on the template page with the tag matching. */
export async function uploadThroughUi(page: Page, name: string, file: Buffer) {
  const filePath = path.join(tmpdir(), `${name.replace(/\W+/g, '-')}.docx`);
  await writeFile(filePath, file);
  await page.goto('/document-template');
  await expect(page.getByRole('heading', { name: 'Templates' })).toBeVisible();
  await page.getByRole('button', { name: 'Upload template' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload template' });
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog.getByText(M.nameRequired)).toBeVisible();
  await dialog.getByLabel('Template name').fill(name);
  await dialog.getByLabel('Word document').setInputFiles(filePath);
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText(M.templateUploaded)).toBeVisible();
  await expect(page.getByRole('heading', { name })).toBeVisible();
}

/** Uploads a .docx as a template of the caller's organisation through the API (POST document-template/). */
export async function apiUploadTemplate(
  request: APIRequestContext,
  token: string,
  name: string,
  file: Buffer,
): Promise<TemplateDetail> {
  const res = await request.post('/api/document-template/', {
    headers: bearer(token),
    multipart: {
      name,
      description: '',
      file: {
        name: `${name}.docx`,
        mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        buffer: file,
      },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as TemplateSaved).template;
}

/** Assigns a template to everyone in its organisation (PUT document-template/{id}/assign/). */
export async function apiAssignToEveryone(request: APIRequestContext, token: string, templateId: number) {
  const assigned = await request.put(`/api/document-template/${templateId}/assign/`, {
    headers: bearer(token),
    data: { everyone: true, user_ids: [] },
  });
  expect(assigned.status(), await assigned.text()).toBe(200);
}

/**
 * A journey's template, made by the demo admin through the API: a fresh questionnaire, a document built over
 * its tags (the standard precedent unless `file` says otherwise) uploaded as '{label} {prefix}', assigned to
 * everyone.
 */
export async function apiTemplateSetUp(
  request: APIRequestContext,
  label: string,
  file: (tag: (name: string) => string) => Promise<Buffer> = precedentDocx,
) {
  const prefix = uniqueTag();
  const { access } = await apiLogin(request, DEMO.admin);
  const q = await apiQuestionnaire(request, access, prefix);
  const name = `${label} ${prefix}`;
  const template = await apiUploadTemplate(request, access, name, await file(q.tag));
  await apiAssignToEveryone(request, access, template.id);
  return { prefix, access, q, name, template };
}

/**
 * Replaces a stored template document (found by its bytes in the journeys' file store) with `replacement`.
 * It stands for a document stored under looser rules than today's upload check (an older release, a
 * restored backup): the only way such a file reaches the execution screen, since uploads refuse it.
 */
export async function replaceStoredTemplate(original: Buffer, replacement: Buffer) {
  const dataDir = process.env.LEXDESK_E2E_DATA_DIR;
  expect(dataDir, 'the journeys run with LEXDESK_E2E_DATA_DIR set by playwright.config.ts').toBeTruthy();
  const root = path.join(dataDir!, 'files', 'templates');
  const matches: string[] = [];
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    if ((await readFile(file)).equals(original)) matches.push(file);
  }
  expect(matches, 'the uploaded document is stored once').toHaveLength(1);
  await writeFile(matches[0]!, replacement);
}

/**
 * Two questionnaires for the execution journey. Category "Deal": seven top-level questions (two pages), the
 * second a chain three branches deep (guarantor? → limited? → which cap? → cap amount). Category "Notes": one.
 */
export async function apiExecutionQuestionnaires(request: APIRequestContext, token: string, prefix: string) {
  const tag = (name: string) => `${prefix}_${name}`;
  const capChoice = withBranches(
    // Several answers (checkboxes): the journey unchecks an option to close its branch (spec 02 §4.1).
    multipleChoice(
      'Which cap applies?',
      [
        { option: 'Fixed amount', tag: tag('cap'), value: '<p>a fixed amount</p>' },
        { option: 'Percentage', tag: tag('cap'), value: '<p>a percentage of the price</p>' },
      ],
      { multiple_answers: true },
    ),
    [{ selectedOption: 'Fixed amount', listForm: [shortAnswer('What is the cap amount?', tag('cap_amount'))] }],
  );
  const limited = withBranches(
    yesNo('Is the guarantee limited?', tag('limited'), {
      yesList: [{ yes: '<p>The guarantee is limited.</p>', tag: tag('limited') }],
      noList: [{ no: '<p>The guarantee is unlimited.</p>', tag: tag('limited') }],
    }),
    [{ selectedOption: 'Yes', listForm: [capChoice] }],
  );
  const guarantor = withBranches(
    yesNo('Is there a guarantor?', tag('guarantee'), {
      yesList: [{ yes: '<p>A guarantee is given.</p>', tag: tag('guarantee') }],
      noList: [{ no: '<p>No guarantee is given.</p>', tag: tag('guarantee') }],
    }),
    [{ selectedOption: 'Yes', listForm: [shortAnswer('Who is the guarantor?', tag('guarantor')), limited] }],
  );
  const deal = [
    shortAnswer('What is the client name?', tag('client')),
    guarantor,
    multipleChoice('Which law governs?', [
      { option: 'England', tag: tag('law'), value: '<p>the laws of England</p>' },
      { option: 'Scotland', tag: tag('law'), value: '<p>the laws of Scotland</p>' },
    ]),
    shortAnswer('What is the term in years?', tag('term')),
    shortAnswer('How many days to pay?', tag('days')),
    shortAnswer('What is the notice address?', tag('address')),
    yesNo('Is there a confidentiality clause?', tag('confidential')),
  ];
  const notes = [shortAnswer('Any closing note?', tag('note'))];
  const dealForm = await apiCategoryForm(request, token, `Deal ${prefix}`, deal);
  return { tag, deal: dealForm, notes: await apiCategoryForm(request, token, `Notes ${prefix}`, notes) };
}

/** A new category with one form of questions, through the API. */
export async function apiCategoryForm(request: APIRequestContext, token: string, name: string, form: QuestionInput[]) {
  const category = await request.post('/api/category/', { headers: bearer(token), data: { name } });
  expect(category.status(), await category.text()).toBe(201);
  const categoryId = ((await category.json()) as CategorySaved).category_id;
  const saved = await request.post('/api/questionnaire/', {
    headers: bearer(token),
    data: { form, category: categoryId },
  });
  expect(saved.status(), await saved.text()).toBe(201);
  return { categoryId, categoryName: name };
}

/** The execution journey's precedent: the client in the header and a table, the chain's tags in the body. */
export function executionPrecedentDocx(tag: (name: string) => string): Promise<Buffer> {
  return buildPrecedent({
    title: 'Facility Agreement',
    header: `Prepared for {{ ${tag('client')} }}`,
    lines: [
      `This agreement is made with {{ ${tag('client')} }}.`,
      `{{ ${tag('guarantee')} }}`,
      `The guarantor is {{ ${tag('guarantor')} }}. {{ ${tag('limited')} }}`,
      `The cap is {{ ${tag('cap')} }} of {{ ${tag('cap_amount')} }}.`,
      `It is governed by {{ ${tag('law')} }} for {{ ${tag('term')} }} years, payment in {{ ${tag('days')} }} days.`,
      `Notices to {{ ${tag('address')} }}. {{ ${tag('confidential')} }}`,
      `Note: {{ ${tag('note')} }}`,
    ],
    table: [
      ['Client', `{{ ${tag('client')} }}`],
      ['Cap amount', `{{ ${tag('cap_amount')} }}`],
    ],
  });
}

/** The parts of a downloaded Office file (a zip): each entry's text by its path. */
export async function zipParts(download: Download): Promise<Map<string, string>> {
  const zip = new PizZip(await readFile(await download.path()));
  const parts = new Map<string, string>();
  for (const [name, entry] of Object.entries(zip.files)) if (!entry.dir) parts.set(name, entry.asText());
  return parts;
}

/** The texts of the runs of a WordprocessingML part, each with whether it is bold. */
export function runsOf(xml: string): { text: string; bold: boolean }[] {
  return [...xml.matchAll(/<w:r(?:\s[^>]*)?>([\s\S]*?)<\/w:r>/g)].map((m) => {
    const run = m[1] ?? '';
    const props = /<w:rPr>([\s\S]*?)<\/w:rPr>/.exec(run)?.[1] ?? '';
    return {
      text: wordText(run),
      bold: /<w:b(?:\s+w:val="(?:true|1|on)")?\s*\/>/.test(props),
    };
  });
}

/** The text of each table cell of a WordprocessingML part. */
export function tableCellsOf(xml: string): string[] {
  return [...xml.matchAll(/<w:tc(?:\s[^>]*)?>([\s\S]*?)<\/w:tc>/g)].map((m) => wordText(m[1] ?? ''));
}
