import { savedSearchMessages } from '@lexdesk/contract';
import { expect as baseExpect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { apiLogin, DEMO } from '../support/api.ts';
import {
  apiCreateCase,
  apiUpload,
  casePagePath,
  contractFiles,
  phraseFrom,
  uniqueTitle,
  waitIndexed,
} from '../support/cases.ts';
import { expectAccessible, expectToastComesAndGoes, signInFast } from '../support/ui.ts';

// Indexing and the viewer take their time on a busy machine (the journey waits on conditions, never sleeps).
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

test.describe('case saved searches', () => {
  test(
    "search a case's documents for a phrase, save it, leave, come back, run it, and open a document with find pre-filled",
    { tag: '@smoke' },
    async ({ page, request }) => {
      const { access } = await apiLogin(request, DEMO.admin);
      const title = uniqueTitle('Saved search matter');
      const theCase = await apiCreateCase(request, access, title);
      const files = [
        contractFiles('construction', 1)[0]!,
        contractFiles('severance', 1)[0]!,
        contractFiles('software_license', 1)[0]!,
      ];
      for (const file of files)
        await apiUpload(request, access, theCase.id, {
          name: path.basename(file),
          mimeType: 'text/plain',
          buffer: readFileSync(file),
        });
      await waitIndexed(request, access, theCase.id, files.length);
      const target = path.basename(files[1]!);
      const phrase = phraseFrom(files[1]!);
      const name = uniqueTitle('Key clause');

      // A plain user: save search is a case detail action of every role (spec 01 §6).
      await signInFast(page, DEMO.user);
      await page.goto(casePagePath(theCase.id, 'documents'));
      const documents = page.getByRole('table', { name: 'Documents' });
      await expect(documents.getByRole('row')).toHaveCount(files.length + 1);
      await expect(page.getByRole('button', { name: 'Save search' })).toHaveCount(0);
      await page.getByLabel('Search in documents ("phrase")').fill(`"${phrase}"`);
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await expect(page.getByText(`Find in viewer: ${phrase}`)).toBeVisible();
      await expect(documents.getByRole('link', { name: target })).toBeVisible();
      await expect(documents.getByRole('link', { name: path.basename(files[0]!) })).toHaveCount(0);

      await page.getByRole('button', { name: 'Save search' }).click();
      let dialog = page.getByRole('dialog', { name: 'Save search' });
      await expect(dialog.getByLabel('Name')).toHaveValue(`"${phrase}"`);
      await dialog.getByLabel('Name').fill('n'.repeat(201));
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog.getByText(savedSearchMessages.nameTooLong)).toBeVisible();
      await dialog.getByLabel('Name').fill(name);
      await expectAccessible(page);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expectToastComesAndGoes(page, savedSearchMessages.saved);
      await expect(dialog).toBeHidden();
      // The same name again on this case is refused, with the server's message under the field.
      await page.getByRole('button', { name: 'Save search' }).click();
      dialog = page.getByRole('dialog', { name: 'Save search' });
      await dialog.getByLabel('Name').fill(name.toUpperCase());
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog.getByText(savedSearchMessages.duplicate)).toBeVisible();
      // The typed name is not saved: Cancel asks before dropping it.
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await page
        .getByRole('dialog', { name: 'Discard your changes?' })
        .getByRole('button', { name: 'Discard' })
        .click();
      await expect(dialog).toBeHidden();

      // Leave the case, then come back to it from the case list.
      // A plain user's menu names the case list 'Case' (spec 01 §2).
      await page
        .getByRole('navigation', { name: 'Main menu' })
        .getByRole('link', { name: 'Case', exact: true })
        .click();
      await expect(page).toHaveURL(/\/case$/);
      await page.getByLabel('Search by title, client or party').fill(title);
      await page.getByRole('link', { name: title, exact: true }).click();
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
      await page.getByRole('tab', { name: 'Saved searches' }).click();
      const saved = page.getByRole('table', { name: 'Saved searches' });
      const row = saved.getByRole('row').filter({ hasText: name });
      await expect(row).toContainText(`"${phrase}"`);
      await expect(row).toContainText('Uma User');
      await expectAccessible(page);

      await page.getByRole('button', { name: `Actions for ${name}`, exact: true }).click();
      await page.getByRole('menu').getByRole('menuitem', { name: 'Run' }).click();
      await expect(page).toHaveURL(/\/documents\?search=/);
      await expect(page.getByText(`Find in viewer: ${phrase}`)).toBeVisible();
      await expect(page.getByLabel('Search in documents ("phrase")')).toHaveValue(`"${phrase}"`);
      await expect(documents.getByRole('link', { name: path.basename(files[0]!) })).toHaveCount(0);
      await documents.getByRole('link', { name: target }).click();

      await expect(page).toHaveURL(/\/view-document\/editor\/\d+\?search=/);
      const find = page.getByRole('dialog', { name: 'Find in document' });
      await expect(find.getByRole('textbox', { name: 'Find' })).toHaveValue(phrase);
      await expect(find.getByTestId('find-status')).toHaveText(/^1 of \d+$/);
      await expect(page.getByTestId('document-view').locator('mark.lexdesk-hit').first()).toHaveText(
        new RegExp(phrase, 'i'),
      );

      // The saver deletes their own saved search.
      await page.goto(casePagePath(theCase.id, 'saved-searches'));
      await page.getByRole('button', { name: `Actions for ${name}`, exact: true }).click();
      await page.getByRole('menu').getByRole('menuitem', { name: 'Delete' }).click();
      const confirm = page.getByRole('dialog', { name: 'Confirm delete' });
      await expect(confirm).toContainText('Are you sure you want to delete this saved search ?');
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await expect(page.getByText(savedSearchMessages.deleted(name), { exact: true })).toBeVisible();
      await expect(saved).toContainText('No records found');
    },
  );
});
