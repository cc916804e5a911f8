import { loginMessages } from '@lexdesk/contract';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiLogin, bearer, DEMO, DEMO_PASSWORD } from '../support/api.ts';
import { banner, expectAccessible, logout, signIn } from '../support/ui.ts';

test.describe('sign-in', () => {
  test('shows every validation message of spec 01 §5', async ({ page }) => {
    await page.goto('/login');
    const email = page.getByLabel('Email');
    const password = page.getByLabel('Password', { exact: true });
    const submit = page.getByRole('button', { name: 'Log In' });
    const cases: [string, string, string][] = [
      ['', '', loginMessages.bothEmpty],
      ['', 'whatever1', loginMessages.usernameEmpty],
      ['someone@example.com', '', loginMessages.passwordEmpty],
      ['not-an-email', 'whatever1', loginMessages.invalidEmail],
      ['someone@example.com', 'short', loginMessages.passwordTooShort],
    ];
    for (const [emailValue, passwordValue, message] of cases) {
      await email.fill(emailValue);
      await password.fill(passwordValue);
      await submit.click();
      await expect(banner(page)).toHaveText(message.trim());
    }
  });

  test('a wrong password shows the server message', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(DEMO.user);
    await page.getByLabel('Password', { exact: true }).fill('Wrong#2026pass');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(banner(page)).toHaveText(loginMessages.badCredentials);
  });

  test('the error banner hides itself after 4 s', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(banner(page)).toBeVisible();
    await expect(banner(page)).toBeHidden({ timeout: 8_000 });
  });

  test(
    'success shows the toast, trims the email and lands on the dashboard (Case module)',
    { tag: '@smoke' },
    async ({ page }) => {
      await page.goto('/login');
      await page.getByLabel('Email').fill(`  ${DEMO.user}  `);
      await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Log In' }).click();
      await expect(page.getByText(loginMessages.success)).toBeVisible();
      await expect(page).toHaveURL(/\/dashboard$/);
    },
  );

  test('remember me keeps the email after logout, and nothing else', async ({ page }) => {
    await signIn(page, DEMO.admin, DEMO_PASSWORD, true);
    await logout(page);
    await expect(page.getByLabel('Email')).toHaveValue(DEMO.admin);
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
    const stored = await page.evaluate(() => JSON.stringify(window.localStorage));
    expect(stored).not.toContain(DEMO_PASSWORD);
  });

  test('/login/redirect/{any} is the same sign-in page', async ({ page }) => {
    await page.goto('/login/redirect/anything');
    await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
  });

  /** A one-time sign-in code for `email`'s session (what another tab or application is handed). */
  async function signInCode(request: APIRequestContext, email: string) {
    const login = await apiLogin(request, email);
    const res = await request.post('/api/user-detail/token/code/', { headers: bearer(login.access) });
    expect(res.status()).toBe(200);
    return { code: ((await res.json()) as { code: string }).code, userId: login.user_id };
  }

  test('token sign-in from ?token=&id= asks whom it signs in as, then signs in once', async ({ page, request }) => {
    const { code, userId } = await signInCode(request, DEMO.user);
    const link = `/login?token=${encodeURIComponent(code)}&id=${userId}`;
    await page.goto(link);
    const confirm = page.getByRole('dialog', { name: `Sign in as ${DEMO.user}?` });
    await expect(confirm).toContainText('Continue only if you asked for it');
    await confirm.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText(loginMessages.success)).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    // The code is used up: the same link signs nobody in again.
    await logout(page);
    await page.goto(link);
    await expect(banner(page)).toHaveText(loginMessages.network);
  });

  test("a link for someone else's account asks before it replaces the session, and Cancel keeps it", async ({
    page,
    request,
  }) => {
    await signIn(page, DEMO.admin);
    await expect(page).toHaveURL(/\/dashboard$/);
    const { code, userId } = await signInCode(request, DEMO.user);
    await page.goto(`/login?token=${encodeURIComponent(code)}&id=${userId}`);
    const confirm = page.getByRole('dialog', { name: `Sign in as ${DEMO.user}?` });
    await expect(confirm).toContainText(`You are signed in as ${DEMO.admin}.`);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/dashboard$/);
    expect(await page.evaluate(() => localStorage.getItem('lexdesk.username'))).toBe(DEMO.admin);
  });

  test('a bad sign-in token says to check the network', async ({ page }) => {
    await page.goto('/login?token=not-a-token&id=1');
    await expect(banner(page)).toHaveText(loginMessages.network);
  });

  test('the sign-in page has no serious accessibility problems', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
    await expectAccessible(page);
  });
});
