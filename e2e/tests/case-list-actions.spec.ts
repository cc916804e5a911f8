import { caseMessages, commonMessages, documentMessages } from '@lexdesk/contract';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { apiLogin, bearer, DEMO } from '../support/api.ts';
import { apiCreateCase, casePagePath, contractFiles, docxTemplate, dropFiles, uniqueTitle } from '../support/cases.ts';
import { expectAccessible, expectToastComesAndGoes, signInFast } from '../support/ui.ts';

// These journeys upload and index: give them room on a busy machine (they wait on conditions, never sleep).
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

/** The case list filtered to one case, as a person would find it. */
async function findOnList(page: Page, title: string) {
  await page.goto('/case');
  await page.getByLabel('Search by title, client or party').fill(title);
  const table = page.getByRole('table', { name: 'Cases' });
  await expect(table.getByRole('link', { name: title, exact: true })).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(2);
  return table;
}

async function openRowActions(page: Page, title: string) {
  await page.getByRole('button', { name: `Actions for ${title}`, exact: true }).click();
  return page.getByRole('menu');
}

test.describe('case list row actions and history', () => {
  test('an admin edits a case from its row, copies its link, reads the edit in the case history, then deletes it with the typed Delete', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const { access } = await apiLogin(request, DEMO.admin);
    const title = uniqueTitle('Row actions');
    const theCase = await apiCreateCase(request, access, title);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    await signInFast(page, DEMO.admin);

    await findOnList(page, title);
    let menu = await openRowActions(page, title);
    await expect(menu.getByRole('menuitem')).toHaveText(['Edit', 'Copy link', 'Delete']);
    await menu.getByRole('menuitem', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit case' });
    await expect(dialog.getByLabel('Title')).toHaveValue(title);
    await dialog.getByLabel('Client').fill('Northwind Holdings');
    await dialog.getByLabel('Status').click();
    await page.getByRole('option', { name: 'Closed' }).click();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToastComesAndGoes(page, caseMessages.updated);
    const row = page.getByRole('table', { name: 'Cases' }).getByRole('row').filter({ hasText: title });
    await expect(row).toContainText('Northwind Holdings');
    await expect(row).toContainText('Closed');

    menu = await openRowActions(page, title);
    await menu.getByRole('menuitem', { name: 'Copy link' }).click();
    await expectToastComesAndGoes(page, caseMessages.copied('Case link'));
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(`${baseURL}${casePagePath(theCase.id)}`);

    await page.goto(`/case-history/history/${theCase.id}?caseName=${encodeURIComponent(title)}`);
    await expect(page.getByRole('heading', { name: `History: ${title}` })).toBeVisible();
    const history = page.getByRole('table', { name: 'Case history' });
    const edit = history.getByRole('row').filter({ hasText: 'Ada Admin changed the status from Open to Closed' });
    await expect(edit).toContainText('edited the client');
    await expect(history.getByRole('row').filter({ hasText: 'Ada Admin created the case' })).toHaveCount(1);
    // Newest first: the edit comes before the creation.
    await expect(history.getByRole('row').nth(1)).toContainText('changed the status');
    await expectAccessible(page);
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: title }).click();
    await expect(page.getByRole('heading', { name: title })).toBeVisible();

    await findOnList(page, title);
    menu = await openRowActions(page, title);
    await menu.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm delete' });
    await expect(confirm).toContainText(caseMessages.deleteConfirm('case'));
    const remove = confirm.getByRole('button', { name: 'Delete' });
    await expect(remove).toBeDisabled();
    // Checked before typing: once enabled, the button's colour fades in and axe may measure it mid-fade.
    await expectAccessible(page);
    await confirm.getByLabel(commonMessages.typeDeletePrompt).fill('Delet');
    await expect(remove).toBeDisabled();
    await confirm.getByLabel(commonMessages.typeDeletePrompt).fill('Delete');
    await remove.click();
    await expect(page.getByText(caseMessages.deleted(title), { exact: true })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Cases' })).toContainText(commonMessages.noRecords);
    const gone = await request.get(`/api/case/${theCase.id}/`, { headers: bearer(access) });
    expect(gone.status()).toBe(404);
  });

  test('a plain user may edit and copy a link from a row, but not delete', async ({ page, request }) => {
    const { access } = await apiLogin(request, DEMO.user);
    const title = uniqueTitle('User row');
    await apiCreateCase(request, access, title);
    await signInFast(page, DEMO.user);
    await findOnList(page, title);
    const menu = await openRowActions(page, title);
    await expect(menu.getByRole('menuitem')).toHaveText(['Edit', 'Copy link']);
  });

  test('documents dragged onto the drop zone upload, index and list; a refused one says why', async ({
    page,
    request,
  }) => {
    const { access } = await apiLogin(request, DEMO.user);
    const theCase = await apiCreateCase(request, access, uniqueTitle('Dropped files'));
    const contract = contractFiles('credit', 1)[0]!;
    const files = [
      { name: path.basename(contract), mimeType: 'text/plain', buffer: readFileSync(contract) },
      {
        name: 'contract.docx',
        mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        buffer: readFileSync(docxTemplate('contract.docx')),
      },
      // A text file renamed to .pdf: refused by its content.
      { name: 'scan.pdf', mimeType: 'application/pdf', buffer: readFileSync(contract) },
    ];
    await signInFast(page, DEMO.user);
    await page.goto(casePagePath(theCase.id, 'documents'));
    await expect(page.getByRole('table', { name: 'Documents' })).toContainText(commonMessages.noRecords);
    await dropFiles(page.getByTestId('upload-zone'), files);

    await expect(page.getByTestId('upload-item')).toHaveCount(3);
    await expect(page.locator('[data-testid="upload-item"][data-state="done"]')).toHaveCount(2);
    await expect(
      page.getByRole('alert').filter({ hasText: documentMessages.mismatch('pdf', 'plain text') }),
    ).toBeVisible();
    const documents = page.getByRole('table', { name: 'Documents' });
    for (const file of files.slice(0, 2)) {
      const row = documents.getByRole('row').filter({ hasText: file.name });
      await expect(row.getByTestId('indexing-state')).toHaveText('Indexed', { timeout: 60_000 });
    }
    await expect(documents.getByRole('row')).toHaveCount(3);
    await expectAccessible(page);
  });
});
