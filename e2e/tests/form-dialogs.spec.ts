import { commonMessages } from '@lexdesk/contract';
import { expect, test } from '@playwright/test';
import { DEMO } from '../support/api.ts';
import { signInFast } from '../support/ui.ts';

// Issue 18 item 6: Escape or a click outside a form dialog discarded what was typed, without a word.
test('a form dialog with unsaved changes asks before it closes; an untouched one closes at once', async ({ page }) => {
  await signInFast(page, DEMO.admin);
  await page.goto('/case');
  const openCreate = page.getByRole('button', { name: 'Create case' });
  const dialog = page.getByRole('dialog', { name: 'Create case' });
  const question = page.getByRole('dialog', { name: commonMessages.discardChanges });

  // Untouched: Escape closes without asking.
  await openCreate.click();
  await expect(dialog.getByLabel('Title')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(question).toBeHidden();

  // Typed: Escape asks; Keep editing keeps the text.
  await openCreate.click();
  await dialog.getByLabel('Title').fill('Lease renewal for Harbour Lane');
  await page.keyboard.press('Escape');
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Keep editing' }).click();
  await expect(question).toBeHidden();
  await expect(dialog.getByLabel('Title')).toHaveValue('Lease renewal for Harbour Lane');

  // A click outside asks too, and so does Cancel; Discard closes.
  await page.mouse.click(5, 5);
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Keep editing' }).click();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Keep editing' }).click();
  await expect(question).toBeHidden();
  await page.keyboard.press('Escape');
  await question.getByRole('button', { name: 'Discard' }).click();
  await expect(dialog).toBeHidden();
  await expect(question).toBeHidden();

  // Reopened, the form is empty, and a chip (a party) counts as a change as well.
  await openCreate.click();
  await expect(dialog.getByLabel('Title')).toHaveValue('');
  const parties = dialog.getByLabel('Parties');
  await parties.fill('Acme Staffing Inc');
  await parties.press('Enter');
  await expect(dialog.getByRole('button', { name: 'Acme Staffing Inc' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Discard' }).click();
  await expect(dialog).toBeHidden();
});
