import { templateMessages as M } from '@lexdesk/contract';
import { expect, test, type Page } from '@playwright/test';
import { apiLogin, bearer, DEMO } from '../support/api.ts';
import { apiCreateCase } from '../support/cases.ts';
import {
  apiAssignToEveryone,
  apiQuestionnaire,
  docxText,
  precedentDocx,
  uniqueTag,
  uploadThroughUi,
} from '../support/templates.ts';
import { closeList, expectAccessible, forgetSession, signInFast } from '../support/ui.ts';

const question = (page: Page, text: string) =>
  page
    .locator('[data-testid^="question-"]')
    .filter({ has: page.getByText(text, { exact: true }) })
    .first();

test.describe('templates', () => {
  test('upload a precedent, see the tag matching, execute it with a rich-text answer, view, download, assign to a case, reopen from history', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const prefix = uniqueTag();
    const { access } = await apiLogin(request, DEMO.admin);
    const q = await apiQuestionnaire(request, access, prefix);
    const caseTitle = `Guarantee case ${prefix}`;
    await apiCreateCase(request, access, caseTitle);
    const name = `Guarantee ${prefix}`;

    await signInFast(page, DEMO.admin);
    await uploadThroughUi(page, name, await precedentDocx(q.tag));

    // Tag matching: the document's tag no question fills, and the question the document never uses.
    await expect(page.getByTestId('document-only-tags')).toContainText(q.tag('reference'));
    await expect(page.getByTestId('question-only')).toContainText('An unused question?');
    await expect(page.getByTestId('matched-tags')).toContainText(q.tag('guarantor'));
    await expect(page.getByLabel(`${q.categoryName} (active)`)).toBeChecked();
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Execute' }).click();
    await expect(page).toHaveURL(/\/document-template\/user-execute\/\d+$/);
    await expect(
      page.getByRole('navigation', { name: 'Categories' }).getByText(q.categoryName.slice(0, 10)),
    ).toBeVisible();

    // Submit with nothing answered.
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByTestId('error-banner')).toHaveText(M.answerOne);

    // Info dialog with sanitised rich text.
    await page.getByRole('button', { name: 'Question information: What is the client name?' }).click();
    const info = page.getByRole('dialog', { name: 'Question Information' });
    await expect(info.locator('strong')).toHaveText('full legal');
    await info.getByRole('button', { name: 'Close' }).click();

    // A rich-text answer: bold typed in the editor.
    const client = question(page, 'What is the client name?');
    await client.getByRole('button', { name: 'Formatted text' }).click();
    const editor = client.getByRole('textbox', { name: 'Answer: What is the client name?' });
    await editor.click();
    await editor.pressSequentially('Acme ');
    await page.keyboard.press('Control+b');
    await editor.pressSequentially('Holdings');
    await page.keyboard.press('Control+b');

    // The child question appears for Yes, clears on No, and comes back empty.
    const guarantor = question(page, 'Is there a guarantor?');
    await guarantor.getByLabel('Yes').check();
    const child = question(page, 'Who is the guarantor?');
    await child.getByRole('textbox').fill('Jane Guarantor');
    await guarantor.getByLabel('No').check();
    await expect(page.getByText('Who is the guarantor?')).toBeHidden();
    await guarantor.getByLabel('Yes').check();
    await expect(question(page, 'Who is the guarantor?').getByRole('textbox')).toHaveValue('');
    await question(page, 'Who is the guarantor?').getByRole('textbox').fill('Jane Guarantor');
    await question(page, 'Which law governs?').getByRole('radio', { name: 'England' }).check();
    await page.getByRole('button', { name: 'Option information: England' }).click();
    const optionInfo = page.getByRole('dialog', { name: 'Option Information' });
    await expect(optionInfo).toContainText('English courts');
    await optionInfo.getByRole('button', { name: 'Close' }).click();
    await expectAccessible(page);

    // The draft survives a reload.
    await expect(page.getByRole('status')).toHaveText(M.draftSaved);
    await page.reload();
    await expect(question(page, 'Who is the guarantor?').getByRole('textbox')).toHaveValue('Jane Guarantor');
    await expect(question(page, 'Which law governs?').getByRole('radio', { name: 'England' })).toBeChecked();

    await page.getByRole('button', { name: 'Submit' }).click();
    const submit = page.getByRole('dialog', { name: 'Export, View or Download File' });
    await expect(submit).toBeVisible();

    // Export Q&A as Word.
    const qaDownload = page.waitForEvent('download');
    await submit.getByRole('button', { name: 'Export Q&A' }).click();
    await page.getByRole('menuitem', { name: 'Word (.docx)' }).click();
    const qaText = await docxText(await qaDownload);
    expect(qaText).toContain('Who is the guarantor?');
    expect(qaText).toContain('Jane Guarantor');

    // View renders the generated document in the page.
    await submit.getByRole('button', { name: 'View' }).click();
    const viewer = page.getByRole('dialog', { name: `${name}.docx` });
    await expect(viewer.getByTestId('document-viewer')).toContainText('This agreement is made with Acme Holdings.');
    await expect(viewer.getByTestId('document-viewer')).toContainText('The guarantor is Jane Guarantor.');
    await expect(viewer.getByTestId('document-viewer').locator('b, strong, [style*="bold"]').first()).toBeVisible();
    await viewer.getByRole('button', { name: 'Close' }).click();

    // Download: name it, the percentage dialog, the .docx text.
    await submit.getByRole('button', { name: 'Download', exact: true }).click();
    const save = page.getByRole('dialog', { name: 'Assign or download document' });
    await save.getByLabel('File Name').fill('');
    await save.getByRole('button', { name: 'Save' }).click();
    await expect(save.getByText(M.documentNameEmpty)).toBeVisible();
    await save.getByLabel('File Name').fill(`Deed ${prefix}`);
    const downloaded = page.waitForEvent('download');
    await save.getByRole('button', { name: 'Save' }).click();
    const file = await downloaded;
    expect(file.suggestedFilename()).toBe(`Deed ${prefix}.docx`);
    const text = await docxText(file);
    expect(text).toContain('This agreement is made with Acme Holdings.');
    expect(text).toContain('The guarantor guarantees:');
    expect(text).toContain('performance');
    expect(text).toContain('It is governed by the laws of England.');
    await expect(page.getByText(M.downloaded)).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Downloading...' })).toBeHidden();

    // Assign to a case.
    await page.getByRole('button', { name: 'Submit' }).click();
    await page
      .getByRole('dialog', { name: 'Export, View or Download File' })
      .getByRole('button', { name: 'Download', exact: true })
      .click();
    const assign = page.getByRole('dialog', { name: 'Assign or download document' });
    await assign.getByLabel('Assign To Case').check();
    await assign.getByRole('button', { name: 'Save' }).click();
    await expect(assign.getByText(M.selectCase)).toBeVisible();
    await assign.getByLabel('Select peoples').fill(caseTitle.slice(0, 12));
    await page.getByRole('option', { name: caseTitle }).click();
    await closeList(page);
    await assign.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(M.assignedToCase)).toBeVisible();
    const cases = await request.get('/api/case/', { headers: bearer(access), params: { search_key: caseTitle } });
    const caseId = ((await cases.json()) as { data: { id: number }[] }).data[0]?.id;
    const docs = await request.get(`/api/case/${caseId}/documents/`, { headers: bearer(access) });
    expect(((await docs.json()) as { data: { name: string }[] }).data.map((d) => d.name)).toContain(`${name}.docx`);

    // Reopen from history: the preview route with executionId and templateId.
    await page.goto('/document-template');
    await page.getByRole('button', { name: `Actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'History' }).click();
    await expect(page.getByRole('heading', { name: `History: ${name}` })).toBeVisible();
    await expectAccessible(page);
    await page
      .getByRole('button', { name: `Actions for ${name}.docx` })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Open' }).click();
    await expect(page).toHaveURL(/\/document-template\/user-execute\/\d+\/\d+$/);
    await expect(page.getByText(`History preview: ${name}.docx`)).toBeVisible();
    await expect(question(page, 'Who is the guarantor?').getByRole('textbox')).toHaveValue('Jane Guarantor');
    await page.getByRole('button', { name: 'Export, View or Download' }).click();
    await expect(page.getByRole('dialog', { name: 'Export, View or Download File' })).toBeVisible();
  });

  test(
    'a user sees only assigned templates, with history and copy link; no categories shows No records found',
    { tag: '@smoke' },
    async ({ page, request }) => {
      test.setTimeout(120_000);
      const prefix = uniqueTag();
      const { access } = await apiLogin(request, DEMO.admin);
      const q = await apiQuestionnaire(request, access, prefix);
      // A template whose tags no question writes: no categories.
      const empty = `Empty ${prefix}`;
      await signInFast(page, DEMO.admin);
      await uploadThroughUi(page, empty, await precedentDocx((n) => `${prefix}_none_${n}`));
      const templateId = Number(/template\/(\d+)/.exec(page.url())?.[1]);
      await page.goto(`/document-template/user-execute/${templateId}`);
      await expect(page.getByText(M.noRecords)).toBeVisible();
      await apiAssignToEveryone(request, access, templateId);
      expect(q.categoryId).toBeGreaterThan(0);

      await forgetSession(page);
      await signInFast(page, DEMO.user);
      await page.goto('/document-template');
      await page.getByRole('button', { name: `Actions for ${empty}` }).click();
      await expect(page.getByRole('menuitem', { name: 'History' })).toBeVisible();
      await expect(page.getByRole('menuitem', { name: 'Copy link' })).toBeVisible();
      await expect(page.getByRole('menuitem', { name: 'Delete' })).toHaveCount(0);
      await expect(page.getByRole('menuitem', { name: 'Assign' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Upload template' })).toHaveCount(0);
      await expectAccessible(page);
    },
  );
});

test.describe('template exports', () => {
  test('a super user exports a template with its questionnaires, imports it into another organisation and finds both in the history', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const prefix = uniqueTag();
    const { access } = await apiLogin(request, DEMO.super);
    const q = await apiQuestionnaire(request, access, prefix);
    const name = `Portable ${prefix}`;
    await signInFast(page, DEMO.super);
    await uploadThroughUi(page, name, await precedentDocx(q.tag));

    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Export Template' }).click();
    await expect(page.getByRole('heading', { name: 'Export Template' })).toBeVisible();
    await expectAccessible(page);
    const exported = page.waitForEvent('download');
    await page.getByRole('button', { name: `Export ${name}` }).click();
    const zip = await exported;
    expect(zip.suggestedFilename()).toBe(`${name}.zip`);
    await expect(page.getByText(`${M.exported}: 1 template(s), 1 questionnaire(s), 4 question(s)`)).toBeVisible();

    const panel = page.getByRole('region', { name: 'Import a package' });
    await panel.getByRole('button', { name: 'Import' }).click();
    await expect(panel.getByText(M.chooseOrganisation)).toBeVisible();
    await panel.getByRole('combobox', { name: 'Organisation' }).click();
    await page.getByRole('option', { name: 'Other Firm' }).click();
    await closeList(page);
    await panel.getByLabel('Package file').setInputFiles((await zip.path())!);
    await panel.getByRole('button', { name: 'Import' }).click();
    await expect(page.getByText(`${M.imported}: 1 template(s), 1 questionnaire(s), 4 question(s)`)).toBeVisible();

    const other = await apiLogin(request, DEMO.otherAdmin);
    const list = await request.get('/api/document-template/', {
      headers: bearer(other.access),
      params: { search_key: name },
    });
    expect(((await list.json()) as { data: { name: string }[] }).data.map((t) => t.name)).toEqual([name]);

    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Export History' }).click();
    await expect(page.getByRole('heading', { name: 'Export History' })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: `${name}.zip` })).toHaveCount(1);
    await expect(page.getByRole('row').filter({ hasText: 'Other Firm' }).first()).toBeVisible();
    const again = page.waitForEvent('download');
    await page.getByRole('button', { name: `Download ${name}.zip` }).click();
    expect((await again).suggestedFilename()).toBe(`${name}.zip`);
    await expectAccessible(page);
  });
});
