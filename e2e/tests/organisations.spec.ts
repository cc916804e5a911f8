import { commonMessages, organisationMessages } from '@lexdesk/contract';
import { expect, test } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { DEMO } from '../support/api.ts';
import { readXlsx } from '../support/organisations.ts';
import { expectAccessible, expectToastComesAndGoes, signInFast } from '../support/ui.ts';

test.describe('organisations (super)', () => {
  test(
    'super creates an organisation, edits it, sees its history, downloads usage data and deletes it',
    { tag: '@smoke' },
    async ({ page }) => {
      const name = `Journey Firm ${Date.now().toString(36)}`;
      await signInFast(page, DEMO.super);
      await page.getByRole('link', { name: 'Organization' }).click();
      await expect(page).toHaveURL(/\/organization$/);
      await expect(page.getByRole('table', { name: 'Organisations' })).toContainText('Demo Law LLP');
      await expectAccessible(page);

      await page.getByRole('button', { name: 'Create organisation' }).click();
      const form = page.getByRole('dialog', { name: 'Create organisation' });
      await form.getByRole('button', { name: 'Create' }).click();
      await expect(form.getByText(organisationMessages.nameRequired)).toBeVisible();
      await form.getByLabel('Organization name').fill(name);
      await form.getByLabel('User limit').fill('');
      await form.getByRole('button', { name: 'Create' }).click();
      await expect(form.getByText('User limit cannot be blank.')).toBeVisible();
      await form.getByLabel('User limit').fill('5');
      await form.getByLabel('Contact email').fill('office@journey.example');
      await form.getByRole('checkbox', { name: 'Invoice' }).uncheck();
      await expectAccessible(page);
      await form.getByRole('button', { name: 'Create' }).click();
      await expect(page.getByText(organisationMessages.created)).toBeVisible();

      await page.getByLabel('Search by name or contact email').fill(name);
      const table = page.getByRole('table', { name: 'Organisations' });
      await expect(table.getByRole('row')).toHaveCount(2);
      await expect(table).toContainText('0 / 5');

      await page.getByRole('button', { name: `Actions for ${name}` }).click();
      await page.getByRole('menuitem', { name: 'Edit' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit organisation' });
      await edit.getByLabel('User limit').fill('8');
      await edit.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText(organisationMessages.saved)).toBeVisible();
      await expect(table).toContainText('0 / 8');

      await page.getByRole('button', { name: `Actions for ${name}` }).click();
      await page.getByRole('menuitem', { name: 'History' }).click();
      const history = page.getByRole('dialog', { name: `History of ${name}` });
      await expect(history.getByRole('listitem')).toHaveCount(2);
      await expect(history.getByRole('listitem').first()).toContainText('Changed by Sam Super');
      await expect(history.getByRole('listitem').first()).toContainText('user limit: 5 → 8');
      await expect(history.getByRole('listitem').last()).toContainText('Created by Sam Super');
      await expectAccessible(page);
      await history.getByRole('button', { name: 'Close' }).click();

      await page.getByRole('button', { name: `Actions for ${name}` }).click();
      const downloading = page.waitForEvent('download');
      await page.getByRole('menuitem', { name: 'Download usage (CSV)' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/^usage-\d+-\d{4}-\d{2}-\d{2}\.csv$/);
      const csv = await readFile((await download.path())!, 'utf8');
      expect(csv).toContain(
        'Organisation,Users,Active users,Storage used (bytes),Documents,Template executions,Searches,Playbooks,Tasks,Invoices,Knowledge articles',
      );
      expect(csv).toContain(`${name},0,0,0,0,0,0,0,0,0,0`);
      await expectToastComesAndGoes(page, commonMessages.downloaded);
      await expect(page.getByRole('dialog', { name: 'Downloading usage data' })).toBeHidden();

      // The same data as a real workbook: one sheet 'Usage', the header row, then the organisation's numbers.
      await page.getByRole('button', { name: `Actions for ${name}` }).click();
      const downloadingXlsx = page.waitForEvent('download');
      await page.getByRole('menuitem', { name: 'Download usage (XLSX)' }).click();
      const xlsx = await downloadingXlsx;
      expect(xlsx.suggestedFilename()).toMatch(/^usage-\d+-\d{4}-\d{2}-\d{2}\.xlsx$/);
      const workbook = readXlsx(await readFile((await xlsx.path())!));
      expect(workbook.sheets).toEqual(['Usage']);
      expect(workbook.rows).toEqual([
        [
          'Organisation',
          'Users',
          'Active users',
          'Storage used (bytes)',
          'Documents',
          'Template executions',
          'Searches',
          'Playbooks',
          'Tasks',
          'Invoices',
          'Knowledge articles',
        ],
        [name, '0', '0', '0', '0', '0', '0', '0', '0', '0', '0'],
      ]);
      await expectToastComesAndGoes(page, commonMessages.downloaded);
      await expect(page.getByRole('dialog', { name: 'Downloading usage data' })).toBeHidden();

      await page.getByRole('button', { name: `Actions for ${name}` }).click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      const confirm = page.getByRole('dialog', { name: 'Confirm delete' });
      await expect(confirm).toContainText(commonMessages.deleteConfirm('organisation'));
      const remove = confirm.getByRole('button', { name: 'Delete' });
      await expect(remove).toBeDisabled();
      await confirm.getByLabel(commonMessages.typeDeletePrompt).fill('DELETE');
      await remove.click();
      await expect(page.getByText(commonMessages.deleted(name))).toBeVisible();
      await expect(table).toContainText(commonMessages.noRecords);
    },
  );

  test('admins and users do not see Organization and are sent away from it', async ({ page }) => {
    await signInFast(page, DEMO.admin);
    await expect(page.getByRole('link', { name: 'Users' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Organization' })).toHaveCount(0);
    await page.goto('/organization');
    await expect(page).not.toHaveURL(/\/organization$/);
  });
});
