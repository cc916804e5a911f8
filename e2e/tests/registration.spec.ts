import {
  organisationMessages,
  passwordMessages,
  registrationMessages,
  sessionMessages,
  settingsMessages,
  userAdminMessages,
  userLimitMessages,
  type InstallationSettings,
  type SignUpResponse,
} from '@lexdesk/contract';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, linkFromMail, uniqueEmail } from '../support/api.ts';
import {
  closeAttentionWhenShown,
  latestCodeTo,
  readSettings,
  setRegistrationOpen,
  uniquePhone,
  writeSettings,
} from '../support/registration.ts';
import { banner, expectAccessible, logout, signIn } from '../support/ui.ts';

const PASSWORD = 'Founder#2026pass';

/** Fills step 2 of the sign-up form. */
async function fillForm(page: Page, values: { name: string; email: string; phone: string; terms: boolean }) {
  const form = page.getByRole('form', { name: 'Sign Up' });
  await form.getByLabel('Organization name').fill(values.name);
  await form.getByLabel('Email').fill(values.email);
  await form.getByLabel('Phone (optional)').fill(values.phone);
  const terms = form.getByLabel('I agree to the Terms of services');
  if ((await terms.isChecked()) !== values.terms) await terms.click();
  await form.getByRole('button', { name: 'Sign Up' }).click();
}

/** From the plan step to the OTP step for a new firm; answers its email and phone. */
async function startRegistration(page: Page, name: string) {
  const email = uniqueEmail('founder');
  const phone = uniquePhone();
  await page.goto('/user/register/new');
  await page.getByLabel(/Associate · 6 months/).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await fillForm(page, { name, email, phone, terms: true });
  await expect(page.getByRole('heading', { name: 'Verify OTP' })).toBeVisible();
  return { email, phone };
}

// Registration open or closed is one installation setting: these journeys take turns.
test.describe.configure({ mode: 'serial' });

test.describe('self-registration', () => {
  test.beforeEach(async ({ page }) => closeAttentionWhenShown(page));
  // Other journeys share the installation: put its settings back as they were.
  let before: InstallationSettings | undefined;
  test.beforeAll(async ({ request }) => {
    before = await readSettings(request);
  });
  test.afterAll(async ({ request }) => {
    if (before) await writeSettings(request, before);
  });

  test(
    'a super user opens registration in Admin Setting; a firm registers, verifies the OTP, sets its password and signs in',
    { tag: '@smoke' },
    async ({ page, request }) => {
      test.slow(); // a whole journey with five accessibility scans
      await setRegistrationOpen(request, false);
      await signIn(page, DEMO.super);
      await page.goto('/admin-setting');
      const settings = page.getByRole('form', { name: 'Registration and addresses' });
      await settings.getByLabel('Bespoke contact address').fill('sales@firm.example');
      await settings.getByRole('button', { name: 'Save settings' }).click();
      await expect(banner(page)).toHaveText(settingsMessages.invalidAddress);
      await settings.getByLabel('Bespoke contact address').fill('mailto:sales@lexdesk.example');
      await settings.getByLabel(/Self-registration open/).check();
      await settings.getByRole('button', { name: 'Save settings' }).click();
      await expect(page.getByText(settingsMessages.saved)).toBeVisible();
      await expectAccessible(page);
      await logout(page);

      await page.getByRole('link', { name: 'New firm? Sign Up' }).click();
      await expect(page).toHaveURL(/\/user\/register\/new$/);
      await expect(page.getByRole('heading', { name: 'Choose your plan' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Contact us' })).toHaveAttribute(
        'href',
        'mailto:sales@lexdesk.example',
      );
      const users = page.getByLabel('Number of users');
      await users.fill('');
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page.getByText(userLimitMessages.blank)).toBeVisible();
      await users.fill('10000');
      await expect(page.getByText(userLimitMessages.tooLong)).toBeVisible();
      await users.fill('2');
      await page.getByRole('button', { name: 'More users' }).click();
      await expect(users).toHaveValue('3');
      await page.getByLabel(/Associate · 12 months/).check();
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Continue' }).click();

      const email = uniqueEmail('founder');
      const phone = uniquePhone();
      const name = `Harbour Chambers ${Date.now().toString(36)}`;
      await expect(page.getByText('Plan: Associate · 12 months · 3 users')).toBeVisible();
      await fillForm(page, { name: '', email: '', phone: '', terms: false });
      await expect(banner(page)).toHaveText(organisationMessages.nameRequired);
      await expect(page.getByText(userAdminMessages.emailRequired)).toBeVisible();
      await expect(page.getByText(registrationMessages.termsRequired)).toBeVisible();
      await fillForm(page, { name, email: 'not-an-email', phone, terms: true });
      await expect(banner(page)).toHaveText(userAdminMessages.emailInvalid);
      await expectAccessible(page);
      await fillForm(page, { name, email, phone, terms: true });

      await expect(page.getByRole('heading', { name: 'Verify OTP' })).toBeVisible();
      await expect(page.getByRole('timer')).toHaveText(/Code expires in (10:00|09:\d\d)/);
      const first = await latestCodeTo(phone);
      await page.getByLabel('OTP', { exact: true }).fill(first === '000000' ? '111111' : '000000');
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect(banner(page)).toHaveText(registrationMessages.otpInvalid);
      await page.getByRole('button', { name: /Resend OTP/ }).click();
      await expect(page.getByText(registrationMessages.otpResent)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Resend OTP (2 left)' })).toBeVisible();
      const second = await latestCodeTo(phone, first);
      await page.getByLabel('OTP', { exact: true }).fill(second);
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Verify' }).click();

      const dialog = page.getByRole('dialog', { name: registrationMessages.setPasswordTitle });
      await expect(dialog).toContainText(registrationMessages.linkSent);
      await expect(dialog).toContainText(email);
      await dialog.getByRole('button', { name: 'Go to Log In' }).click();
      await expect(page).toHaveURL(/\/login$/);

      await page.goto(await linkFromMail(request, email));
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByLabel('Confirm password', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Set password' }).click();
      await expect(page.getByText(passwordMessages.setSuccess)).toBeVisible();
      await expect(page).toHaveURL(/\/login$/);
      await signIn(page, email, PASSWORD);
      await expect(page.getByText(name).first()).toBeVisible();
      await expect(page.getByText('Associate').first()).toBeVisible();
    },
  );

  test('the OTP page counts down and ends with the session-expired message; resends stop after 3', async ({
    page,
    request,
  }) => {
    await setRegistrationOpen(request, true);
    await page.clock.install();
    await startRegistration(page, 'Countdown LLP');
    for (const left of [2, 1, 0]) {
      await page.getByRole('button', { name: /Resend OTP/ }).click();
      await expect(page.getByRole('button', { name: `Resend OTP (${left} left)` })).toBeVisible();
    }
    await page.getByRole('button', { name: /Resend OTP/ }).click();
    await expect(banner(page)).toHaveText(registrationMessages.resendLimit);
    await page.clock.fastForward('10:01');
    await expect(page.getByText(registrationMessages.sessionExpired)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Verify' })).toHaveCount(0);
    await expectAccessible(page);
  });

  test('a used or superseded registration is a dead link: Verify and Resend go to /404', async ({ page, request }) => {
    await setRegistrationOpen(request, true);
    // Used: the same registration was completed elsewhere (another tab) before this page's Verify.
    const started = page.waitForResponse((res) => res.url().endsWith('/api/sign-up/') && res.ok());
    const used = await startRegistration(page, 'Used Link LLP');
    const { token } = (await (await started).json()) as SignUpResponse;
    const code = await latestCodeTo(used.phone);
    const elsewhere = await request.post('/api/user/register/check-verification-code/', {
      data: { token, verification_code: code },
    });
    expect(elsewhere.status(), await elsewhere.text()).toBe(200);
    await page.getByLabel('OTP', { exact: true }).fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByText(sessionMessages.pageNotFound)).toBeVisible();

    // Superseded: a newer sign-up with the same email replaces this one.
    const waiting = await startRegistration(page, 'Superseded LLP');
    const newer = await request.post('/api/sign-up/', {
      data: { name: 'Superseded LLP', email: waiting.email, phone: '', plan_name: 'Trial', user_limit: 1, terms: true },
    });
    expect(newer.status(), await newer.text()).toBe(200);
    await page.getByRole('button', { name: /Resend OTP/ }).click();
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByText(sessionMessages.pageNotFound)).toBeVisible();
    await expect(page.getByText(passwordMessages.linkExpired)).toHaveCount(0);
  });

  test('closed registration shows the message and the contact address instead of the plans', async ({
    page,
    request,
  }) => {
    await setRegistrationOpen(request, false);
    await page.goto('/user/register/new');
    await expect(page.getByText(registrationMessages.closed)).toBeVisible();
    await expect(page.getByText(registrationMessages.contactUs)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Choose your plan' })).toHaveCount(0);
    await expectAccessible(page);
    await page.goto('/login');
    await expect(page.getByRole('link', { name: 'New firm? Sign Up' })).toHaveCount(0);
  });
});
