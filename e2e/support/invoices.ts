import { expect, type APIRequestContext, type Download, type Page } from '@playwright/test';
import type { AccountSaved, InvoiceSaved, TimeEntrySaved } from '@lexdesk/contract';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { bearer, uniqueName } from './api.ts';
import { changeOneRowEach } from './database.ts';
import { apiCreateTask, createTaskFirm, type TaskFirm } from './tasks.ts';

/** A firm of its own for an invoice journey (its numbering starts at 1): the task firm and its approved time. */
export interface InvoiceFirm extends TaskFirm {
  taskTitle: string;
  /** The approved billable entry the user typed on the case's task. */
  entryId: number;
}

/**
 * A firm with an admin, a user and a case, and on that case a task whose user typed `duration` of billable time
 * (the time entry is approved by the admin): what an invoice bills. Everything through the tasks API, as the
 * people of the firm would do it on its pages.
 */
export async function createInvoiceFirm(
  request: APIRequestContext,
  { duration = '1h20m', date = new Date().toISOString().slice(0, 10) } = {},
): Promise<InvoiceFirm> {
  const firm = await createTaskFirm(request);
  const taskTitle = uniqueName('Draft the particulars of claim');
  const taskId = await apiCreateTask(request, firm.admin.access, {
    title: taskTitle,
    case_id: firm.caseId,
    assignee_ids: [firm.user.id],
  });
  const added = await request.post('/api/time-entry/', {
    headers: bearer(firm.user.access),
    data: { task_id: taskId, duration, date, billable: true, activity_type: 'Drafting', note: 'Particulars' },
  });
  expect(added.status(), await added.text()).toBe(201);
  const entryId = ((await added.json()) as TimeEntrySaved).entry.id;
  const approved = await request.post('/api/time-entry/approve/', {
    headers: bearer(firm.admin.access),
    data: { entry_ids: [entryId], approved: true },
  });
  expect(approved.status(), await approved.text()).toBe(200);
  return { ...firm, taskTitle, entryId };
}

/** The invoice's id in the page's address (/invoice?invoice_id=N). */
export function invoiceIdOf(page: Page): number {
  const id = Number(new URL(page.url()).searchParams.get('invoice_id'));
  expect(id, `an invoice page: ${page.url()}`).toBeGreaterThan(0);
  return id;
}

/**
 * Moves an issued invoice `days` into the past, straight in the journeys' database: its issue and due dates. No
 * call moves the server's clock, and a journey cannot wait for 30 days of payment terms to run out.
 */
export async function backdateInvoice(invoiceId: number, days: number) {
  const day = (offset: number) => new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);
  await changeOneRowEach('update invoices set issue_date = $1, due_date = $2 where id = $3', [
    [day(days + 30), day(days), invoiceId],
  ]);
}

/** The text of a downloaded PDF as pdftotext reads it (layout kept: a line of the PDF is a line here). */
export async function pdfText(download: Download): Promise<string> {
  const file = await download.path();
  expect(file, 'the download was saved').toBeTruthy();
  expect(readFileSync(file!).subarray(0, 5).toString('latin1'), 'a PDF file').toBe('%PDF-');
  return execFileSync('pdftotext', ['-layout', file!, '-'], { encoding: 'utf8', timeout: 60_000 });
}

/** A client account billing the firm's case, made by its admin (POST invoice/accounts/). */
export async function apiCreateAccount(
  request: APIRequestContext,
  firm: InvoiceFirm,
  body: { name?: string; hourly_rate?: string; email?: string } = {},
): Promise<{ id: number; name: string }> {
  const name = body.name ?? uniqueName('Northwind Shipping');
  const res = await request.post('/api/invoice/accounts/', {
    headers: bearer(firm.admin.access),
    data: { hourly_rate: '200.00', email: 'accounts@northwind.example', ...body, name, case_ids: [firm.caseId] },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { id: ((await res.json()) as AccountSaved).account.id, name };
}

/** A draft billing the firm's approved time entry, issued: answers the invoice (POST invoice/, then issue/). */
export async function apiIssueInvoice(request: APIRequestContext, firm: InvoiceFirm, accountId: number) {
  const drafted = await request.post('/api/invoice/', {
    headers: bearer(firm.admin.access),
    data: { account_id: accountId, case_id: firm.caseId, time_entry_ids: [firm.entryId] },
  });
  expect(drafted.status(), await drafted.text()).toBe(201);
  const { invoice } = (await drafted.json()) as InvoiceSaved;
  const issued = await request.post(`/api/invoice/${invoice.id}/issue/`, {
    headers: bearer(firm.admin.access),
    data: {},
  });
  expect(issued.status(), await issued.text()).toBe(200);
  return ((await issued.json()) as InvoiceSaved).invoice;
}
