import { commonMessages, profileMessages } from '@lexdesk/contract';
import { expect, test, type Page } from '@playwright/test';
import { apiLogin, createDemoAdmin, DEMO } from '../support/api.ts';
import { expectAccessible, openProfileSetting, signIn } from '../support/ui.ts';

/** A real PNG drawn by the browser's canvas. */
async function drawPng(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 64;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#2a6f97';
    context.fillRect(0, 0, 64, 64);
    return canvas.toDataURL('image/png').split(',')[1]!;
  });
  return Buffer.from(base64, 'base64');
}

test.describe('profile', () => {
  test('edit own name and phone', async ({ page, request }) => {
    const { email, password } = await createDemoAdmin(request);
    await signIn(page, email, password);
    await openProfileSetting(page);
    const form = page.getByRole('form', { name: 'Personal details' });
    await expect(form.getByLabel('Email')).toHaveValue(email);
    await form.getByLabel('First name').fill('');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText(profileMessages.firstNameRequired)).toBeVisible();
    await form.getByLabel('First name').fill('Grace');
    await form.getByLabel('Phone').fill('+44 20 7946 0000');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText(profileMessages.saved)).toBeVisible();
    await page.reload();
    await expect(form.getByLabel('First name')).toHaveValue('Grace');
    await expect(form.getByLabel('Phone')).toHaveValue('+44 20 7946 0000');
    await expectAccessible(page);
  });

  test('upload a picture, refuse a non-picture, remove it after confirming', async ({ page, request }) => {
    const { email, password } = await createDemoAdmin(request);
    await signIn(page, email, password);
    await openProfileSetting(page);
    const input = page.getByTestId('profile-image-input');
    await input.setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not a picture') });
    await expect(page.getByText(profileMessages.imageType)).toBeVisible();
    await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await drawPng(page) });
    await expect(page.getByText(profileMessages.imageSaved)).toBeVisible();
    await page.getByRole('button', { name: 'Remove image' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(commonMessages.deleteConfirm('profile image'));
    await dialog.getByRole('button', { name: /Delete|Remove/ }).click();
    await expect(page.getByText(commonMessages.deleted('Profile image'))).toBeVisible();
    await expect(page.getByRole('button', { name: 'Remove image' })).toHaveCount(0);
  });

  test("someone else's profile is not found", async ({ page, request }) => {
    const other = await apiLogin(request, DEMO.otherAdmin);
    await signIn(page, DEMO.user);
    await page.goto(`/user/profile/${other.user_id}`);
    await expect(page.getByTestId('not-found')).toBeVisible();
  });
});

test.describe('admin setting', () => {
  test('the super user reads the outbox, opens a message and downloads it', async ({ page, request }) => {
    const { email } = await createDemoAdmin(request);
    await signIn(page, DEMO.super);
    await page.goto('/admin-setting');
    const table = page.getByRole('table', { name: 'Outbox' });
    await expect(table.getByRole('row', { name: new RegExp(email) })).toBeVisible();
    // Each message says what it is for: an invitation is account mail, which the provider sees.
    await expect(table.getByRole('row', { name: new RegExp(email) })).toContainText('Admin invitation');
    await table.getByRole('row', { name: new RegExp(email) }).click();
    const message = page.getByRole('dialog');
    await expect(message).toContainText('/register/admin/email=');
    // The outbox never shows a usable link: the token is masked (the invitee's mailbox has the real one).
    await expect(message).toContainText('&token=••••••');
    await expect(message).not.toContainText(/token=[A-Za-z0-9_-]{43}/);
    await message.getByRole('button', { name: 'Close' }).click();

    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    await expect(page.getByRole('progressbar')).toBeVisible();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    await expect(page.getByText(commonMessages.downloaded)).toBeVisible();
    await expectAccessible(page);
  });

  test('the outbox shows Loading data..., finds a recipient, or says No records found', async ({ page, request }) => {
    const { email } = await createDemoAdmin(request);
    await signIn(page, DEMO.super);
    // Hold the first outbox answer back (it still comes from the server) to see the loading state.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/admin/outbox/**', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/admin-setting');
    const table = page.getByRole('table', { name: 'Outbox' });
    // The outbox answer is held, so the table shows loading until released: on a busy machine the page itself (its
    // lazy chunk and the other sections) took more than the default 10 s to appear.
    await expect(table.getByText(commonMessages.loading)).toBeVisible({ timeout: 30_000 });
    release();
    await expect(table.getByText(commonMessages.loading)).toBeHidden();
    const search = page.getByLabel('Search by recipient or subject');
    await search.fill(email.toUpperCase());
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table.getByRole('row').nth(1)).toContainText(email);
    await search.fill(`${email}-nobody`);
    await expect(table.getByText(commonMessages.noRecords)).toBeVisible();
  });

  test('the outbox offers the page sizes of the specification', async ({ page }) => {
    await signIn(page, DEMO.super);
    await page.goto('/admin-setting');
    const outbox = page.getByRole('region', { name: 'Outbox section' });
    await outbox.getByRole('combobox', { name: /Rows per page/ }).click();
    await expect(page.getByRole('option')).toHaveText(['10', '15', '20', '25', '50', '100', '200']);
  });
});
