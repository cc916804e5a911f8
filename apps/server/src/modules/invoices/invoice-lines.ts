import {
  invoiceMessages as M,
  billedMinutes,
  invoiceTotals,
  minutesToQuantityMilli,
  parsePercent,
  parseQuantity,
  type InvoiceDraftUpdateBody,
  type ManualLineBody,
} from '@lexdesk/contract';
import { dialectOf } from '../../db/dialect.ts';
import type { Actor } from '../../platform/access/actor.ts';
import { type AppContext } from '../../platform/context.ts';
import { badRequest, conflict } from '../../platform/errors/http-error.ts';
import { billableEntries, lockTimeEntries } from '../tasks/index.ts';
import * as accountsRepo from './accounts.repo.ts';
import * as repo from './invoices.repo.ts';
import { type BuiltLine, invoiceSettingsOf, money } from './invoice-common.ts';

/** The lines of a draft from its time entries, expenses and typed lines, with every amount from invoiceTotals. */
export async function buildLines(
  c: AppContext,
  actor: Actor,
  account: accountsRepo.AccountRecord,
  caseId: number | null,
  body: InvoiceDraftUpdateBody,
  invoiceId: number | null,
): Promise<{ lines: BuiltLine[]; timeIds: number[]; expenseIds: number[] }> {
  const dialect = dialectOf(c);
  const currency = account.currency;
  const settings = await invoiceSettingsOf(c, actor.organisationId);
  const rate =
    body.hourly_rate !== undefined
      ? money(body.hourly_rate, currency, 'hourly_rate')
      : Number(account.hourly_rate_minor);
  const timeTax =
    body.time_tax_rate !== undefined ? parsePercent(body.time_tax_rate)! : settings.default_tax_rate_milli;
  const accountCases =
    (await accountsRepo.casesOfAccounts(c.db, dialect, actor.organisationId, [account.id])).get(account.id) ?? [];
  const caseIds = caseId !== null ? [caseId] : accountCases.map((x) => x.id);
  const timeIds = [...new Set(body.time_entry_ids)];
  const expenseIds = [...new Set(body.expense_ids)];

  // Locked first: an unapprove of one of them waits for this draft, or this draft for it (tasks' lockEntries).
  await lockTimeEntries(c.db, dialect, actor.organisationId, timeIds);
  const entries =
    timeIds.length > 0 ? await billableEntries(c.db, dialect, actor.organisationId, { ids: timeIds }) : [];
  if (entries.length !== timeIds.length || entries.some((e) => e.case_id === null || !caseIds.includes(e.case_id)))
    throw badRequest(M.unknownTimeEntry, { time_entry_ids: M.unknownTimeEntry });
  for (const billed of await repo.billedTime(c.db, dialect, actor.organisationId, timeIds))
    if (billed.invoice_id !== invoiceId)
      throw conflict(billed.number_text ? M.timeEntryOnInvoice(billed.number_text) : M.timeEntryOnDraft);

  const { rows: expenses } =
    expenseIds.length > 0
      ? await accountsRepo.listExpenses(
          c.db,
          dialect,
          actor.organisationId,
          { ids: expenseIds, accountId: account.id },
          expenseIds.length,
          0,
        )
      : { rows: [] };
  if (
    expenses.length !== expenseIds.length ||
    (caseId !== null && expenses.some((x) => x.case_id !== null && x.case_id !== caseId))
  )
    throw badRequest(M.unknownExpense, { expense_ids: M.unknownExpense });
  for (const billed of await repo.billedExpenseRows(c.db, dialect, actor.organisationId, expenseIds))
    if (billed.invoice_id !== invoiceId)
      throw conflict(billed.number_text ? M.expenseOnInvoice(billed.number_text) : M.expenseOnDraft);

  const lines: BuiltLine[] = [];
  for (const e of entries) {
    const minutes = billedMinutes(e.seconds, settings.billing_increment_minutes);
    lines.push({
      position: 0,
      kind: 'time',
      description: [e.task_title, e.activity_type, e.note].filter(Boolean).join(' — '),
      date: e.date,
      quantity_milli: minutesToQuantityMilli(minutes),
      unit_price_minor: rate,
      tax_rate_milli: timeTax,
      discount_percent_milli: null,
      amount_minor: 0,
      tax_minor: 0,
      time_entry_id: e.id,
      expense_id: null,
      credited_line_id: null,
      raw_seconds: e.seconds,
      billed_minutes: minutes,
      user_name: e.user_name,
    });
  }
  for (const x of [...expenses].sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id))
    lines.push({
      position: 0,
      kind: 'expense',
      description: x.description,
      date: x.date,
      quantity_milli: Number(x.quantity_milli),
      unit_price_minor: Number(x.amount_minor),
      tax_rate_milli: x.tax_rate_milli,
      discount_percent_milli: null,
      amount_minor: 0,
      tax_minor: 0,
      time_entry_id: null,
      expense_id: x.id,
      credited_line_id: null,
      raw_seconds: null,
      billed_minutes: null,
      user_name: null,
    });
  body.lines.forEach((l: ManualLineBody, index) => {
    const field = `lines.${index}.unit_price`;
    lines.push({
      position: 0,
      kind: l.kind,
      description: l.description,
      date: l.date,
      quantity_milli: parseQuantity(l.quantity)!,
      unit_price_minor: l.unit_price !== undefined ? money(l.unit_price, currency, field) : 0,
      tax_rate_milli: l.tax_rate !== undefined ? parsePercent(l.tax_rate)! : settings.default_tax_rate_milli,
      discount_percent_milli:
        l.kind === 'discount' && l.discount_percent !== undefined ? parsePercent(l.discount_percent)! : null,
      amount_minor: 0,
      tax_minor: 0,
      time_entry_id: null,
      expense_id: null,
      credited_line_id: null,
      raw_seconds: null,
      billed_minutes: null,
      user_name: null,
    });
  });
  if (lines.length === 0) throw badRequest(M.nothingToBill);
  return { lines: lines.map((l, i) => ({ ...l, position: i + 1 })), timeIds, expenseIds };
}

/** invoiceTotals over stored-shape lines: the one computation, written into the lines and the invoice. */
export function applyTotals(lines: BuiltLine[], currency: string) {
  let totals;
  try {
    totals = invoiceTotals(
      lines.map((l) => ({
        kind: l.kind as 'time',
        quantity_milli: Number(l.quantity_milli),
        unit_price_minor: Number(l.unit_price_minor),
        tax_rate_milli: l.tax_rate_milli,
        billed_minutes: l.billed_minutes ?? null,
        discount_percent_milli: l.discount_percent_milli ?? null,
      })),
      currency,
    );
  } catch {
    throw badRequest(M.totalTooLarge);
  }
  if (Math.abs(totals.total_minor) > Number.MAX_SAFE_INTEGER / 4) throw badRequest(M.totalTooLarge);
  const withAmounts = lines.map((l, i) => ({
    ...l,
    amount_minor: totals.lines[i]!.amount_minor,
    tax_minor: totals.lines[i]!.tax_minor,
  }));
  return { lines: withAmounts, totals };
}
