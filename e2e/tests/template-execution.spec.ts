import { templateMessages as M, type ExecutionHistoryResponse } from '@lexdesk/contract';
import { expect, test, type Page, type Route } from '@playwright/test';
import { inspectTemplate, TemplateSyntaxError } from '../../apps/server/src/modules/templates/docx/docx-engine.ts';
import { buildPrecedent } from '../../apps/server/src/modules/templates/template-fixtures.ts';
import { apiLogin, bearer, DEMO } from '../support/api.ts';
import {
  apiExecutionQuestionnaires,
  apiQuestionnaire,
  apiUploadTemplate,
  executionPrecedentDocx,
  precedentDocx,
  replaceStoredTemplate,
  runsOf,
  tableCellsOf,
  uniqueTag,
  zipParts,
} from '../support/templates.ts';
import { banner, expectAccessible, signInFast } from '../support/ui.ts';

const question = (page: Page, text: string) =>
  page
    .locator('[data-testid^="question-"]')
    .filter({ has: page.getByText(text, { exact: true }) })
    .first();

/** The problems the upload check names for a document (the same engine the server runs). */
function problemsOf(file: Buffer): string[] {
  try {
    inspectTemplate(file);
    return [];
  } catch (error) {
    if (error instanceof TemplateSyntaxError) return error.problems;
    throw error;
  }
}

const serverFailure = (route: Route) =>
  route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ detail: 'Boom', code: 'X' }) });

test.describe('template execution failures', () => {
  test('a server failure on Submit shows Failed to execute template, and the answers stay', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const prefix = uniqueTag();
    const { access } = await apiLogin(request, DEMO.admin);
    const q = await apiQuestionnaire(request, access, prefix);
    const template = await apiUploadTemplate(request, access, `Failing ${prefix}`, await precedentDocx(q.tag));

    await signInFast(page, DEMO.admin);
    await page.route('**/api/execute/', (route) =>
      route.request().method() === 'POST' ? serverFailure(route) : route.fallback(),
    );
    await page.goto(`/document-template/user-execute/${template.id}`);
    await question(page, 'What is the client name?').getByRole('textbox').fill('Acme Ltd');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(banner(page)).toHaveText(M.executeFailed);
    await expect(page.getByRole('dialog', { name: 'Export, View or Download File' })).toHaveCount(0);
    await expect(question(page, 'What is the client name?').getByRole('textbox')).toHaveValue('Acme Ltd');
  });

  test('a stored template whose syntax is broken: Submit names the place to fix', async ({ page, request }) => {
    test.setTimeout(120_000);
    const prefix = uniqueTag();
    const { access } = await apiLogin(request, DEMO.admin);
    const q = await apiQuestionnaire(request, access, prefix);
    const good = await precedentDocx(q.tag);
    const broken = await buildPrecedent({
      title: 'Guarantee Agreement',
      header: `Prepared for {{ ${q.tag('client')} }}`,
      lines: [`This agreement is made with {{ ${q.tag('client')}`, `The guarantor is {{ ${q.tag('guarantor')} }}.`],
    });
    const [problem] = problemsOf(broken);
    expect(problem).toMatch(/^In the main text near ".*": .*unclosed/);

    // Today's upload refuses the broken document, naming the place …
    const refused = await request.post('/api/document-template/', {
      headers: bearer(access),
      multipart: {
        name: `Broken ${prefix}`,
        file: { name: 'broken.docx', mimeType: 'application/octet-stream', buffer: broken },
      },
    });
    expect(refused.status()).toBe(400);
    expect(((await refused.json()) as { detail: string }).detail).toBe(problem);

    // … so it reaches execution only as a document stored before that check (an older release, a backup).
    const template = await apiUploadTemplate(request, access, `Broken ${prefix}`, good);
    await replaceStoredTemplate(good, broken);

    await signInFast(page, DEMO.admin);
    await page.goto(`/document-template/user-execute/${template.id}`);
    await question(page, 'What is the client name?').getByRole('textbox').fill('Acme Ltd');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(banner(page)).toHaveText(`${M.executeFailed}\n${problem}`);
    await expect(banner(page)).toContainText(M.executeFailed);
    await expect(banner(page)).toContainText(problem!);
    await expectAccessible(page);
  });
});

const radio = (page: Page, questionText: string, answer: 'Yes' | 'No') =>
  page.getByRole('radiogroup', { name: questionText, exact: true }).getByRole('radio', { name: answer });
const answerBox = (page: Page, questionText: string) => page.getByRole('textbox', { name: questionText, exact: true });

test.describe('template execution journey', () => {
  test('nested conditionals three deep, paging by five, Q&A as Excel, and the generated document keeps bold, header and table', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const prefix = uniqueTag();
    const { access } = await apiLogin(request, DEMO.admin);
    const q = await apiExecutionQuestionnaires(request, access, prefix);
    const name = `Facility ${prefix}`;
    const template = await apiUploadTemplate(request, access, name, await executionPrecedentDocx(q.tag));
    expect(template.categories.map((c) => c.name)).toEqual([q.deal.categoryName, q.notes.categoryName]);

    await signInFast(page, DEMO.admin);
    await page.goto(`/document-template/user-execute/${template.id}`);
    const categories = page.getByRole('navigation', { name: 'Categories' });
    await expect(categories.getByRole('button', { name: q.deal.categoryName })).toBeVisible();
    await expect(categories.getByRole('button', { name: q.notes.categoryName })).toBeVisible();

    // Page 1: the first five top-level questions, Next but no Previous or Submit.
    await expect(page.getByText('Page 1 of 2')).toBeVisible();
    for (const text of [
      'What is the client name?',
      'Is there a guarantor?',
      'Which law governs?',
      'What is the term in years?',
      'How many days to pay?',
    ])
      await expect(page.getByText(text, { exact: true })).toBeVisible();
    await expect(page.getByText('What is the notice address?', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Previous' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Submit' })).toHaveCount(0);

    // A rich-text answer with a bold word.
    const client = question(page, 'What is the client name?');
    await client.getByRole('button', { name: 'Formatted text' }).click();
    const editor = client.getByRole('textbox', { name: 'Answer: What is the client name?' });
    await editor.click();
    await editor.pressSequentially('Acme ');
    await page.keyboard.press('Control+b');
    await editor.pressSequentially('Holdings');
    await page.keyboard.press('Control+b');

    // Three levels of branches: guarantor? → limited? → which cap? → the cap amount.
    const children = [
      'Who is the guarantor?',
      'Is the guarantee limited?',
      'Which cap applies?',
      'What is the cap amount?',
    ];
    for (const text of children) await expect(page.getByText(text, { exact: true })).toHaveCount(0);
    const answerChain = async () => {
      await radio(page, 'Is there a guarantor?', 'Yes').check();
      await answerBox(page, 'Who is the guarantor?').fill('Jane Guarantor');
      await expect(page.getByText('Which cap applies?', { exact: true })).toHaveCount(0);
      await radio(page, 'Is the guarantee limited?', 'Yes').check();
      await expect(page.getByText('What is the cap amount?', { exact: true })).toHaveCount(0);
      await page.getByRole('checkbox', { name: 'Fixed amount' }).check();
      await answerBox(page, 'What is the cap amount?').fill('GBP 1,000,000');
    };
    await answerChain();

    // Unchecking the option closes its child and clears it.
    await page.getByRole('checkbox', { name: 'Fixed amount' }).uncheck();
    await expect(page.getByText('What is the cap amount?', { exact: true })).toHaveCount(0);
    await page.getByRole('checkbox', { name: 'Fixed amount' }).check();
    await expect(answerBox(page, 'What is the cap amount?')).toHaveValue('');
    await answerBox(page, 'What is the cap amount?').fill('GBP 1,000,000');

    // No on the middle level closes two levels below it; Yes brings them back empty.
    await radio(page, 'Is the guarantee limited?', 'No').check();
    await expect(page.getByText('Which cap applies?', { exact: true })).toHaveCount(0);
    await expect(page.getByText('What is the cap amount?', { exact: true })).toHaveCount(0);
    await radio(page, 'Is the guarantee limited?', 'Yes').check();
    await expect(page.getByRole('checkbox', { name: 'Fixed amount' })).not.toBeChecked();
    await expect(page.getByText('What is the cap amount?', { exact: true })).toHaveCount(0);

    // No on the top level closes the whole chain; Yes brings it back with nothing answered.
    await radio(page, 'Is there a guarantor?', 'No').check();
    for (const text of children) await expect(page.getByText(text, { exact: true })).toHaveCount(0);
    await radio(page, 'Is there a guarantor?', 'Yes').check();
    await expect(answerBox(page, 'Who is the guarantor?')).toHaveValue('');
    await expect(radio(page, 'Is the guarantee limited?', 'Yes')).not.toBeChecked();
    await expect(radio(page, 'Is the guarantee limited?', 'No')).not.toBeChecked();
    await expect(page.getByText('Which cap applies?', { exact: true })).toHaveCount(0);
    await answerChain();

    await page.getByRole('radio', { name: 'England' }).check();
    await answerBox(page, 'What is the term in years?').fill('5');
    await answerBox(page, 'How many days to pay?').fill('30');
    await expectAccessible(page);

    // Page 2: the rest of the first category and the second category; Submit instead of Next.
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Page 2 of 2')).toBeVisible();
    await expect(page.getByText('What is the client name?', { exact: true })).toHaveCount(0);
    await expect(page.getByText('Is there a confidentiality clause?', { exact: true })).toBeVisible();
    await expect(page.getByText('Any closing note?', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Next' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Submit' })).toBeVisible();
    await answerBox(page, 'What is the notice address?').fill('1 High Street, London');
    await radio(page, 'Is there a confidentiality clause?', 'Yes').check();

    // Previous keeps the answers of page 1; the category list jumps to a category's page.
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(page.getByText('Page 1 of 2')).toBeVisible();
    await expect(answerBox(page, 'What is the cap amount?')).toHaveValue('GBP 1,000,000');
    await expect(page.getByRole('button', { name: 'Previous' })).toHaveCount(0);
    await categories.getByRole('button', { name: q.notes.categoryName }).click();
    await expect(page.getByText('Page 2 of 2')).toBeVisible();
    await expect(answerBox(page, 'What is the notice address?')).toHaveValue('1 High Street, London');
    await categories.getByRole('button', { name: q.deal.categoryName }).click();
    await expect(page.getByText('Page 1 of 2')).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Submit' }).click();
    const submit = page.getByRole('dialog', { name: 'Export, View or Download File' });
    await expect(submit).toBeVisible();

    // Export Q&A as Excel: a real workbook with the questions and their answers, the nested ones included.
    const xlsxDownload = page.waitForEvent('download');
    await submit.getByRole('button', { name: 'Export Q&A' }).click();
    await page.getByRole('menuitem', { name: 'Excel (.xlsx)' }).click();
    const xlsx = await xlsxDownload;
    expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
    const book = await zipParts(xlsx);
    expect(book.get('[Content_Types].xml')).toContain('spreadsheetml.sheet.main');
    expect(book.has('xl/workbook.xml')).toBe(true);
    const cells = [...book.entries()]
      .filter(([part]) => part === 'xl/sharedStrings.xml' || part.startsWith('xl/worksheets/'))
      .map(([, xml]) => xml)
      .join('\n');
    for (const text of [
      'What is the cap amount?',
      'GBP 1,000,000',
      'Who is the guarantor?',
      'Jane Guarantor',
      'Which cap applies?',
      'Fixed amount',
    ])
      expect(cells).toContain(text);
    expect(cells).not.toContain('Any closing note?');

    // Download the generated document: more than its paragraphs' text survives.
    await submit.getByRole('button', { name: 'Download', exact: true }).click();
    const save = page.getByRole('dialog', { name: 'Assign or download document' });
    await save.getByLabel('File Name').fill(`Facility ${prefix}`);
    const docxDownload = page.waitForEvent('download');
    await save.getByRole('button', { name: 'Save' }).click();
    const docx = await docxDownload;
    expect(docx.suggestedFilename()).toBe(`Facility ${prefix}.docx`);
    await expect(page.getByText(M.downloaded)).toBeVisible();
    const parts = await zipParts(docx);
    const body = parts.get('word/document.xml') ?? '';
    const runs = runsOf(body);
    // The bold word of the rich-text answer is a bold run; the text before it is not.
    expect(runs.filter((r) => r.text.includes('Holdings')).some((r) => r.bold)).toBe(true);
    expect(runs.find((r) => r.text.includes('This agreement is made with'))?.bold).toBe(false);
    const text = runs.map((r) => r.text).join('');
    expect(text).toContain('This agreement is made with Acme Holdings.');
    expect(text).toContain('A guarantee is given.');
    expect(text).toContain('The guarantee is limited.');
    expect(text).toContain('The cap is a fixed amount of GBP 1,000,000.');
    expect(text).toContain('It is governed by the laws of England for 5 years, payment in 30 days.');
    expect(text).not.toMatch(/\{\{/);
    // The header and the table of the precedent are filled too.
    const headers = [...parts.entries()].filter(([part]) => /^word\/header\d*\.xml$/.test(part));
    expect(
      headers.some(([, xml]) =>
        runsOf(xml)
          .map((r) => r.text)
          .join('')
          .includes('Prepared for Acme Holdings'),
      ),
    ).toBe(true);
    const tableCells = tableCellsOf(body);
    expect(tableCells).toEqual(['Client', 'Acme Holdings', 'Cap amount', 'GBP 1,000,000']);
    await expect(page.getByRole('dialog', { name: 'Downloading...' })).toBeHidden();

    // The history preview after the first category is switched off: none of the questions on screen is
    // answered, so Export Q&A says so.
    const history = await request.get(`/api/document-template/${template.id}/history/`, {
      headers: bearer(access),
      params: { page_no: 1, limits: 10 },
    });
    expect(history.status(), await history.text()).toBe(200);
    const [execution] = ((await history.json()) as ExecutionHistoryResponse).data;
    const off = await request.put(`/api/document-template/${template.id}/category/${q.deal.categoryId}/`, {
      headers: bearer(access),
      data: { active: false },
    });
    expect(off.status(), await off.text()).toBe(200);
    await page.goto(`/document-template/user-execute/${execution!.id}/${template.id}`);
    await expect(page.getByText(`History preview: Facility ${prefix}.docx`)).toBeVisible();
    await expect(page.getByText('Any closing note?', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Export, View or Download' }).click();
    const preview = page.getByRole('dialog', { name: 'Export, View or Download File' });
    await preview.getByRole('button', { name: 'Export Q&A' }).click();
    await page.getByRole('menuitem', { name: 'Excel (.xlsx)' }).click();
    await expect(preview.getByText(M.answerOne, { exact: true })).toBeVisible();
    await expectAccessible(page);
  });
});
