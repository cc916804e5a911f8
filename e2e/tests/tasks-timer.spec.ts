import { expect, test } from '@playwright/test';
import { taskMessages as M } from '@lexdesk/contract';
import { uniqueName } from '../support/api.ts';
import {
  apiCreateTask,
  apiSetIdleMinutes,
  backdateTimer,
  createTaskFirm,
  openTask,
  shownSeconds,
  timerClock,
} from '../support/tasks.ts';
import { expectAccessible, expectToastComesAndGoes, signIn } from '../support/ui.ts';

const TIMER = /^Active Ongoing Task Timer/;

test.describe('Task timers: the server keeps them (issue 15)', () => {
  test("a running timer counts on in its task's totals and time entries, not only in the top bar (issue 31)", async ({
    page,
    request,
  }) => {
    const firm = await createTaskFirm(request);
    const title = uniqueName('Review the charter party');
    const taskId = await apiCreateTask(request, firm.admin.access, { title, assignee_ids: [firm.user.id] });
    await signIn(page, firm.user.email, firm.user.password);
    let dialog = await openTask(page, taskId, title);
    await dialog.getByRole('button', { name: 'Start timer' }).click();
    await expectToastComesAndGoes(page, M.timerStarted);
    // 59 minutes 20 seconds in: the screens show 59m, then 1h without a reload as the timer runs on.
    await backdateTimer(firm.user.id, 59 + 20 / 60);
    dialog = await openTask(page, taskId, title);
    const totals = dialog.getByTestId('task-time-totals');
    const entries = dialog.getByRole('table', { name: 'Time entries of the task' });
    await expect(totals).toContainText('Logged59m');
    await expect(entries).toContainText('59m');
    await expect(totals).toContainText('Logged1h', { timeout: 90_000 });
    await expect(totals).toContainText('Mine1h');
    await expect(entries).toContainText('1h');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('row').filter({ hasText: title })).toContainText('1h');
  });

  test('a timer ticks in the top bar, survives a closed browser, agrees across tabs, pauses, resumes and stops', async ({
    browser,
    request,
  }) => {
    const firm = await createTaskFirm(request);
    // Longer than the top bar's 30 characters.
    const title = uniqueName('Draft the defence and counterclaim for the carrier');
    const taskId = await apiCreateTask(request, firm.admin.access, {
      title,
      case_id: firm.caseId,
      assignee_ids: [firm.user.id],
    });

    const first = await browser.newContext();
    const page = await first.newPage();
    await signIn(page, firm.user.email, firm.user.password);
    const dialog = await openTask(page, taskId, title);
    await dialog.getByRole('button', { name: 'Start timer' }).click();
    await expectToastComesAndGoes(page, M.timerStarted);
    await expect(dialog.getByRole('button', { name: 'Timer on this task' })).toBeDisabled();
    // It ticks: the shown time grows by itself.
    await expect(timerClock(page)).toHaveText(/^\d{2}:\d{2}:\d{2}$/);
    const started = await shownSeconds(page);
    await expect.poll(() => shownSeconds(page)).toBeGreaterThan(started);
    await dialog.getByRole('button', { name: 'Close' }).click();
    const timerButton = page.getByRole('button', { name: TIMER });
    await expect(timerButton).toContainText(`${title.slice(0, 30)}…`);
    const before = await shownSeconds(page);
    await first.close();

    // The browser closed: signing in again finds the timer still running, at least where it was.
    const second = await browser.newContext();
    const again = await second.newPage();
    await signIn(again, firm.user.email, firm.user.password);
    await expect(timerClock(again)).toBeVisible();
    expect(await shownSeconds(again)).toBeGreaterThanOrEqual(before);
    await expect.poll(() => shownSeconds(again)).toBeGreaterThan(before);

    // A second tab shows the same time (within a second).
    const tab = await second.newPage();
    await tab.goto('/task');
    await expect(timerClock(tab)).toBeVisible();
    await expect
      .poll(async () => {
        const [a, b] = await Promise.all([shownSeconds(again), shownSeconds(tab)]);
        return Math.abs(a - b);
      })
      .toBeLessThanOrEqual(1);

    // Pause in one tab: the clock stands still; the other tab follows on its next poll (10 s).
    await again.getByRole('button', { name: TIMER }).click();
    const panel = again.getByRole('dialog', { name: 'Active Ongoing Task Timer' });
    await expect(panel.getByRole('link', { name: `${title.slice(0, 30)}…` })).toHaveAttribute(
      'href',
      `/task?task_id=${taskId}`,
    );
    await expectAccessible(again);
    await panel.getByRole('button', { name: 'Pause' }).click();
    await expectToastComesAndGoes(again, M.timerPaused);
    await expect(panel.getByText('Paused')).toBeVisible();
    const paused = await shownSeconds(again);
    await expect.poll(() => shownSeconds(tab), { timeout: 15_000 }).toBe(paused);
    await panel.getByRole('button', { name: 'Resume' }).click();
    await expectToastComesAndGoes(again, M.timerResumed);
    await expect.poll(() => shownSeconds(again)).toBeGreaterThan(paused);
    await panel.getByRole('button', { name: 'Stop' }).click();
    await expectToastComesAndGoes(again, M.timerStopped);
    await expect(timerClock(again)).toHaveCount(0);
    await expect(timerClock(tab)).toHaveCount(0, { timeout: 15_000 });

    // The stopped timer is a time entry of the task.
    await panel.getByRole('link', { name: 'Start one from a task' }).click();
    const entries = (await openTask(again, taskId, title)).getByRole('table', { name: 'Time entries of the task' });
    await expect(entries.getByText('Timer', { exact: true })).toBeVisible();
    await second.close();
  });

  test('after the idle time the user is asked to keep, discard or stop, and discarding keeps the timer running', async ({
    page,
    request,
  }) => {
    const firm = await createTaskFirm(request);
    await apiSetIdleMinutes(request, firm.admin.access, 1);
    const title = uniqueName('Read the charter party');
    const taskId = await apiCreateTask(request, firm.admin.access, { title, assignee_ids: [firm.user.id] });

    // The page's clock is the test's: it jumps past the idle limit below without the journey waiting for it.
    await page.clock.install();
    await signIn(page, firm.user.email, firm.user.password);
    const dialog = await openTask(page, taskId, title);
    await dialog.getByRole('button', { name: 'Start timer' }).click();
    await expectToastComesAndGoes(page, M.timerStarted);
    await expect(page.getByRole('dialog', { name: 'Are you still working?' })).toHaveCount(0);

    // The server's idle time decides: the timer's start and last activity move five minutes back, and the page's
    // clock two minutes on (so no tab saw the user within the limit either); the next poll brings the question.
    await backdateTimer(firm.user.id, 5);
    await page.clock.fastForward('02:00');
    const idle = page.getByRole('dialog', { name: 'Are you still working?' });
    await expect(idle).toBeVisible({ timeout: 20_000 });
    await expect(idle).toContainText(title);
    await expectAccessible(page);
    await idle.getByRole('button', { name: 'Discard idle time' }).click();
    await expectToastComesAndGoes(page, M.idleDiscarded);
    await expect(idle).toHaveCount(0);
    await expect(timerClock(page)).toBeVisible();
  });
});
