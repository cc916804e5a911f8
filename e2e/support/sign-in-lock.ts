import { accountLockMessages, LOGIN_LOCK_AFTER_FAILURES } from '@lexdesk/contract';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { createDemoAdmin } from './api.ts';
import { banner } from './ui.ts';

/**
 * A fresh admin whose account LOGIN_LOCK_AFTER_FAILURES failed sign-ins have locked: the sign-in page then
 * refuses even the right password with the lock message.
 */
export async function createLockedAdmin(page: Page, request: APIRequestContext) {
  const { email, password } = await createDemoAdmin(request);
  for (let i = 0; i < LOGIN_LOCK_AFTER_FAILURES; i += 1) {
    const res = await request.post('/api/login/', { data: { username: email, password: 'Wrong#Pass2026' } });
    expect([401, 429]).toContain(res.status());
  }
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(banner(page)).toHaveText(accountLockMessages.locked);
  return { email, password };
}
