import { notificationMessages, passwordMessages, sessionMessages } from '@lexdesk/contract';
import { expect, test } from '@playwright/test';
import { bearer, createDemoAdmin, DEMO, setModuleFlag } from '../support/api.ts';
import { openProfileSetting, signIn } from '../support/ui.ts';

const TOKEN_KEY = 'lexdesk.token';

test.describe('session behaviour', () => {
  test('a 401 on any call signs the user out', async ({ page, request }) => {
    const { email, password } = await createDemoAdmin(request);
    await signIn(page, email, password);
    const token = await page.evaluate((key) => window.localStorage.getItem(key), TOKEN_KEY);
    const revoked = await request.post('/api/logout/', { headers: bearer(token!) });
    expect(revoked.ok()).toBe(true);
    // The next call of any kind (the 10 s permission poll at the latest) answers 401.
    await expect(page).toHaveURL(/\/login$/, { timeout: 15_000 });
    expect(await page.evaluate((key) => window.localStorage.getItem(key), TOKEN_KEY)).toBeNull();
  });

  test('when the token vanishes the page reloads to the sign-in', async ({ page }) => {
    await signIn(page, DEMO.user);
    await page.evaluate((key) => window.localStorage.removeItem(key), TOKEN_KEY);
    await expect(page).toHaveURL(/\/login$/, { timeout: 15_000 });
  });

  test('an hour without activity signs the user out', async ({ page }) => {
    await page.clock.install();
    await signIn(page, DEMO.user);
    await page.clock.fastForward('01:01:00');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText(sessionMessages.idleLogout)).toBeVisible();
  });

  test('a new build is noticed within 30 s and the page reloads', async ({ page }) => {
    await page.clock.install();
    await signIn(page, DEMO.user);
    // A deploy between two checks: from now on the server answers another build's hash.
    await page.route('**/version.json*', (route) => route.fulfill({ json: { hash: 'next-build' } }));
    const reloaded = page.waitForEvent('load');
    await page.clock.fastForward(31_000);
    await reloaded;
    await expect(page.getByRole('button', { name: 'Profile menu' })).toBeVisible();
    expect(await page.evaluate(() => window.localStorage.getItem('lexdesk.version_hash'))).toBe('next-build');
  });

  test('a permission changed by an administrator shows the notice, then reloads', async ({ page, request }) => {
    const { email, password } = await createDemoAdmin(request);
    await signIn(page, email, password);
    await setModuleFlag(request, email, 'invoice_permission', false);
    const notice = page.getByRole('dialog', { name: sessionMessages.permissionsChangedTitle });
    await expect(notice).toBeVisible({ timeout: 20_000 });
    await expect(notice).toContainText(sessionMessages.permissionsChanged);
    await notice.getByRole('button').first().click();
    await expect(page.getByRole('button', { name: 'Profile menu' })).toBeVisible();
    const stored = await page.evaluate(() => window.localStorage.getItem('lexdesk.permissions'));
    expect(JSON.parse(stored!).invoice_permission).toBe(false);
  });

  test('dark mode is saved on the server and survives sign-in elsewhere', async ({ page, request, browser }) => {
    const { email, password } = await createDemoAdmin(request);
    await signIn(page, email, password);
    const toggle = page.getByRole('button', { name: 'Dark mode' });
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const light = await background();
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(background).not.toBe(light);

    const other = await browser.newPage();
    await signIn(other, email, password);
    await expect(other.getByRole('button', { name: 'Dark mode' })).toHaveAttribute('aria-pressed', 'true');
    await other.close();
  });

  test('changing the password notifies, and ends every other session', async ({ page, request }) => {
    const { email, password } = await createDemoAdmin(request);
    const elsewhere = await request.post('/api/login/', { data: { username: email, password, mode: 'webapp' } });
    const otherToken = ((await elsewhere.json()) as { access: string }).access;
    await signIn(page, email, password);
    await openProfileSetting(page);

    await page.getByRole('button', { name: /^Notifications/ }).click();
    await expect(page.getByText(notificationMessages.empty)).toBeVisible();
    await page.keyboard.press('Escape');

    const form = page.getByRole('form', { name: 'Change password' });
    await form.getByLabel('Current password').fill(password);
    await form.getByLabel('New password', { exact: true }).fill('Changed#2026pass');
    await form.getByLabel('Confirm password', { exact: true }).fill('Changed#2026pass');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText(passwordMessages.changed).first()).toBeVisible();

    const stale = await request.get('/api/app-config/', { headers: bearer(otherToken) });
    expect(stale.ok()).toBe(true);
    const refused = await request.post('/api/logout/', { headers: bearer(otherToken) });
    expect(refused.status()).toBe(401);

    await page.reload();
    await page.getByRole('button', { name: /^Notifications/ }).click();
    const list = page.getByRole('dialog', { name: notificationMessages.title });
    await expect(list.getByText(notificationMessages.passwordChanged)).toBeVisible();
    await expect(list.getByRole('button', { name: /Unread:/ })).toHaveCount(1);
    await list.getByRole('button', { name: notificationMessages.markAllRead }).click();
    await expect(list.getByRole('button', { name: /Unread:/ })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(list).toBeHidden();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  });
});
