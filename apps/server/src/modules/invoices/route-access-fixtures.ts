import type { AccountSaved, ExpenseSaved, InvoiceSaved } from '@lexdesk/contract';
import { expect } from 'vitest';
import { DEMO, type Harness } from '../../../test/harness.ts';

let counter = 0;
/** Demo Law LLP ids for the invoice routes: an account, an expense, an issued invoice with a payment. */
export async function invoiceParams(h: Harness): Promise<Record<string, number>> {
  const { access: token } = await h.login(DEMO.admin);
  counter += 1;
  const account = await h.request('POST', '/api/invoice/accounts/', {
    token,
    body: { name: `Route access ${Date.now()}-${counter}`, currency: 'USD', hourly_rate: '100' },
  });
  expect(account.statusCode, account.body).toBe(201);
  const account_id = account.json<AccountSaved>().account.id;
  const expense = await h.request('POST', '/api/invoice/expenses/', {
    token,
    body: { account_id, date: '2026-03-01', description: 'Access', amount: '10' },
  });
  expect(expense.statusCode, expense.body).toBe(201);
  const draft = await h.request('POST', '/api/invoice/', {
    token,
    body: { account_id, lines: [{ kind: 'fixed_fee', description: 'Access', unit_price: '100' }] },
  });
  expect(draft.statusCode, draft.body).toBe(201);
  const invoice_id = draft.json<InvoiceSaved>().invoice.id;
  const issued = await h.request('POST', `/api/invoice/${invoice_id}/issue/`, { token, body: {} });
  expect(issued.statusCode, issued.body).toBe(200);
  const paid = await h.request('POST', `/api/invoice/${invoice_id}/payments/`, {
    token,
    body: { date: '2026-03-02', amount: '1' },
  });
  expect(paid.statusCode, paid.body).toBe(200);
  return {
    account_id,
    expense_id: expense.json<ExpenseSaved>().expense.id,
    invoice_id,
    payment_id: paid.json<InvoiceSaved>().invoice.payments[0]!.id,
  };
}

/** Requests that pass validation on the invoice routes with ids, so only visibility can stop them. */
export function invoiceRequest(method: string, url: string): object | null {
  const bodies: Record<string, object> = {
    'PUT /api/invoice/accounts/:account_id/': { name: 'Intruder' },
    'PUT /api/invoice/expenses/:expense_id/': {
      account_id: 1,
      date: '2026-03-01',
      description: 'Intruder',
      amount: '1',
    },
    'PUT /api/invoice/:invoice_id/': {},
    'POST /api/invoice/:invoice_id/issue/': {},
    'POST /api/invoice/:invoice_id/payments/': { date: '2026-03-02', amount: '1' },
    'POST /api/invoice/:invoice_id/credit-note/': { reason: 'Intruder' },
    'POST /api/invoice/:invoice_id/send/': {},
  };
  const body = bodies[`${method} ${url}`];
  return body ? { body } : null;
}
