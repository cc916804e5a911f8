import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './api.ts';

/** Signs in through the login form and waits until the shell shows. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD, remember = false) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  if (remember) await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('button', { name: 'Profile menu' })).toBeVisible();
}

export async function openProfileMenu(page: Page) {
  await page.getByRole('button', { name: 'Profile menu' }).click();
  return page.getByRole('menu');
}

export async function logout(page: Page) {
  const menu = await openProfileMenu(page);
  await menu.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login/);
}

/** The error banner of the current form. */
export function banner(page: Page) {
  return page.getByTestId('error-banner');
}

/** No serious or critical accessibility violations on the page as it is now. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}
