import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { TaskSaved } from '@lexdesk/contract';
import { apiLogin, bearer, DEMO, linkFromMail, uniqueEmail, uniqueName } from './api.ts';
import { apiCreateCase } from './cases.ts';
import { changeOneRowEach } from './database.ts';
import { ALL_MODULES, createOrganisationWithAdmin } from './organisations.ts';

export interface TaskFirm {
  organisationId: number;
  admin: { email: string; password: string; access: string };
  user: { email: string; password: string; access: string; id: number; name: string };
  caseId: number;
  caseTitle: string;
}

/**
 * A firm of its own for a task journey (its dashboards and activity hold only the journey's time): an admin,
 * one user with every module who has set their password, and a case.
 */
export async function createTaskFirm(request: APIRequestContext): Promise<TaskFirm> {
  const firm = await createOrganisationWithAdmin(request, { userLimit: 3 });
  const { access: superAccess } = await apiLogin(request, DEMO.super);
  const email = uniqueEmail('tasker');
  const invited = await request.post('/api/user/', {
    headers: bearer(superAccess),
    data: { first_name: 'Tara', last_name: 'Tasker', email, role: 'user', modules: ALL_MODULES, org_id: firm.id },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const link = decodeURIComponent(await linkFromMail(request, email));
  const token = /token=([^&/]+)/.exec(link)![1];
  const password = 'Tasker#2026pass';
  const set = await request.put('/api/token/', { data: { token, password } });
  expect(set.status(), await set.text()).toBe(200);
  const admin = await apiLogin(request, firm.email, firm.password);
  const user = await apiLogin(request, email, password);
  const caseTitle = uniqueName('Harbour v Northwind');
  const created = await apiCreateCase(request, admin.access, caseTitle);
  return {
    organisationId: firm.id,
    admin: { email: firm.email, password: firm.password, access: admin.access },
    user: { email, password, access: user.access, id: user.user_id, name: 'Tara Tasker' },
    caseId: created.id,
    caseTitle,
  };
}

export async function apiCreateTask(
  request: APIRequestContext,
  access: string,
  body: { title: string; case_id?: number | null; assignee_ids?: number[]; due_date?: string | null },
): Promise<number> {
  const res = await request.post('/api/task/', { headers: bearer(access), data: body });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as TaskSaved).id;
}

/** The organisation's idle limit (staff: PUT task-settings/). */
export async function apiSetIdleMinutes(request: APIRequestContext, access: string, minutes: number) {
  const res = await request.put('/api/task-settings/', {
    headers: bearer(access),
    data: { idle_minutes: minutes, billing_increment_minutes: 6 },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * Moves a running timer into the past, straight in the journeys' database: its open span's start and its last
 * activity, `minutes` back (the server counts idle time from the later of the two). No call can make the server's
 * clock pass, and a journey should not sit idle for the limit.
 */
export async function backdateTimer(userId: number, minutes: number) {
  const at = new Date(Date.now() - minutes * 60_000).toISOString();
  await changeOneRowEach(`update time_entries set last_activity_at = $1 where user_id = $2 and state = 'running'`, [
    [at, userId],
  ]);
  await changeOneRowEach(
    `update time_entry_spans set started_at = $1 where ended_at is null and entry_id in
       (select id from time_entries where user_id = $2 and state = 'running')`,
    [[at, userId]],
  );
}

/** The top bar's timer clock. */
export const timerClock = (page: Page): Locator => page.getByTestId('task-timer-clock');

/** hh:mm:ss as seconds. */
export function secondsOf(hms: string | null): number {
  const [h, m, s] = (hms ?? '').trim().split(':').map(Number);
  return (h ?? 0) * 3600 + (m ?? 0) * 60 + (s ?? 0);
}

/** The seconds the top bar shows now. */
export async function shownSeconds(page: Page): Promise<number> {
  return secondsOf(await timerClock(page).textContent());
}

/** Opens a task's detail dialog from its address (/task?task_id=N), as a notification or the timer's link does. */
export async function openTask(page: Page, id: number, title: string): Promise<Locator> {
  await page.goto(`/task?task_id=${id}`);
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  return dialog;
}
