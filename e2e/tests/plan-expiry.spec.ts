import { planMessages, sessionMessages } from '@lexdesk/contract';
import { expect, test, type Page } from '@playwright/test';
import { createOrganisationWithAdmin, setPlanExpiry } from '../support/organisations.ts';
import { expectAccessible } from '../support/ui.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

const expiryModal = (page: Page) => page.getByRole('dialog', { name: planMessages.expiryTitle });

/**
 * Signs in through the login form until the expiry modal shows. (signIn of support/ui.ts waits for the
 * profile menu, which the modal may already hide from the role tree.)
 */
async function signInToExpiryModal(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(expiryModal(page)).toBeVisible();
  return expiryModal(page);
}

test.describe('plan expiry modal', () => {
  test('a plan ending within 7 days: Close hides the modal for the session, Upgrade opens the change-plan page', async ({
    page,
    browser,
    request,
  }) => {
    const firm = await createOrganisationWithAdmin(request);
    // Three and a half days left read as 4 days: a part-day counts as a day (a 12-month plan reads 365).
    await setPlanExpiry(firm.id, new Date(Date.now() + 3.5 * DAY_MS));

    const modal = await signInToExpiryModal(page, firm.email, firm.password);
    await expect(modal).toContainText(planMessages.expiresSoon(4));
    await expect(modal.getByRole('button', { name: 'Upgrade' })).toBeVisible();
    await expectAccessible(page);
    await modal.getByRole('button', { name: 'Close' }).click();
    await expect(modal).toBeHidden();
    // Closed for this browser session: a reload does not bring it back.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Profile menu' })).toBeVisible();
    await expect(page.getByTestId('current-plan')).toContainText('Associate');
    await expect(modal).toHaveCount(0);

    // A new browser session shows it again; Upgrade leads to the change-plan page.
    const context = await browser.newContext();
    const again = await context.newPage();
    const second = await signInToExpiryModal(again, firm.email, firm.password);
    await expect(second).toContainText(planMessages.expiresSoon(4));
    await second.getByRole('button', { name: 'Upgrade' }).click();
    await expect(again).toHaveURL(/\/user\/plan\/changeplan$/);
    await expect(second).toBeHidden();
    await expect(again.getByRole('heading', { name: 'Change plan' })).toBeVisible();
    await context.close();
  });

  test('an ended plan says so with the upgrade message, and Upgrade opens the change-plan page', async ({
    page,
    request,
  }) => {
    const firm = await createOrganisationWithAdmin(request);
    await setPlanExpiry(firm.id, new Date(Date.now() - DAY_MS));

    const modal = await signInToExpiryModal(page, firm.email, firm.password);
    await expect(modal).toContainText(`${planMessages.expired} ${sessionMessages.upgradeLicence}`);
    await expectAccessible(page);
    await modal.getByRole('button', { name: 'Upgrade' }).click();
    await expect(page).toHaveURL(/\/user\/plan\/changeplan$/);
    await expect(modal).toBeHidden();
    await expect(page.getByText(/users registered$/)).toBeVisible();
  });
});
