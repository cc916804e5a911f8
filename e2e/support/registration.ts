import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { InstallationSettings } from '@lexdesk/contract';
import { generate } from 'otplib';
import { apiLogin, bearer, DEMO } from './api.ts';
import { messagesTo } from './mail.ts';

/** The installation settings as they are now (to put back after a journey that changes them). */
export async function readSettings(request: APIRequestContext): Promise<InstallationSettings> {
  const { access } = await apiLogin(request, DEMO.super);
  const res = await request.get('/api/admin/settings/', { headers: bearer(access) });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as InstallationSettings;
}

export async function writeSettings(request: APIRequestContext, settings: Partial<InstallationSettings>) {
  const { access } = await apiLogin(request, DEMO.super);
  const res = await request.put('/api/admin/settings/', { headers: bearer(access), data: settings });
  expect(res.status(), await res.text()).toBe(200);
}

/** Opens or closes self-registration through the settings API, as the super user. */
export async function setRegistrationOpen(request: APIRequestContext, open: boolean) {
  const { access } = await apiLogin(request, DEMO.super);
  const res = await request.put('/api/admin/settings/', { headers: bearer(access), data: { registration_open: open } });
  expect(res.status(), await res.text()).toBe(200);
}

/** The 6-digit code in the newest SMS or email to `to` (from the mail sink) that differs from `previous`. */
export async function latestCodeTo(to: string, previous?: string) {
  let code = '';
  await expect
    .poll(
      async () => {
        const [newest] = await messagesTo(to);
        code = newest?.text.match(/\b(\d{6})\b/)?.[1] ?? '';
        return code !== '' && code !== previous;
      },
      { message: `a new code sent to ${to}` },
    )
    .toBe(true);
  return code;
}

/** A unique mobile number for one test. */
export function uniquePhone() {
  return `+44 7700 ${String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0')}`;
}

/** The authenticator code of `secret` for the next 30-second step (accepted now, and newer than any code used). */
export function nextTotp(secret: string, stepsAhead = 1) {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 * stepsAhead });
}

/**
 * The case-alert modal ('Attention required!') opens on its own after sign-in in organisations with due
 * alerts; whenever it blocks a step of these journeys, close it.
 */
export async function closeAttentionWhenShown(page: Page) {
  await page.addLocatorHandler(page.getByRole('dialog', { name: 'Attention required!' }), async (dialog) => {
    await dialog.getByRole('button', { name: 'Close' }).click();
  });
}
