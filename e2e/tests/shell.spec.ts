import { sessionMessages } from '@lexdesk/contract';
import { expect, test } from '@playwright/test';
import { DEMO } from '../support/api.ts';
import { expectAccessible, openProfileMenu, signIn, signInFast } from '../support/ui.ts';

// The side menu of spec 01 §2 for the pages built so far (every demo user has every module).
const SUPER_MENU = [
  'Dashboard',
  'Organization',
  'Users',
  'Case List',
  'Case Reports',
  'Case Alerts',
  // Knowledge: the separate application, in a new tab (issue 17).
  'Knowledge',
  'My Playbook',
  'Template',
  'Export Template',
  'Export History',
  'Questionnaire',
  'Concepts',
  'Review',
  'Saved Searches',
  // Task Tracker: the organisation's dashboard for staff (issue 15).
  'Dashboard',
  'Task Detail',
  'Task Activity',
  // Invoice: the billing dashboard; its other pages are tabs of it (issue 16).
  'Invoice',
  'Plan Details',
  'Help',
];
const ADMIN_MENU = [
  'Dashboard',
  'Users',
  'Case List',
  'Case Reports',
  'Case Alerts',
  // Knowledge: the separate application, in a new tab (issue 17).
  'Knowledge',
  'My Playbook',
  'Template',
  'Questionnaire',
  'Concepts',
  'Review',
  'Saved Searches',
  'Dashboard',
  'Task Detail',
  'Task Activity',
  'Invoice',
  'Help',
];
const USER_MENU = [
  'Dashboard',
  'Case',
  'Knowledge',
  'My Playbook',
  'Precedents',
  'Concepts',
  'Review',
  'Saved Searches',
  // Task Tracker: the user's own dashboard.
  'Dashboard',
  'Task Detail',
  'Task Activity',
  'Invoice',
  'Help',
];

const ROLES = [
  { email: DEMO.super, role: 'super', organisation: 'Demo Law LLP', adminSetting: true, menu: SUPER_MENU },
  { email: DEMO.admin, role: 'admin', organisation: 'Demo Law LLP', adminSetting: false, menu: ADMIN_MENU },
  { email: DEMO.user, role: 'user', organisation: 'Demo Law LLP', adminSetting: false, menu: USER_MENU },
  { email: DEMO.otherAdmin, role: 'admin', organisation: 'Other Firm', adminSetting: false, menu: ADMIN_MENU },
] as const;

test.describe('the shell', () => {
  for (const who of ROLES) {
    test(`${who.email} sees the menu of a ${who.role}`, async ({ page }) => {
      await signIn(page, who.email);
      await expect(page.getByTestId('organisation-name')).toHaveText(who.organisation);
      await expect(page.getByTestId('current-plan')).toContainText('Associate');
      const nav = page.getByRole('navigation', { name: 'Main menu' });
      await expect(nav.getByRole('link')).toHaveText(who.menu);
      await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
      const menu = await openProfileMenu(page);
      await expect(menu.getByTestId('profile-username')).toHaveText(who.email);
      await expect(menu.getByTestId('profile-role')).toHaveText(new RegExp(who.role, 'i'));
      await expect(menu.getByRole('menuitem', { name: 'Profile Setting' })).toBeVisible();
      await expect(menu.getByRole('menuitem', { name: 'Help' })).toBeVisible();
      await expect(menu.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
      await expect(menu.getByRole('menuitem', { name: 'Admin Setting' })).toHaveCount(who.adminSetting ? 1 : 0);
    });
  }

  test('Admin Setting is refused to an admin, even by address', async ({ page }) => {
    await signInFast(page, DEMO.admin);
    await page.goto('/admin-setting');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('unknown paths go to /login; a signed-in user then lands on their page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/login$/);
    await signInFast(page, DEMO.user);
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('the error and redirect pages say what the specification says', async ({ page }) => {
    await page.goto('/500');
    await expect(page.getByText(sessionMessages.pageUnavailable)).toBeVisible();
    await expect(page.getByLabel('Search')).toBeVisible();
    await expectAccessible(page);
    await page.goto('/redirect');
    await expect(page.getByText(sessionMessages.redirecting)).toBeVisible();
    await page.goto('/404');
    await expect(page.getByText(sessionMessages.pageNotFound)).toBeVisible();
  });

  test('the page scrolls to the top on a route change', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 300 });
    await signInFast(page, DEMO.super);
    await page.goto('/admin-setting');
    await expect(page.getByRole('heading', { name: 'Outbox' })).toBeVisible();
    await page.mouse.wheel(0, 2000);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    const menu = await openProfileMenu(page);
    await menu.getByRole('menuitem', { name: 'Profile Setting' }).click();
    await expect(page).toHaveURL(/\/user\/profile\/\d+$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('at 600 px the side menu is a drawer opened from the top bar', async ({ page }) => {
    await page.setViewportSize({ width: 600, height: 900 });
    await signInFast(page, DEMO.user);
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    await expect(nav).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(nav.getByRole('link', { name: 'Help' })).toBeVisible();
    await expectAccessible(page);
  });
});
