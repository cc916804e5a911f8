import type { OngoingTimer, TaskInput, TaskSaved, TimerAnswer } from '@lexdesk/contract';
import { expect } from 'vitest';
import { DEMO, type Harness } from '../../../test/harness.ts';
import { seedDemoCaseData } from '../cases/cases.seed.ts';
import { seedDemoTasks } from './tasks.seed.ts';

export interface Tokens {
  super: string;
  admin: string;
  user: string;
  other: string;
}

export async function tokensOf(h: Harness): Promise<Tokens> {
  return {
    super: (await h.login(DEMO.super)).access,
    admin: (await h.login(DEMO.admin)).access,
    user: (await h.login(DEMO.user)).access,
    other: (await h.login(DEMO.otherAdmin)).access,
  };
}

let counter = 0;
export const uniqueTitle = (prefix = 'Task') => `${prefix} ${Date.now().toString(36)}-${(counter += 1)}`;

/** Creates a task as `token` and answers its id. */
export async function createTask(h: Harness, token: string, body: Partial<TaskInput> = {}): Promise<number> {
  const res = await h.request('POST', '/api/task/', { token, body: { title: uniqueTitle(), ...body } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<TaskSaved>().id;
}

export async function ongoing(h: Harness, token: string): Promise<OngoingTimer> {
  const res = await h.request('GET', '/api/task/ongoing-timer/', { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<OngoingTimer>();
}

export async function timerCall(
  h: Harness,
  token: string,
  url: string,
  body: object = {},
  status = 200,
): Promise<TimerAnswer> {
  const res = await h.request('POST', url, { token, body });
  expect(res.statusCode, res.body).toBe(status);
  return res.json<TimerAnswer>();
}

/** A fresh user of Demo Law LLP with the task tracker, signed in (timers are per user: tests do not collide). */
export async function freshUser(h: Harness, role: 'user' | 'admin' = 'user') {
  return h.freshSession(role);
}

/** The error message of a 400 answer. */
export async function problem(res: { statusCode: number; body: string; json: <T>() => T }, status = 400) {
  expect(res.statusCode, res.body).toBe(status);
  return res.json<{ detail: string; fields?: Record<string, string> }>().detail;
}

const seeded = new WeakSet<Harness>();
/** The demo cases and the demo tasks on the first one (once per harness). */
export async function seedTasks(h: Harness): Promise<void> {
  if (seeded.has(h)) return;
  seeded.add(h);
  await seedDemoCaseData(h.ctx);
  await seedDemoTasks(h.ctx);
}
