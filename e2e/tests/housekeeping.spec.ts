import { expect, test } from '@playwright/test';
import type { DeliveryStatus } from '@lexdesk/contract';
import { apiLogin, bearer, DEMO } from '../support/api.ts';
import { signInFast } from '../support/ui.ts';

/**
 * Issue 29 item 4: housekeeping's steps run on their own and each stores when it last succeeded. The demo seed
 * has a draft invoice (no PDF yet), which used to stop the storage sweep and every purge after it at each start.
 */
test('Admin Setting shows every housekeeping step succeeded since the demo start, and none failed', async ({
  page,
  request,
}) => {
  // The start's run goes on after the server listens, beside the first journeys: wait until every step has a
  // success on record (a condition, not a time), then read the page once.
  const { access } = await apiLogin(request, DEMO.super);
  const steps = async () => {
    const res = await request.get('/api/admin/delivery-status/', { headers: bearer(access) });
    expect(res.status(), await res.text()).toBe(200);
    return ((await res.json()) as DeliveryStatus).housekeeping;
  };
  await expect
    .poll(async () => (await steps()).filter((step) => step.last_succeeded_at === null).map((step) => step.step), {
      timeout: 120_000,
    })
    .toEqual([]);
  expect((await steps()).filter((step) => step.last_failed_at !== null)).toEqual([]);

  await signInFast(page, DEMO.super);
  await page.goto('/admin-setting');
  const table = page.getByRole('table', { name: 'Housekeeping steps' });
  for (const step of ['sessions', 'storage', 'outbox', 'module:registration', 'module:tasks'])
    await expect(table.getByRole('row', { name: new RegExp(`^${step} `) })).toBeVisible();
  await expect(table).not.toContainText('Not yet');
  // Beside each success, when the step last failed: none has on the demo.
  await expect(table.getByRole('columnheader', { name: 'Last failed' })).toBeVisible();
  await expect(table.getByRole('row', { name: /^storage / })).toContainText('Never');
});
