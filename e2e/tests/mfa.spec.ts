import {
  accountLockMessages,
  LOGIN_LOCK_AFTER_FAILURES,
  loginMessages,
  mfaMessages,
  passwordMessages,
} from '@lexdesk/contract';
import { expect, test, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { createDemoAdmin, DEMO } from '../support/api.ts';
import { closeAttentionWhenShown, nextTotp } from '../support/registration.ts';
import { createLockedAdmin } from '../support/sign-in-lock.ts';
import { banner, expectAccessible, logout, openProfileMenu, signIn } from '../support/ui.ts';

/** Email and password, then the second step's form. */
async function passwordStep(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('heading', { name: 'Verification code' })).toBeVisible();
}

async function enterCode(page: Page, code: string) {
  await page.getByRole('textbox', { name: 'Verification code' }).fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
}

test.describe('multi-factor sign-in', () => {
  test.beforeEach(async ({ page }) => closeAttentionWhenShown(page));
  test('a user sets up an authenticator on the profile, signs in with its code, and a bypass code works once', async ({
    page,
    request,
  }) => {
    test.slow();
    const { email, password } = await createDemoAdmin(request);
    await signIn(page, email, password);
    const menu = await openProfileMenu(page);
    await menu.getByRole('menuitem', { name: 'Profile Setting' }).click();
    const card = page.getByRole('region', { name: 'Multi-factor sign-in' });
    await card.getByRole('button', { name: 'Set up authenticator app' }).click();
    // A session alone does not add a factor: the current password first (a wrong one is refused).
    const confirm = page.getByRole('dialog', { name: 'Set up authenticator app' });
    await confirm.getByLabel('Current password').fill('Wrong#Pass2026');
    await confirm.getByRole('button', { name: 'Continue' }).click();
    await expect(banner(page)).toHaveText(passwordMessages.currentWrong);
    await card.getByRole('button', { name: 'Set up authenticator app' }).click();
    await confirm.getByLabel('Current password').fill(password);
    await confirm.getByRole('button', { name: 'Continue' }).click();
    await expect(card.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    const secret = (await card.getByTestId('totp-secret').getAttribute('data-secret')) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await expectAccessible(page);
    await card.getByLabel('Code from the app').fill('000000');
    await card.getByRole('button', { name: 'Turn on' }).click();
    await expect(banner(page)).toHaveText(mfaMessages.codeInvalid);
    await card.getByLabel('Code from the app').fill(await generate({ secret }));
    await card.getByRole('button', { name: 'Turn on' }).click();
    const codesDialog = page.getByRole('dialog', { name: 'Your bypass codes' });
    await expect(codesDialog.getByRole('listitem')).toHaveCount(10);
    const codes = await codesDialog.getByRole('listitem').allTextContents();
    await codesDialog.getByRole('button', { name: 'I saved them' }).click();
    await expect(card.getByText(mfaMessages.enabled)).toBeVisible();
    await expect(card.getByText('Bypass codes left: 10')).toBeVisible();
    await logout(page);

    await passwordStep(page, email, password);
    await expectAccessible(page);
    await enterCode(page, '000000');
    await expect(banner(page)).toHaveText(mfaMessages.codeInvalid);
    await enterCode(page, await nextTotp(secret));
    await expect(page.getByRole('button', { name: 'Profile menu' })).toBeVisible();
    await expect(page.getByText(loginMessages.success)).toBeVisible();
    await logout(page);

    await passwordStep(page, email, password);
    await enterCode(page, codes[0]!);
    await expect(page.getByRole('button', { name: 'Profile menu' })).toBeVisible();
    await logout(page);
    await passwordStep(page, email, password);
    await enterCode(page, codes[0]!);
    await expect(banner(page)).toHaveText(mfaMessages.codeInvalid);
    await enterCode(page, codes[1]!);
    await expect(page.getByRole('button', { name: 'Profile menu' })).toBeVisible();
  });
});

test.describe('account lock', () => {
  test.beforeEach(async ({ page }) => closeAttentionWhenShown(page));
  test(`${LOGIN_LOCK_AFTER_FAILURES} failed sign-ins lock an account; a super user unblocks it in Admin Setting`, async ({
    page,
    request,
  }) => {
    test.slow(); // Admin Setting loads every section
    const { email, password } = await createLockedAdmin(page, request);

    await signIn(page, DEMO.super);
    await page.goto('/admin-setting');
    const section = page.getByRole('region', { name: 'Locked accounts' });
    await section.getByLabel('Search by email or organisation').fill(email);
    const row = section.getByRole('row', { name: new RegExp(email.replace(/[.]/g, '\\.')) });
    await row.getByRole('button', { name: 'Unblock' }).click();
    await expect(page.getByText(accountLockMessages.unblocked)).toBeVisible();
    await expect(section.getByText('No records found')).toBeVisible();
    await logout(page);
    await signIn(page, email, password);
  });
});
