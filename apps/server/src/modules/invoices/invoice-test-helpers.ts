import {
  CASE_STATUSES,
  type AccountSaved,
  type InvoiceSaved,
  type TaskSaved,
  type TimeEntrySaved,
} from '@lexdesk/contract';
import { expect } from 'vitest';
import type { Harness } from '../../../test/harness.ts';

let counter = 0;
/** A name no other test uses. */
export const unique = (p: string) => `${p} ${Date.now().toString(36)}-${(counter += 1)}`;

/** A new case of the caller's organisation (its id). */
export async function caseOf(h: Harness, token: string): Promise<number> {
  const res = await h.request('POST', '/api/case/', {
    token,
    body: { title: unique('Billing case'), client: 'Client', status: CASE_STATUSES[0] },
  });
  if (res.statusCode === 201 || res.statusCode === 200)
    return res.json<{ id?: number; case?: { id: number } }>().id ?? res.json<{ case: { id: number } }>().case.id;
  throw new Error(res.body);
}

/** A new client account (USD, 250.00/h unless `extra` says otherwise) billing `caseIds`. */
export async function account(h: Harness, token: string, caseIds: number[] = [], extra: object = {}) {
  const res = await h.request('POST', '/api/invoice/accounts/', {
    token,
    body: {
      name: unique('Client'),
      currency: 'USD',
      hourly_rate: '250.00',
      case_ids: caseIds,
      email: 'ap@client.example',
      ...extra,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<AccountSaved>().account;
}

/** A time entry of a new task on `caseId`, approved (its id). */
export async function approvedEntry(h: Harness, token: string, caseId: number, duration = '1h7m') {
  const task = await h.request('POST', '/api/task/', { token, body: { title: unique('Task'), case_id: caseId } });
  expect(task.statusCode, task.body).toBe(201);
  const entry = await h.request('POST', '/api/time-entry/', {
    token,
    body: { task_id: task.json<TaskSaved>().id, duration, date: '2026-02-20' },
  });
  expect(entry.statusCode, entry.body).toBe(201);
  const id = entry.json<TimeEntrySaved>().entry.id;
  const approved = await h.request('POST', '/api/time-entry/approve/', { token, body: { entry_ids: [id] } });
  expect(approved.statusCode, approved.body).toBe(200);
  return id;
}

/** A new expense of an account (its id). */
export async function expenseOf(h: Harness, token: string, accountId: number, extra: object = {}) {
  const res = await h.request('POST', '/api/invoice/expenses/', {
    token,
    body: { account_id: accountId, date: '2026-02-21', description: unique('Court fee'), amount: '45.50', ...extra },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ expense: { id: number } }>().expense.id;
}

/** A draft invoice (POST invoice/), answered as the server saved it. */
export async function draft(h: Harness, token: string, body: object) {
  const res = await h.request('POST', '/api/invoice/', { token, body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<InvoiceSaved>().invoice;
}

/** A draft of one fixed fee, issued (the issued invoice). */
export async function issuedInvoice(h: Harness, token: string, accountId: number, price = '100.00') {
  const d = await draft(h, token, {
    account_id: accountId,
    lines: [{ kind: 'fixed_fee', description: unique('Fee'), unit_price: price }],
  });
  const res = await h.request('POST', `/api/invoice/${d.id}/issue/`, { token, body: {} });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<InvoiceSaved>().invoice;
}

/** The `detail` of an error answer with the expected status. */
export function detailOf(res: { statusCode: number; body: string; json: <T>() => T }, status: number) {
  expect(res.statusCode, res.body).toBe(status);
  return res.json<{ detail: string; fields?: Record<string, string> }>().detail;
}
