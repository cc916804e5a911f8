import { expect, type APIRequestContext, type Download, type Page } from '@playwright/test';
import type {
  AccountSaved,
  ExpenseSaved,
  InvoiceDetail,
  InvoiceDraftInput,
  InvoiceSaved,
  ManualLineInput,
  TimeEntrySaved,
} from '@lexdesk/contract';
import ExcelJS from 'exceljs';
import { execFileSync } from 'node:child_process';
import { closeList } from './ui.ts';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { bearer, uniqueName } from './api.ts';
import { changeOneRowEach } from './database.ts';
import { soffice } from './office.ts';
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

/** An expense of a client account, not billed yet, made by the firm's admin (POST invoice/expenses/); its id. */
export async function apiCreateExpense(
  request: APIRequestContext,
  firm: InvoiceFirm,
  accountId: number,
  body: { description: string; amount: string },
): Promise<number> {
  const res = await request.post('/api/invoice/expenses/', {
    headers: bearer(firm.admin.access),
    data: { account_id: accountId, date: new Date().toISOString().slice(0, 10), ...body },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as ExpenseSaved).expense.id;
}

/** A draft of the firm's admin (POST invoice/): by default the firm's approved time entry on its case. */
export async function apiDraftInvoice(
  request: APIRequestContext,
  firm: InvoiceFirm,
  accountId: number,
  body: Partial<Omit<InvoiceDraftInput, 'account_id'>> = {},
): Promise<InvoiceDetail> {
  const drafted = await request.post('/api/invoice/', {
    headers: bearer(firm.admin.access),
    data: { case_id: firm.caseId, time_entry_ids: [firm.entryId], ...body, account_id: accountId },
  });
  expect(drafted.status(), await drafted.text()).toBe(201);
  return ((await drafted.json()) as InvoiceSaved).invoice;
}

/**
 * A draft billing the firm's approved time entry (and `body`'s lines), issued: answers the invoice (POST
 * invoice/, then issue/).
 */
export async function apiIssueInvoice(
  request: APIRequestContext,
  firm: InvoiceFirm,
  accountId: number,
  body: Partial<Omit<InvoiceDraftInput, 'account_id'>> = {},
): Promise<InvoiceDetail> {
  const draft = await apiDraftInvoice(request, firm, accountId, body);
  const issued = await request.post(`/api/invoice/${draft.id}/issue/`, {
    headers: bearer(firm.admin.access),
    data: {},
  });
  expect(issued.status(), await issued.text()).toBe(200);
  return ((await issued.json()) as InvoiceSaved).invoice;
}

/** A firm, a client account billing its case, and (unless `issue` is false) INV-1 billing its approved time. */
export async function createBilledFirm(
  request: APIRequestContext,
  { email, lines = [] }: { email?: string; lines?: ManualLineInput[] } = {},
) {
  const firm = await createInvoiceFirm(request);
  const account = await apiCreateAccount(request, firm, email ? { email } : {});
  const invoice = await apiIssueInvoice(request, firm, account.id, { lines });
  expect(invoice.number).toBe('INV-1');
  return { firm, account, invoice };
}

/** Saves a download under its suggested name in `dir` (LibreOffice reads a file by its extension). */
export async function savedDownload(download: Download, dir: string): Promise<string> {
  const file = path.join(dir, download.suggestedFilename());
  await download.saveAs(file);
  return file;
}

/** The SHA-256 (hex) of a file's bytes. */
export const sha256Of = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

/** The text of a .docx as LibreOffice reads it (converted to plain text), so the file opens in an office suite. */
export function docxText(file: string, dir: string): string {
  return readFileSync(soffice(file, 'txt:Text', dir), 'utf8');
}

/** The rows of the first sheet of an .xlsx, as exceljs reads them (each row its cells' values, from column A). */
export async function xlsxRows(file: string): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const rows: unknown[][] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

/** Picks `option` in the Autocomplete labelled `label`. */
export async function pick(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('combobox', { name: label }).fill(option.slice(0, 12));
  await page.getByRole('listbox').getByRole('option', { name: option }).click();
  await closeList(page);
}

/** Opens one of the module's three pages from its tab bar. */
export async function openTab(page: Page, tab: string, heading: string) {
  await page.getByRole('tablist', { name: 'Invoice pages' }).getByRole('tab', { name: tab }).click();
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
}

/** Downloads the open invoice as `label` (an entry of its Download menu). */
export async function downloadInvoice(page: Page, label: string): Promise<Download> {
  await page.getByRole('button', { name: 'Download' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: label }).click();
  return downloading;
}
