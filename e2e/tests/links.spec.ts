import {
  adminCreationMessages,
  adminSettingMessages,
  forgotPasswordMessages,
  passwordMessages,
} from '@lexdesk/contract';
import { expect, test, type Page } from '@playwright/test';
import { apiLogin, bearer, createDemoAdmin, DEMO, linkFromMail, uniqueEmail } from '../support/api.ts';
import { messagesTo } from '../support/mail.ts';
import { banner, expectAccessible, forgetSession, signIn } from '../support/ui.ts';

const NEW_PASSWORD = 'Renewed#2026pass';

async function choosePassword(page: Page, password: string, confirm = password) {
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password', { exact: true }).fill(confirm);
}

const DEAD_LINK = 'This link has been used or has expired.';

/** A used link: the page says so (not 'Page not found') and Forgot password opens that form, email filled. */
async function expectDeadLink(page: Page, link: string, title: string, email: string) {
  await page.goto(link);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByText(passwordMessages.linkExpired, { exact: true })).toBeVisible();
  await expect(page.getByText(DEAD_LINK)).toBeVisible();
  await page.getByRole('link', { name: 'Forgot password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('form', { name: 'Forgot password' }).getByLabel('Email')).toHaveValue(email);
}

test.describe('links by email', () => {
  test('forgot password shows its messages, then the emailed link sets a new password once', async ({
    page,
    request,
  }) => {
    const { email } = await createDemoAdmin(request);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Forgot password ?' }).click();
    const form = page.getByRole('form', { name: 'Forgot password' });
    const send = form.getByRole('button', { name: 'Send reset link' });
    await form.getByLabel('Email').fill('');
    await send.click();
    await expect(banner(page)).toHaveText(forgotPasswordMessages.empty);
    await form.getByLabel('Email').fill('not-an-email');
    await send.click();
    await expect(banner(page)).toHaveText(forgotPasswordMessages.invalid);
    await form.getByLabel('Email').fill(email);
    await send.click();
    await expect(page.getByRole('status')).toContainText(forgotPasswordMessages.success);
    await expect(page.getByRole('status')).toContainText(email);
    // One outcome at a time (issue 31): the success replaced the error, and a new error replaces the success.
    await expect(banner(page)).toBeHidden();
    await form.getByLabel('Email').fill('still-not-an-email');
    await send.click();
    await expect(banner(page)).toHaveText(forgotPasswordMessages.invalid);
    await expect(form.getByRole('status')).toHaveCount(0);

    const link = await linkFromMail(request, email);
    expect(link).toMatch(/^\/user\/password\/new\//);
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Reset password' })).toBeVisible();
    const submit = page.getByRole('button', { name: 'Reset password' });
    await choosePassword(page, 'short');
    await expect(page.getByTestId('form-problem')).toHaveText(passwordMessages.tooShort);
    await choosePassword(page, 'Has space#1');
    await expect(page.getByTestId('form-problem')).toHaveText(passwordMessages.spaces.trim());
    await choosePassword(page, NEW_PASSWORD, 'Other#2026pass');
    await expect(page.getByTestId('form-problem')).toHaveText(passwordMessages.mismatch);
    await choosePassword(page, 'weakpassword');
    await expect(submit).toBeDisabled();
    await expectAccessible(page);
    await choosePassword(page, NEW_PASSWORD);
    await expect(page.getByText('Strong')).toBeVisible();
    await submit.click();
    await expect(page.getByText(passwordMessages.setSuccess)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('form', { name: 'Log In' }).getByLabel('Email')).toHaveValue(email);

    await signIn(page, email, NEW_PASSWORD);
    await forgetSession(page);
    await expectDeadLink(page, link, 'Reset password', email);
  });

  test('an unknown email gets the same answer and no mail', async ({ page, request }) => {
    const email = uniqueEmail('nobody');
    await page.goto('/login');
    await page.getByRole('button', { name: 'Forgot password ?' }).click();
    await page.getByRole('form', { name: 'Forgot password' }).getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('status')).toContainText(forgotPasswordMessages.success);
    const { access } = await apiLogin(request, DEMO.super);
    const outbox = await (
      await request.get('/api/admin/outbox/?page_no=1&limits=200', { headers: bearer(access) })
    ).json();
    expect(JSON.stringify(outbox)).not.toContain(email);
    expect(await messagesTo(email)).toHaveLength(0);
  });

  test('the set-password link from Admin Setting works once', { tag: '@smoke' }, async ({ page, request }) => {
    const { email } = await createDemoAdmin(request);
    await signIn(page, DEMO.super);
    await page.goto('/admin-setting');
    const form = page.getByRole('form', { name: 'Send a link' });
    await form.getByLabel('Email').fill(email);
    await form.getByRole('button', { name: 'Send link' }).click();
    await expect(page.getByText(/The link was sent/)).toBeVisible();

    const link = await linkFromMail(request, email);
    await forgetSession(page);
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Set password' })).toBeVisible();
    await choosePassword(page, NEW_PASSWORD);
    await page.getByRole('button', { name: 'Set password' }).click();
    await expect(page.getByText(passwordMessages.setSuccess)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('form', { name: 'Log In' }).getByLabel('Email')).toHaveValue(email);
    await expectDeadLink(page, link, 'Set password', email);
  });

  test('create admin: sent from Admin Setting, the link asks for names and a strong password', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('invited');
    await signIn(page, DEMO.super);
    await page.goto('/admin-setting');
    const form = page.getByRole('form', { name: 'Send a link' });
    await form.getByLabel('Kind').click();
    await page.getByRole('option', { name: 'Create admin' }).click();
    await form.getByLabel('Email').fill(email);
    await form.getByRole('button', { name: 'Send link' }).click();
    await expect(form.getByText(adminSettingMessages.organisationRequired)).toBeVisible();
    await form.getByLabel('Organisation').click();
    await page.getByRole('option', { name: 'Other Firm' }).click();
    await form.getByRole('button', { name: 'Send link' }).click();
    await expect(page.getByText(adminSettingMessages.linkSent)).toBeVisible();
    await forgetSession(page);

    const link = await linkFromMail(request, email);
    expect(decodeURIComponent(link)).toContain(`/register/admin/email=${email}`);

    await page.goto(link);
    const submit = page.getByRole('button', { name: /Create/ });
    await page.getByLabel('First name').fill('Ada1');
    await page.getByLabel('Last name').fill('Lovelace');
    await choosePassword(page, NEW_PASSWORD);
    await expect(page.getByTestId('form-problem')).toHaveText(adminCreationMessages.invalidFirstName);
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Love-lace');
    await expect(page.getByTestId('form-problem')).toHaveText(adminCreationMessages.invalidLastName);
    await page.getByLabel('Last name').fill('');
    await expect(page.getByTestId('form-problem')).toHaveText(adminCreationMessages.fillAll);
    await page.getByLabel('Last name').fill('Lovelace');
    await expect(submit).toBeEnabled();
    await expectAccessible(page);
    await submit.click();
    await expect(page.getByText(passwordMessages.setSuccess)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, email, NEW_PASSWORD);
    await expect(page.getByTestId('organisation-name')).toHaveText('Other Firm');
  });

  test('a made-up link says it cannot be used and offers Forgot password', async ({ page }) => {
    await page.goto('/someone@example.com/token=not-a-real-token');
    await expect(page.getByText(DEAD_LINK)).toBeVisible();
    await page.goto('/register/admin/email=someone@example.com&token=nope');
    await expect(page.getByText(DEAD_LINK)).toBeVisible();
  });
});
