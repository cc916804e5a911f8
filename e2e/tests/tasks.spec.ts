import { expect, test, type Page } from '@playwright/test';
import { formatDuration, taskMessages as M } from '@lexdesk/contract';
import { readFileSync } from 'node:fs';
import { bearer, uniqueName } from '../support/api.ts';
import { apiCreateTask, createTaskFirm } from '../support/tasks.ts';
import { expectAccessible, expectToastComesAndGoes, signInFast } from '../support/ui.ts';

const MENU = 'Task Tracker';

/** Picks `option` in the form's Autocomplete labelled `label` (no Escape after: it would close the form). */
async function pick(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('listbox').getByRole('option', { name: option }).click();
}

/** Opens a Task Tracker page from the side menu (two rows are named Dashboard: the case one and this group's). */
async function openFromMenu(page: Page, item: string, heading: string, path?: string) {
  const link = page.getByRole('navigation').getByRole('link', { name: item, exact: true });
  await (path ? link.and(page.locator(`[href="${path}"]`)) : link).click();
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
}

test.describe('Task tracker (issue 15)', () => {
  test(
    'an admin creates tasks on a case for a user, who is notified and adds 1h20m by hand',
    { tag: '@smoke' },
    async ({ browser, page, request }) => {
      const firm = await createTaskFirm(request);
      const title = uniqueName('Reply to the letter before claim');

      // The admin creates a task on the case and assigns the user; a second one comes through the API.
      await signInFast(page, firm.admin.email, firm.admin.password);
      await expect(page.getByRole('navigation').getByText(MENU)).toBeVisible();
      await openFromMenu(page, 'Task Detail', 'Task Detail');
      await page.getByRole('button', { name: 'New task' }).click();
      const form = page.getByRole('dialog', { name: 'New task' });
      await form.getByRole('button', { name: 'Create' }).click();
      await expect(form.getByText(M.titleRequired)).toBeVisible();
      await form.getByLabel('Title').fill(title);
      await form.getByRole('textbox', { name: 'Description' }).fill('Answer the insurer point by point.');
      await pick(page, 'Case', firm.caseTitle);
      await pick(page, 'Assignees', firm.user.name);
      await form.getByLabel('Title').click();
      await form.getByLabel('Due date').fill('2030-01-15');
      await form.getByRole('combobox', { name: 'Priority' }).click();
      await page.getByRole('option', { name: 'High' }).click();
      await expectAccessible(page);
      await form.getByRole('button', { name: 'Create' }).click();
      await expectToastComesAndGoes(page, M.created);
      // The new task opens.
      const detail = page.getByRole('dialog', { name: title });
      await expect(detail).toContainText(firm.caseTitle);
      await expect(detail).toContainText(firm.user.name);
      await expect(detail).toContainText('15 Jan 2030');
      await detail.getByLabel('New checklist item').fill('Check the bill of lading');
      await detail.getByRole('button', { name: 'Add', exact: true }).click();
      await expect(detail.getByRole('checkbox', { name: 'Check the bill of lading' })).toBeVisible();
      await expectAccessible(page);
      await detail.getByRole('button', { name: 'Close' }).click();
      const second = uniqueName('Review the surveyor’s note');
      await apiCreateTask(request, firm.admin.access, {
        title: second,
        case_id: firm.caseId,
        assignee_ids: [firm.user.id],
        // Due in three days: on the user's dashboard ('My tasks due' covers the next two weeks).
        due_date: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10),
      });
      const table = page.getByRole('table', { name: 'Tasks' });
      await page.reload();
      await expect(table).toContainText(title);
      await expect(table).toContainText(second);
      await expectAccessible(page);

      // The user is notified; the notification opens the task, where they tick the checklist and type 1h20m.
      const userContext = await browser.newContext();
      const userPage = await userContext.newPage();
      await signInFast(userPage, firm.user.email, firm.user.password);
      await userPage.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
      await userPage
        .getByRole('button', { name: new RegExp(M.assignedToYou(title).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
        .click();
      await expect(userPage).toHaveURL(/\/task\?task_id=\d+$/);
      const mine = userPage.getByRole('dialog', { name: title });
      await mine.getByRole('checkbox', { name: 'Check the bill of lading' }).check();
      await expect(mine.getByRole('heading', { name: 'Checklist (1/1)' })).toBeVisible();
      await mine.getByRole('button', { name: 'Add time' }).click();
      const add = userPage.getByRole('dialog', { name: 'Add time' });
      const spent = add.getByLabel('Time spent');
      await spent.fill('1:2x');
      await expect(add.getByText(M.durationInvalid)).toBeVisible();
      await spent.fill('1h20m');
      await expect(add.getByText('= 1h 20m')).toBeVisible();
      await add.getByRole('combobox', { name: 'Activity type' }).click();
      await userPage.getByRole('option', { name: 'Drafting' }).click();
      await add.getByLabel('Note').fill('First draft of the reply');
      await expectAccessible(userPage);
      await add.getByRole('button', { name: 'Add time' }).click();
      await expectToastComesAndGoes(userPage, M.entryAdded);
      const entries = mine.getByRole('table', { name: 'Time entries of the task' });
      await expect(entries).toContainText('1h 20m');
      await expect(entries).toContainText('Drafting');
      await expect(mine.getByTestId('task-time-totals')).toContainText('1h 20m');

      await userContext.close();
    },
  );

  // Split from the journey above (96 s together, so the two workers balance): the tasks and the user's 1h20m
  // made through the API.
  test('the admin approves the user’s 1h20m on Task Activity: locked for the user, in the totals, the export and both dashboards', async ({
    browser,
    page,
    request,
  }) => {
    const firm = await createTaskFirm(request);
    const title = uniqueName('Reply to the letter before claim');
    const taskId = await apiCreateTask(request, firm.admin.access, {
      title,
      case_id: firm.caseId,
      assignee_ids: [firm.user.id],
    });
    const second = uniqueName('Review the surveyor’s note');
    await apiCreateTask(request, firm.admin.access, {
      title: second,
      case_id: firm.caseId,
      assignee_ids: [firm.user.id],
      // Due in three days: on the user's dashboard ('My tasks due' covers the next two weeks).
      due_date: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10),
    });
    const added = await request.post('/api/time-entry/', {
      headers: bearer(firm.user.access),
      data: {
        task_id: taskId,
        duration: '1h20m',
        date: new Date().toISOString().slice(0, 10),
        billable: true,
        activity_type: 'Drafting',
        note: 'First draft of the reply',
      },
    });
    expect(added.status(), await added.text()).toBe(201);

    await signInFast(page, firm.admin.email, firm.admin.password);
    const userContext = await browser.newContext();
    const userPage = await userContext.newPage();
    await signInFast(userPage, firm.user.email, firm.user.password);
    await userPage.goto(`/task?task_id=${taskId}`);
    const mine = userPage.getByRole('dialog', { name: title });
    await expect(mine.getByRole('table', { name: 'Time entries of the task' })).toContainText('1h 20m');

    // The admin approves the entry on Task Activity: it shows locked, in every total and in the export.
    await openFromMenu(page, 'Task Activity', 'Task Activity');
    await expect(page.getByRole('table', { name: 'Time by day' })).toContainText(firm.user.name);
    await page.getByRole('tab', { name: 'Entries' }).click();
    const list = page.getByRole('table', { name: 'Time entries' });
    await list.getByRole('checkbox', { name: `Select 1h 20m of ${firm.user.name}` }).check();
    await page.getByRole('button', { name: 'Approve (1)' }).click();
    await expectToastComesAndGoes(page, M.entriesApproved(1));
    await page.getByLabel('Only not approved').uncheck();
    await expect(list.getByText('Approved')).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('tab', { name: 'Per user' }).click();
    await expect(page.getByRole('table', { name: 'Time per user' })).toContainText('1h 20m');
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export .csv' }).click();
    const csv = readFileSync((await (await downloading).path())!, 'utf8');
    expect(csv).toContain(firm.user.name);
    expect(csv).toContain(title);

    // Locked: the user can no longer change it.
    await userPage.reload();
    const locked = userPage
      .getByRole('dialog', { name: title })
      .getByRole('table', { name: 'Time entries of the task' });
    await expect(locked.getByText('Approved')).toBeVisible();
    await expect(locked.getByRole('button', { name: /^Actions for the entry/ })).toHaveCount(0);
    await userPage.getByRole('dialog', { name: title }).getByRole('button', { name: 'Close' }).click();

    // Both dashboards show the hours.
    await openFromMenu(page, 'Dashboard', 'Dashboard', '/superuser-dashboard');
    await expect(page.getByText('Hours', { exact: true }).locator('..')).toContainText(formatDuration(4800));
    await page.getByRole('figure', { name: 'Hours per user per week' }).getByText('Show the numbers').click();
    await expect(page.getByRole('table', { name: 'Hours per user per week' })).toContainText(firm.user.name);
    await expectAccessible(page);
    await openFromMenu(userPage, 'Dashboard', 'Dashboard', '/user-dashboard');
    await expect(userPage.getByText('This week', { exact: true }).locator('..')).toContainText('1h 20m');
    await expect(userPage.getByRole('table', { name: 'My tasks due' })).toContainText(second);
    await expectAccessible(userPage);
    await userContext.close();
  });

  test('Who did what reads a deleted task as "a deleted task": its title is gone with it (issue 29)', async ({
    page,
    request,
  }) => {
    const firm = await createTaskFirm(request);
    const kept = uniqueName('Draft the reply');
    await apiCreateTask(request, firm.admin.access, { title: kept, case_id: firm.caseId });
    const title = uniqueName('Settle with the Smiths');
    const taskId = await apiCreateTask(request, firm.admin.access, { title, case_id: firm.caseId });
    const removed = await request.delete(`/api/task/${taskId}/`, { headers: bearer(firm.admin.access) });
    expect(removed.status(), await removed.text()).toBe(200);

    await signInFast(page, firm.admin.email, firm.admin.password);
    await openFromMenu(page, 'Task Activity', 'Task Activity');
    await page.getByRole('tab', { name: 'Who did what' }).click();
    const events = page.getByRole('table', { name: 'Who did what' });
    await expect(events.getByRole('link', { name: kept })).toBeVisible();
    await expect(events).toContainText('deleted a deleted task');
    await expect(events.getByRole('row', { name: /deleted a deleted task/ })).toContainText('A deleted task');
    await expect(events).not.toContainText(title);
    await expectAccessible(page);
  });

  test('the list filters by whose task, status and due, and ?created_by= lists one creator’s tasks', async ({
    page,
    request,
  }) => {
    const firm = await createTaskFirm(request);
    const adminTask = uniqueName('Prepare the bundle');
    const userTask = uniqueName('Call the client');
    await apiCreateTask(request, firm.admin.access, { title: adminTask, case_id: firm.caseId, due_date: '2020-01-01' });
    await apiCreateTask(request, firm.user.access, { title: userTask, assignee_ids: [firm.user.id] });

    await signInFast(page, firm.user.email, firm.user.password);
    await page.goto('/task');
    const table = page.getByRole('table', { name: 'Tasks' });
    await expect(table).toContainText(userTask);
    await expect(table).not.toContainText(adminTask);
    await page.getByRole('button', { name: 'All', exact: true }).click();
    await expect(table).toContainText(adminTask);
    await page.getByRole('combobox', { name: 'Due' }).click();
    await page.getByRole('option', { name: 'Overdue' }).click();
    await expect(table).toContainText(adminTask);
    await expect(table).not.toContainText(userTask);
    await expect(table).toContainText('Overdue');

    await page.goto(`/task?created_by=${firm.user.id}`);
    await expect(page.getByText(`Created by ${firm.user.name}`)).toBeVisible();
    await expect(table).toContainText(userTask);
    await expect(table).not.toContainText(adminTask);
    await expectAccessible(page);
  });
  test('an admin sets the idle time and billing increment in Timer settings, with the range messages', async ({
    page,
    request,
  }) => {
    const firm = await createTaskFirm(request);
    await signInFast(page, firm.admin.email, firm.admin.password);
    await openFromMenu(page, 'Dashboard', 'Dashboard', '/superuser-dashboard');
    const openSettings = async () => {
      await page.getByRole('button', { name: 'Timer settings' }).click();
      const dialog = page.getByRole('dialog', { name: 'Timer settings' });
      await expect(dialog).toBeVisible();
      return {
        dialog,
        idle: dialog.getByRole('spinbutton', { name: 'Idle time (minutes)' }),
        increment: dialog.getByRole('spinbutton', { name: 'Billing increment (minutes)' }),
      };
    };
    let { dialog, idle, increment } = await openSettings();
    await expect(idle).toHaveValue('10');
    await expect(increment).toHaveValue('6');
    await idle.fill('0');
    await increment.fill('61');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText(M.idleMinutesRange)).toBeVisible();
    await expect(dialog.getByText(M.billingIncrementRange)).toBeVisible();
    await idle.fill('5');
    await increment.fill('15');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToastComesAndGoes(page, M.settingsSaved);
    await expect(dialog).toHaveCount(0);
    const saved = await request.get('/api/task-settings/', {
      headers: { Authorization: `Bearer ${firm.admin.access}` },
    });
    expect(await saved.json()).toEqual({ idle_minutes: 5, billing_increment_minutes: 15 });
    await page.reload();
    ({ dialog, idle, increment } = await openSettings());
    await expect(idle).toHaveValue('5');
    await expect(increment).toHaveValue('15');
  });
});
