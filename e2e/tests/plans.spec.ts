import { commonMessages, planMessages, userLimitMessages } from '@lexdesk/contract';
import { expect, test } from '@playwright/test';
import { DEMO } from '../support/api.ts';
import { createOrganisationWithAdmin } from '../support/organisations.ts';
import { banner, expectAccessible, logout, signIn, signInFast } from '../support/ui.ts';

test.describe('plans', () => {
  test('an admin changes the plan and raises the user limit, with the messages of the spec', async ({
    page,
    request,
  }) => {
    test.slow();
    const firm = await createOrganisationWithAdmin(request, { userLimit: 3, extraUsers: 1 });
    await signIn(page, firm.email, firm.password);
    await expect(page.getByTestId('current-plan')).toContainText('Associate');
    await page.goto('/user');
    await page.getByRole('link', { name: 'Change plan' }).click();
    await expect(page).toHaveURL(/\/user\/plan\/changeplan$/);
    await expect(page.getByText('2 of 3 users registered')).toBeVisible();
    const limit = page.getByRole('textbox', { name: 'User limit', exact: true });
    await expect(limit).toHaveValue('3');
    await expect(page.getByRole('button', { name: 'Decrease user limit' })).toBeDisabled();
    await expectAccessible(page);

    const continueButton = page.getByRole('button', { name: 'Continue' });
    for (const [value, message] of [
      ['', userLimitMessages.blank],
      ['10000', userLimitMessages.tooLong],
      ['1', userLimitMessages.belowRegistered],
      ['2', userLimitMessages.cannotDecrease],
    ] as const) {
      await limit.fill(value);
      await continueButton.click();
      await expect(banner(page)).toHaveText(message);
    }

    await limit.fill('3');
    await page.getByRole('button', { name: 'Increase user limit' }).click();
    await expect(limit).toHaveValue('4');
    await page.getByRole('radio', { name: 'Membership' }).check();
    await continueButton.click();
    const confirm = page.getByRole('dialog', { name: 'Confirm plan change' });
    await expect(confirm).toContainText('Change to Membership (12 months) with a user limit of 4?');
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByTestId('current-plan')).toContainText('Membership');
    await expect(page.getByText('2 of 4 users registered')).toBeVisible();

    // The same plan again only raises the limit: 'already registered for same plan' counts as success.
    await page.getByRole('radio', { name: 'Membership' }).check();
    await page.getByRole('button', { name: 'Increase user limit' }).click();
    await continueButton.click();
    await page.getByRole('dialog', { name: 'Confirm plan change' }).getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('2 of 5 users registered')).toBeVisible();
    await expect(banner(page)).toHaveCount(0);
    await expect(page.getByText(planMessages.samePlan)).toHaveCount(0);

    // The super user sees the new plan and its history.
    await logout(page);
    await signInFast(page, DEMO.super);
    await page.getByRole('link', { name: 'Plan Details' }).click();
    await expect(page.getByRole('list', { name: 'Plans' })).toContainText('Associate (12 months)');
    await page.getByLabel('Search organisations').fill(firm.name);
    const row = page.getByRole('row', { name: new RegExp(firm.name) });
    await expect(row).toContainText('Membership (12 months)');
    await expect(row).toContainText('2 / 5');
    await expectAccessible(page);
    await row.getByRole('button', { name: `Plan history of ${firm.name}` }).click();
    const history = page.getByRole('dialog', { name: `Plan history of ${firm.name}` });
    const rows = history.getByRole('row');
    await expect(rows).toHaveCount(5);
    await expect(rows.nth(1)).toContainText('User limit changed');
    await expect(rows.nth(2)).toContainText('Plan changed');
    await expect(rows.nth(2)).toContainText('Membership (12 months)');
    await expect(rows.nth(4)).toContainText('Started');
  });

  test('a failed plan load shows the server text on a 400, else Something went wrong', async ({ page, request }) => {
    const firm = await createOrganisationWithAdmin(request, { userLimit: 2 });
    await signIn(page, firm.email, firm.password);
    const refusal = 'The user limit cannot be read right now.';
    let status = 400;
    await page.route('**/api/user-limit/', (route) =>
      route.request().method() === 'GET'
        ? route.fulfill({ status, json: { detail: refusal, code: 'TEST_REFUSAL' } })
        : route.continue(),
    );
    await page.goto('/user/plan/changeplan');
    const problem = page.getByTestId('plan-load-error');
    await expect(problem).toHaveText(refusal);
    await expect(page.getByText(commonMessages.loading)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
    await expectAccessible(page);

    status = 500;
    await page.reload();
    await expect(problem).toHaveText(commonMessages.generic);
    await expect(page.getByText(commonMessages.loading)).toHaveCount(0);
  });
});
