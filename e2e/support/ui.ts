import AxeBuilder from '@axe-core/playwright';
import { MODULE_FLAGS, type LoginResponse } from '@lexdesk/contract';
import { expect, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './api.ts';

/** Signs in through the login form and waits until the shell shows. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD, remember = false) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  if (remember) await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Log In' }).click();
  // The shell shows; a modal it opens at sign-in ('Attention required!') hides the rest from the role tree.
  await expect(
    page.getByRole('button', { name: 'Profile menu' }).or(page.getByRole('dialog', { name: 'Attention required!' })),
  ).toBeVisible();
}

/**
 * Signs in through the API, for journeys whose subject is not sign-in: POST /api/login/, the browser's
 * localStorage seeded as the login page's saveLogin() does (apps/web/src/app/session/storage.ts), then the landing
 * page ('/' sends a signed-in user there) until the shell shows. About 2 s less than the form per sign-in.
 * The journeys of sign-in, session, MFA and registration keep signIn (the form).
 */
export async function signInFast(page: Page, email: string, password = DEMO_PASSWORD) {
  const res = await page.request.post('/api/login/', {
    data: { username: email, password, mode: 'webapp', remember: false },
  });
  expect(res.status(), await res.text()).toBe(200);
  const login = (await res.json()) as LoginResponse;
  expect(login.access, `${email} signs in without a second step (MFA)`).toBeTruthy();
  const permissions: Record<string, boolean> = {};
  for (const flag of MODULE_FLAGS) permissions[flag] = login[flag];
  permissions.knowledge_access = login.knowledge_access;
  permissions.knowledge_data_permission = login.knowledge_data_permission;
  permissions.billing_permission = login.billing_permission;
  const values: Record<string, string> = {
    'lexdesk.token': login.access,
    'lexdesk.user_id': String(login.user_id),
    'lexdesk.username': login.username,
    'lexdesk.type': login.type,
    'lexdesk.organisation': login.user_organisation,
    'lexdesk.plan': login.current_plan,
    'lexdesk.permissions': JSON.stringify(permissions),
  };
  // localStorage belongs to the site's origin: a same-origin page that is not the app (it would read the
  // storage at start) is opened to write it, as the form would have before the app's first render.
  await page.goto('/api/app-config/');
  await page.evaluate((stored) => {
    for (const [key, value] of Object.entries(stored)) window.localStorage.setItem(key, value);
    // saveLogin: the case-alert modal shows once per new session; the activity clock starts now. The form
    // without Remember me forgets a remembered email.
    window.localStorage.removeItem('lexdesk.alert_shown');
    window.localStorage.removeItem('lexdesk.remember_email');
    window.localStorage.setItem('lexdesk.last_activity', String(Date.now()));
  }, values);
  await page.goto('/');
  await expect(
    page.getByRole('button', { name: 'Profile menu' }).or(page.getByRole('dialog', { name: 'Attention required!' })),
  ).toBeVisible();
}

/**
 * Opens a menu with `opener` and chooses `item` until `shown` is visible. A click on a menu just opened was lost
 * now and then in CI while the menu settled (the template admin and concept list journeys), and the menu stayed
 * open: the choice is made again, the menu reopened only when it has closed.
 */
export async function chooseFromMenu(page: Page, opener: Locator, item: string, shown: Locator) {
  await expect(async () => {
    if (!(await page.getByRole('menu').isVisible())) await opener.click();
    await page.getByRole('menuitem', { name: item }).click({ timeout: 2_000 });
    await expect(shown).toBeVisible({ timeout: 2_000 });
  }).toPass();
}

export async function openProfileMenu(page: Page) {
  await page.getByRole('button', { name: 'Profile menu' }).click();
  return page.getByRole('menu');
}

/** Opens the signed-in user's own profile through the profile menu (users land elsewhere since /dashboard). */
export async function openProfileSetting(page: Page) {
  const menu = await openProfileMenu(page);
  await menu.getByRole('menuitem', { name: 'Profile Setting' }).click();
  await expect(page).toHaveURL(/\/user\/profile\/\d+$/);
}

/**
 * Forgets the signed-in session without the logout call (as a closed browser would). The app is left first:
 * its timers reload a page whose token vanished, and that reload would interrupt the next navigation.
 */
export async function forgetSession(page: Page) {
  await page.goto('/api/app-config/');
  await page.context().clearCookies();
  await page.evaluate(() => window.localStorage.clear());
}

export async function logout(page: Page) {
  const menu = await openProfileMenu(page);
  await menu.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login/);
}

/**
 * A toast with this text shows, then goes (toasts last 2 s). "Goes" is "leaves the page": a closing toast is
 * hidden while it still collapses, and a repeated action's toast met it there (two matches, a strict-mode
 * failure on PostgreSQL's timing).
 */
export async function expectToastComesAndGoes(page: Page, text: string) {
  const toast = page.getByText(text, { exact: true });
  await expect(toast.first()).toBeVisible();
  await expect(toast).toHaveCount(0);
}

/** The error banner of the current form. */
export function banner(page: Page) {
  return page.getByTestId('error-banner');
}

/** No serious or critical accessibility violations on the page as it is now. */
export async function expectAccessible(page: Page) {
  // A menu or dialog still fading in or out is half transparent, and axe would judge its contrast mid-fade:
  // wait until no transition or animation runs, seen twice in a row so one about to start is not missed.
  let settledChecks = 0;
  await expect
    .poll(
      async () => {
        const running = await page.evaluate(
          () =>
            document
              .getAnimations()
              // Spinners loop for ever; only transitions that end matter.
              .filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity).length,
        );
        settledChecks = running === 0 ? settledChecks + 1 : 0;
        return settledChecks;
      },
      { intervals: [50] },
    )
    .toBeGreaterThanOrEqual(2);
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/**
 * Closes an Autocomplete's list if it is still open, as a user would (Escape): multi-select lists stay open between
 * picks. Escape only while a list is open, since on a closed picker it would close the dialog around it.
 */
export async function closeList(page: Page) {
  const popper = page.locator('.MuiAutocomplete-popper');
  if (await popper.isVisible()) await page.keyboard.press('Escape');
  await expect(popper).toBeHidden();
}
