import {
  accountLockMessages,
  commonMessages,
  LOGIN_LOCK_AFTER_FAILURES,
  passwordMessages,
  sessionMessages,
  USER_GRANT_LABELS,
  userAdminMessages,
  userLimitMessages,
} from '@lexdesk/contract';
import { expect, test, type Page } from '@playwright/test';
import { apiLogin, bearer, DEMO, linkFromMail, makeRoomInDemoFirm, uniqueEmail } from '../support/api.ts';
import { createLockedAdmin } from '../support/sign-in-lock.ts';
import { expectAccessible, logout, signIn, signInFast } from '../support/ui.ts';

const PASSWORD = 'Colleague#2026';

async function inviteColleague(page: Page, email: string, grants: string[]) {
  await page.getByRole('button', { name: 'Invite user' }).click();
  const form = page.getByRole('dialog', { name: 'Invite user' });
  await form.getByLabel('First name').fill('Cleo');
  await form.getByLabel('Last name').fill('Colleague');
  await form.getByLabel('Email').fill(email);
  for (const label of ['Knowledge', 'Case', 'Precedents', 'Doc Analyser', 'My Playbook', 'Task Tracker', 'Invoice']) {
    const box = form.getByRole('checkbox', { name: label, exact: true });
    if (grants.includes(label)) await box.check();
    else await box.uncheck();
  }
  await form.getByLabel('Knowledge role').click();
  await page.getByRole('option', { name: 'Reader' }).click();
  await form.getByRole('checkbox', { name: 'Knowledge restricted data' }).check();
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Invite' }).click();
  await expect(page.getByText(userAdminMessages.invited)).toBeVisible();
}

const stored = (page: Page) =>
  page.evaluate(
    () => JSON.parse(window.localStorage.getItem('lexdesk.permissions') ?? '{}') as Record<string, boolean>,
  );

test.describe('users (admin)', () => {
  test('admin invites a colleague who sets a password, signs in with the granted modules only, and sees a change within 10 s', async ({
    page,
    browser,
    request,
  }) => {
    test.slow(); // two browsers, a password set by link and a wait for the 10 s permission polling
    const email = uniqueEmail('colleague');
    await makeRoomInDemoFirm(request);
    await signInFast(page, DEMO.admin);
    await page.getByRole('link', { name: 'Users' }).click();
    await expect(page).toHaveURL(/\/user$/);
    // Other journeys add users to the demo firm: search, so the check does not depend on the first page.
    await page.getByLabel('Search by name or email').fill(DEMO.user);
    await expect(page.getByRole('table', { name: 'Users' })).toContainText(DEMO.user);
    await page.getByLabel('Search by name or email').fill(DEMO.super);
    await expect(page.getByRole('table', { name: 'Users' }).getByText('No records found')).toBeVisible();
    await page.getByLabel('Search by name or email').fill('');
    await expectAccessible(page);
    await inviteColleague(page, email, ['Precedents', 'Task Tracker']);
    await page.getByLabel('Search by name or email').fill(email);
    const row = page.getByRole('row', { name: new RegExp(email) });
    await expect(row).toContainText('Invited');

    const colleagueContext = await browser.newContext();
    const colleague = await colleagueContext.newPage();
    await colleague.goto(await linkFromMail(request, email));
    await colleague.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await colleague.getByLabel('Confirm password', { exact: true }).fill(PASSWORD);
    await colleague.getByRole('button', { name: 'Set password' }).click();
    await expect(colleague.getByText(passwordMessages.setSuccess)).toBeVisible();
    await expect(colleague).toHaveURL(/\/login$/);
    await signIn(colleague, email, PASSWORD);
    expect(await stored(colleague)).toMatchObject({
      case_permission: false,
      precedent_permission: true,
      task_management_permission: true,
      invoice_permission: false,
      knowledge_data_permission: true,
    });
    const menu = colleague.getByRole('navigation');
    await expect(menu.getByRole('link', { name: 'Case' })).toHaveCount(0);
    // No case Dashboard without the Case module; the Task Tracker's own Dashboard is there (issue 15).
    const dashboards = menu.getByRole('link', { name: 'Dashboard' });
    await expect(dashboards).toHaveCount(1);
    await expect(dashboards).toHaveAttribute('href', '/user-dashboard');
    await expect(menu.getByRole('link', { name: 'Users' })).toHaveCount(0);
    await page.reload();
    await page.getByLabel('Search by name or email').fill(email);
    await expect(row).toContainText('Active');

    // The admin grants Invoice: the colleague's open browser shows the notice within the 10 s polling.
    await row.getByRole('button', { name: `Actions for ${email}` }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit user' });
    await edit.getByRole('checkbox', { name: 'Invoice', exact: true }).check();
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(userAdminMessages.saved)).toBeVisible();
    const notice = colleague.getByRole('dialog', { name: sessionMessages.permissionsChangedTitle });
    await expect(notice).toBeVisible({ timeout: 15_000 });
    await notice.getByRole('button', { name: 'Close' }).click();
    await expect(colleague.getByRole('button', { name: 'Profile menu' })).toBeVisible();
    expect((await stored(colleague)).invoice_permission).toBe(true);

    await row.getByRole('button', { name: `Actions for ${email}` }).click();
    await page.getByRole('menuitem', { name: 'History' }).click();
    const history = page.getByRole('dialog', { name: `History of ${email}` });
    await expect(history.getByRole('listitem').first()).toContainText('Changed by Ada Admin');
    await expect(history.getByRole('listitem').first()).toContainText(/modules: [^→]+ → [^→]*Invoice/);
    await history.getByRole('button', { name: 'Close' }).click();

    // The Invoice module alone does not open the firm's billing: the admin gives the Billing grant (issue 29).
    await expect(menu.getByRole('link', { name: 'Invoice' })).toHaveCount(0);
    await colleague.goto('/invoicelist');
    await expect(colleague.getByText('needs the Billing grant: ask your firm', { exact: false })).toBeVisible();
    await row.getByRole('button', { name: `Actions for ${email}` }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await edit.getByRole('checkbox', { name: USER_GRANT_LABELS.billing_permission }).check();
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await expect(notice).toBeVisible({ timeout: 15_000 });
    await notice.getByRole('button', { name: 'Close' }).click();
    await expect(colleague.getByRole('navigation').getByRole('link', { name: 'Invoice' })).toBeVisible();
    expect((await stored(colleague)).billing_permission).toBe(true);
    await colleagueContext.close();
  });

  test('admin deactivates and deletes a user with the typed Delete', { tag: '@smoke' }, async ({ page, request }) => {
    const email = uniqueEmail('leaver');
    const { access } = await apiLogin(request, DEMO.admin);
    const modules = {
      knowledge_permission: false,
      case_permission: true,
      precedent_permission: false,
      doc_analyzer_permission: false,
      my_playbooks_permission: false,
      task_management_permission: false,
      invoice_permission: false,
    };
    const created = await request.post('/api/user/', {
      headers: bearer(access),
      data: { first_name: 'Lee', last_name: 'Leaver', email, role: 'user', modules },
    });
    expect(created.status(), await created.text()).toBe(201);
    await signInFast(page, DEMO.admin);
    await page.goto('/user');
    await page.getByLabel('Search by name or email').fill(email);
    const row = page.getByRole('row', { name: new RegExp(email) });
    await row.getByRole('button', { name: `Actions for ${email}` }).click();
    await page.getByRole('menuitem', { name: 'Deactivate' }).click();
    await expect(page.getByText(userAdminMessages.deactivated)).toBeVisible();
    await expect(row).toContainText('Inactive');

    await row.getByRole('button', { name: `Actions for ${email}` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm delete' });
    await expect(confirm).toContainText(commonMessages.deleteConfirm('user'));
    const remove = confirm.getByRole('button', { name: 'Delete' });
    await confirm.getByLabel(commonMessages.typeDeletePrompt).fill('Delet');
    await expect(remove).toBeDisabled();
    await confirm.getByLabel(commonMessages.typeDeletePrompt).fill('delete');
    await expectAccessible(page);
    await remove.click();
    await expect(page.getByText(commonMessages.deleted('Lee Leaver'))).toBeVisible();
    await expect(page.getByRole('table', { name: 'Users' })).toContainText(commonMessages.noRecords);
  });

  test(`an account locked by ${LOGIN_LOCK_AFTER_FAILURES} failed sign-ins shows as Locked; the admin unblocks it from Users`, async ({
    page,
    request,
  }) => {
    const { email, password } = await createLockedAdmin(page, request);

    await signInFast(page, DEMO.admin);
    await page.goto('/user');
    await page.getByLabel('Search by name or email').fill(email);
    const row = page.getByRole('row', { name: new RegExp(email.replace(/[.]/g, '\\.')) });
    await expect(row).toContainText('Locked');
    await expectAccessible(page);
    await row.getByRole('button', { name: `Actions for ${email}` }).click();
    await page.getByRole('menuitem', { name: 'Unblock' }).click();
    await expect(page.getByText(accountLockMessages.unblocked)).toBeVisible();
    await expect(row).toContainText('Active');
    await expect(row).not.toContainText('Locked');
    await row.getByRole('button', { name: `Actions for ${email}` }).click();
    await expect(page.getByRole('menuitem', { name: 'Edit' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Unblock' })).toHaveCount(0);
    await page.keyboard.press('Escape');

    await logout(page);
    await signIn(page, email, password);
  });

  test('the user limit is enforced with a clear message', async ({ page, request }) => {
    const { access } = await apiLogin(request, DEMO.super);
    const name = `Small Firm ${Date.now().toString(36)}`;
    const modules = Object.fromEntries(
      [
        'knowledge_permission',
        'case_permission',
        'precedent_permission',
        'doc_analyzer_permission',
        'my_playbooks_permission',
        'task_management_permission',
        'invoice_permission',
      ].map((f) => [f, true]),
    );
    const org = await request.post('/api/organisation/', {
      headers: bearer(access),
      data: { name, plan_name: 'Associate', duration: 6, user_limit: 1, modules },
    });
    expect(org.status(), await org.text()).toBe(201);
    const { id } = (await org.json()) as { id: number };
    const first = await request.post('/api/user/', {
      headers: bearer(access),
      data: { first_name: 'Only', last_name: 'One', email: uniqueEmail('only'), role: 'admin', modules, org_id: id },
    });
    expect(first.status()).toBe(201);
    await signInFast(page, DEMO.super);
    await page.goto('/user');
    await inviteColleagueInto(page, name);
    await expect(page.getByRole('dialog', { name: 'Invite user' })).toContainText(userLimitMessages.reached);
  });
});

async function inviteColleagueInto(page: Page, organisation: string) {
  await page.getByRole('button', { name: 'Invite user' }).click();
  const form = page.getByRole('dialog', { name: 'Invite user' });
  await form.getByLabel('First name').fill('Too');
  await form.getByLabel('Last name').fill('Many');
  await form.getByLabel('Email').fill(uniqueEmail('toomany'));
  await form.getByLabel('Organisation').click();
  await page.getByRole('option', { name: organisation }).click();
  await form.getByRole('button', { name: 'Invite' }).click();
}
