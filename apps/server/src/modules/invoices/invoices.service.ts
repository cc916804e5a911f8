import {
  AGEING_BUCKETS,
  can,
  currencyDecimals,
  invoiceMessages as M,
  INVOICE_SETTINGS_DEFAULTS as D,
  billedMinutes,
  formatMoney,
  invoiceTotals,
  minutesToQuantityMilli,
  parseMoney,
  parsePercent,
  parseQuantity,
  sumMinor,
  type AccountBody,
  type AccountListQuery,
  type ClientAccount,
  type CreditNoteBody,
  type Expense,
  type ExpenseBody,
  type ExpenseListQuery,
  type InvoiceActions,
  type InvoiceCurrency,
  type InvoiceDetail,
  type InvoiceDraftUpdateBody,
  type InvoiceListQuery,
  type InvoiceRow,
  type InvoiceSettings,
  type InvoiceSettingsBody,
  type InvoiceSummary,
  type ManualLineBody,
  type PaymentBody,
  type UnbilledWork,
} from '@lexdesk/contract';
import type { Insertable } from 'kysely';
import { dialectOf } from '../../db/dialect.ts';
import type { InvoiceLinesTable } from '../../db/tables/invoices.ts';
import type { Actor } from '../../platform/access/actor.ts';
import { auditService } from '../../platform/audit/audit.service.ts';
import { inTransaction, nowIso, type AppContext } from '../../platform/context.ts';
import { badRequest, conflict, notFound } from '../../platform/errors/http-error.ts';
import { todayOf } from '../case-records/index.ts';
import { billableEntries, lockTimeEntries, taskSettingsOf } from '../tasks/index.ts';
import { blobStorage } from '../../platform/storage/storage.service.ts';
import { invoicePdf } from './invoice-outputs.ts';
import * as repo from './invoices.repo.ts';

/** The storage area of the PDFs stored at issue. */
export const PDF_AREA = 'invoices';

/**
 * Renders the PDF of an invoice being issued and stores it in the issuing transaction's context (removed
 * again if the transaction rolls back). Downloads serve these bytes from then on.
 */
async function storePdf(tx: AppContext, organisationId: number, detail: InvoiceDetail): Promise<string> {
  const pdf = await invoicePdf(detail, await invoiceSettingsOf(tx, organisationId));
  return blobStorage(tx).put(PDF_AREA, pdf);
}

const isUniqueViolation = (error: unknown) =>
  /unique|duplicate key|constraint failed/i.test(error instanceof Error ? error.message : String(error));

/** Adds days to a YYYY-MM-DD day. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

function money(text: string, currency: string, field: string): number {
  const minor = parseMoney(text, currency);
  if (minor === null) {
    const places = currencyDecimals(currency);
    throw badRequest(M.amountDecimals(currency, places), { [field]: M.amountDecimals(currency, places) });
  }
  return minor;
}

export interface InvoiceSettingsFull extends InvoiceSettings {
  organisationId: number;
}

/** The organisation's invoice settings (defaults until saved) and the task tracker's billing increment. */
export async function invoiceSettingsOf(ctx: AppContext, organisationId: number): Promise<InvoiceSettings> {
  const row = await repo.findInvoiceSettings(ctx.db, organisationId);
  const tasks = await taskSettingsOf(ctx, organisationId);
  return {
    firm_name: await repo.organisationName(ctx.db, organisationId),
    firm_address: row?.firm_address ?? '',
    firm_tax_number: row?.firm_tax_number ?? '',
    ledes_firm_id: row?.ledes_firm_id ?? '',
    default_tax_rate_milli: row?.default_tax_rate_milli ?? D.default_tax_rate_milli,
    default_currency: (row?.default_currency ?? D.default_currency) as InvoiceCurrency,
    invoice_prefix: row?.invoice_prefix ?? D.invoice_prefix,
    credit_note_prefix: row?.credit_note_prefix ?? D.credit_note_prefix,
    billing_increment_minutes: tasks.billing_increment_minutes,
  };
}

function rowOf(row: repo.InvoiceListRow, today: string): InvoiceRow {
  const paid = Number(row.paid_minor);
  const credited = Number(row.credited_minor);
  const total = Number(row.total_minor);
  const open = row.kind === 'invoice' && ['issued', 'partially_paid', 'paid'].includes(row.status);
  return {
    id: row.id,
    kind: row.kind as InvoiceRow['kind'],
    number: row.number_text,
    sequence: row.number,
    status: row.status as InvoiceRow['status'],
    overdue: ['issued', 'partially_paid'].includes(row.status) && !!row.due_date && row.due_date < today,
    account_id: row.account_id,
    account_name: row.account_name,
    case_id: row.case_id,
    case_title: row.case_title,
    currency: row.currency as InvoiceCurrency,
    issue_date: row.issue_date,
    due_date: row.due_date,
    subtotal_minor: Number(row.subtotal_minor),
    tax_minor: Number(row.tax_minor),
    total_minor: total,
    paid_minor: paid,
    credited_minor: credited,
    balance_minor: open ? sumMinor([total, -paid, -credited], row.currency) : 0,
    credited_invoice_id: row.credited_invoice_id,
    created_at: row.created_at,
  };
}

/** Status after a payment or credit: settled when nothing is due, partially paid when something was paid. */
function settledStatus(balance: number, paid: number): 'issued' | 'partially_paid' | 'paid' {
  if (balance <= 0) return 'paid';
  return paid > 0 ? 'partially_paid' : 'issued';
}

type BuiltLine = Omit<Insertable<InvoiceLinesTable>, 'organisation_id' | 'invoice_id'>;

/** Invoices and client accounts (issue 16, docs/invoices.md): every rule; the Actor comes first. */
export function invoicesService(ctx: AppContext) {
  const dialect = dialectOf(ctx);
  const today = () => todayOf(ctx.now());
  const manage = (actor: Actor) => can(actor, 'invoices.manage');

  // ---- Accounts --------------------------------------------------------------------------------------------

  async function accountsOut(
    c: AppContext,
    organisationId: number,
    rows: repo.AccountRecord[],
  ): Promise<ClientAccount[]> {
    const ids = rows.map((r) => r.id);
    const cases = await repo.casesOfAccounts(c.db, dialect, organisationId, ids);
    const sums = await repo.accountMoney(c.db, dialect, organisationId, ids);
    return rows.map((r) => {
      const s = sums.get(r.id) ?? { invoiced: 0, paid: 0 };
      const accountCases = cases.get(r.id) ?? [];
      return {
        id: r.id,
        name: r.name,
        billing_address: r.billing_address,
        email: r.email,
        tax_number: r.tax_number,
        currency: r.currency as InvoiceCurrency,
        hourly_rate_minor: Number(r.hourly_rate_minor),
        payment_terms_days: r.payment_terms_days,
        ledes_client_id: r.ledes_client_id,
        cases: accountCases,
        case_ids: accountCases.map((x) => x.id),
        invoiced_minor: s.invoiced,
        paid_minor: s.paid,
        outstanding_minor: sumMinor([s.invoiced, -s.paid], r.currency),
        created_at: r.created_at,
        updated_at: r.updated_at,
      };
    });
  }

  async function requireAccount(c: AppContext, organisationId: number, id: number) {
    const account = await repo.findAccount(c.db, organisationId, id);
    if (!account) throw notFound();
    return account;
  }

  async function accountOut(organisationId: number, id: number) {
    const [out] = await accountsOut(ctx, organisationId, [await requireAccount(ctx, organisationId, id)]);
    return out!;
  }

  async function checkCases(c: AppContext, actor: Actor, accountId: number | null, caseIds: readonly number[]) {
    const unique = [...new Set(caseIds)];
    const found = await repo.casesByIds(c.db, dialect, actor.organisationId, unique);
    if (found.length !== unique.length) throw badRequest(M.unknownCase, { case_ids: M.unknownCase });
    for (const other of await repo.accountsOfCases(c.db, dialect, actor.organisationId, unique))
      if (other.account_id !== accountId) {
        const message = M.caseOnOtherAccount(other.title, other.name);
        throw conflict(message, { case_ids: message });
      }
    return unique;
  }

  async function saveAccount(actor: Actor, id: number | null, body: AccountBody) {
    const hourly = money(body.hourly_rate, body.currency, 'hourly_rate');
    return inTransaction(ctx, async (tx) => {
      const at = nowIso(tx);
      const sameName = await repo.findAccountByName(tx.db, actor.organisationId, body.name);
      if (sameName && sameName.id !== id) throw conflict(M.accountNameTaken, { name: M.accountNameTaken });
      if (id !== null) {
        const current = await requireAccount(tx, actor.organisationId, id);
        if (
          current.currency !== body.currency &&
          (await repo.countInvoicesOfAccount(tx.db, actor.organisationId, id, false)) > 0
        )
          throw conflict(M.accountCurrencyLocked, { currency: M.accountCurrencyLocked });
      }
      const caseIds = await checkCases(tx, actor, id, body.case_ids);
      const fields = {
        name: body.name,
        billing_address: body.billing_address,
        email: body.email,
        tax_number: body.tax_number,
        currency: body.currency,
        hourly_rate_minor: hourly,
        payment_terms_days: body.payment_terms_days,
        ledes_client_id: body.ledes_client_id,
        updated_at: at,
      };
      let accountId = id;
      try {
        if (accountId === null)
          accountId = await repo.insertAccount(tx.db, {
            ...fields,
            organisation_id: actor.organisationId,
            created_at: at,
          });
        else await repo.updateAccount(tx.db, actor.organisationId, accountId, fields);
        await repo.replaceAccountCases(tx.db, actor.organisationId, accountId, caseIds);
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(M.accountNameTaken, { name: M.accountNameTaken });
        throw error;
      }
      await auditService(tx).record(actor, 'client_account', accountId, id === null ? 'created' : 'updated', {
        name: body.name,
      });
      return accountId;
    });
  }

  // ---- Expenses --------------------------------------------------------------------------------------------

  function expenseOut(row: repo.ExpenseRow): Expense {
    const amount = Number(row.amount_minor);
    const quantity = Number(row.quantity_milli);
    return {
      id: row.id,
      account_id: row.account_id,
      account_name: row.account_name,
      case_id: row.case_id,
      case_title: row.case_title,
      date: row.date,
      description: row.description,
      currency: row.currency as InvoiceCurrency,
      amount_minor: amount,
      quantity_milli: quantity,
      tax_rate_milli: row.tax_rate_milli,
      total_minor: invoiceTotals(
        [{ kind: 'expense', quantity_milli: quantity, unit_price_minor: amount, tax_rate_milli: 0 }],
        row.currency,
      ).subtotal_minor,
      invoice_id: row.invoice_id,
      invoice_number: row.invoice_number,
      created_by_name: row.created_by_name,
      created_at: row.created_at,
    };
  }

  async function expenseById(organisationId: number, id: number): Promise<Expense> {
    const { rows } = await repo.listExpenses(ctx.db, dialect, organisationId, { ids: [id] }, 1, 0);
    if (!rows[0]) throw notFound();
    return expenseOut(rows[0]);
  }

  async function checkExpenseBody(c: AppContext, actor: Actor, body: ExpenseBody) {
    const account = await repo.findAccount(c.db, actor.organisationId, body.account_id);
    if (!account) throw badRequest(M.unknownAccount, { account_id: M.unknownAccount });
    if (body.case_id !== null) {
      const owner = await repo.accountsOfCases(c.db, dialect, actor.organisationId, [body.case_id]);
      if (owner[0]?.account_id !== account.id) throw badRequest(M.caseNotOfAccount, { case_id: M.caseNotOfAccount });
    }
    return {
      account_id: account.id,
      case_id: body.case_id,
      date: body.date,
      description: body.description,
      amount_minor: money(body.amount, account.currency, 'amount'),
      quantity_milli: parseQuantity(body.quantity)!,
      tax_rate_milli: parsePercent(body.tax_rate)!,
    };
  }

  async function requireUnbilledExpense(c: AppContext, actor: Actor, id: number) {
    const row = await repo.findExpense(c.db, actor.organisationId, id);
    if (!row) throw notFound();
    const [billed] = await repo.billedExpenseRows(c.db, dialect, actor.organisationId, [id]);
    if (billed) throw conflict(billed.number_text ? M.expenseHeld(billed.number_text) : M.expenseHeldByDraft);
    return row;
  }

  // ---- Drafts ----------------------------------------------------------------------------------------------

  /** The lines of a draft from its time entries, expenses and typed lines, with every amount from invoiceTotals. */
  async function buildLines(
    c: AppContext,
    actor: Actor,
    account: repo.AccountRecord,
    caseId: number | null,
    body: InvoiceDraftUpdateBody,
    invoiceId: number | null,
  ): Promise<{ lines: BuiltLine[]; timeIds: number[]; expenseIds: number[] }> {
    const currency = account.currency;
    const settings = await invoiceSettingsOf(c, actor.organisationId);
    const rate =
      body.hourly_rate !== undefined
        ? money(body.hourly_rate, currency, 'hourly_rate')
        : Number(account.hourly_rate_minor);
    const timeTax =
      body.time_tax_rate !== undefined ? parsePercent(body.time_tax_rate)! : settings.default_tax_rate_milli;
    const accountCases =
      (await repo.casesOfAccounts(c.db, dialect, actor.organisationId, [account.id])).get(account.id) ?? [];
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
        ? await repo.listExpenses(
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
  function applyTotals(lines: BuiltLine[], currency: string) {
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

  async function saveDraft(
    actor: Actor,
    invoiceId: number | null,
    accountId: number,
    body: InvoiceDraftUpdateBody,
  ): Promise<number> {
    return inTransaction(ctx, async (tx) => {
      const at = nowIso(tx);
      const account = await repo.findAccount(tx.db, actor.organisationId, accountId);
      if (!account) throw badRequest(M.unknownAccount, { account_id: M.unknownAccount });
      let caseTitle: string | null = null;
      if (body.case_id !== null) {
        const owner = await repo.accountsOfCases(tx.db, dialect, actor.organisationId, [body.case_id]);
        if (owner[0]?.account_id !== account.id) throw badRequest(M.caseNotOfAccount, { case_id: M.caseNotOfAccount });
        caseTitle = owner[0].title;
      }
      const built = await buildLines(tx, actor, account, body.case_id, body, invoiceId);
      const { lines, totals } = applyTotals(built.lines, account.currency);
      const fields = {
        case_id: body.case_id,
        case_title: caseTitle,
        issue_date: body.issue_date,
        notes: body.notes,
        subtotal_minor: totals.subtotal_minor,
        tax_minor: totals.tax_minor,
        total_minor: totals.total_minor,
        updated_at: at,
      };
      let id = invoiceId;
      if (id === null)
        id = await repo.insertInvoice(tx.db, {
          ...fields,
          organisation_id: actor.organisationId,
          account_id: account.id,
          kind: 'invoice',
          status: 'draft',
          currency: account.currency,
          account_snapshot: '{}',
          created_by: actor.userId,
          created_at: at,
        });
      else {
        if (!(await repo.claimDraft(tx.db, actor.organisationId, id, at))) throw conflict(M.issuedImmutable);
        await repo.updateInvoice(tx.db, actor.organisationId, id, fields);
        await repo.releaseBilled(tx.db, actor.organisationId, id);
      }
      const invoice = id;
      await repo.replaceLines(
        tx.db,
        actor.organisationId,
        invoice,
        lines.map((l) => ({ ...l, organisation_id: actor.organisationId, invoice_id: invoice })),
      );
      try {
        await repo.claimBilled(tx.db, actor.organisationId, invoice, built.timeIds, built.expenseIds);
      } catch (error) {
        // A concurrent draft claimed one of them between our check and our insert: the primary key decided.
        if (isUniqueViolation(error)) throw conflict(M.timeEntryOnDraft);
        throw error;
      }
      await auditService(tx).record(actor, 'invoice', invoice, invoiceId === null ? 'created' : 'updated', {
        account: account.name,
        total_minor: totals.total_minor,
      });
      return invoice;
    });
  }

  async function requireInvoice(c: AppContext, actor: Actor, id: number) {
    const invoice = await repo.findInvoice(c.db, actor.organisationId, id);
    if (!invoice) throw notFound();
    return invoice;
  }

  // ---- Detail ----------------------------------------------------------------------------------------------

  async function detail(actor: Actor, id: number): Promise<InvoiceDetail> {
    const row = await repo.invoiceRowOf(ctx.db, actor.organisationId, id);
    if (!row) throw notFound();
    const record = (await repo.findInvoice(ctx.db, actor.organisationId, id))!;
    const base = rowOf(row, today());
    const lines = await repo.linesOf(ctx.db, actor.organisationId, id);
    const totals = invoiceTotals(
      lines.map((l) => ({
        kind: l.kind as 'time',
        quantity_milli: Number(l.quantity_milli),
        unit_price_minor: Number(l.unit_price_minor),
        tax_rate_milli: l.tax_rate_milli,
        billed_minutes: l.billed_minutes,
        discount_percent_milli: l.discount_percent_milli,
      })),
      row.currency,
    );
    const payments = await repo.paymentsOf(ctx.db, actor.organisationId, id);
    const credits = await repo.creditNotesOf(ctx.db, actor.organisationId, id);
    const account =
      record.status === 'draft'
        ? await repo.findAccount(ctx.db, actor.organisationId, record.account_id)
        : (JSON.parse(record.account_snapshot) as repo.AccountRecord);
    const credited = record.credited_invoice_id
      ? await repo.findInvoice(ctx.db, actor.organisationId, record.credited_invoice_id)
      : undefined;
    const staff = manage(actor);
    const issued = record.kind === 'invoice' && ['issued', 'partially_paid', 'paid'].includes(record.status);
    const actions: InvoiceActions = {
      edit: staff && record.status === 'draft',
      delete: staff && record.status === 'draft',
      issue: staff && record.status === 'draft',
      void:
        staff &&
        record.kind === 'invoice' &&
        record.status === 'issued' &&
        payments.length === 0 &&
        credits.length === 0,
      pay: staff && issued && base.balance_minor > 0,
      credit_note: staff && issued && base.total_minor - base.credited_minor > 0,
      send: staff && record.status !== 'draft',
      download: true,
    };
    return {
      ...base,
      notes: record.notes,
      account: {
        name: account?.name ?? row.account_name,
        billing_address: account?.billing_address ?? '',
        email: account?.email ?? '',
        tax_number: account?.tax_number ?? '',
        ledes_client_id: account?.ledes_client_id ?? '',
      },
      credited_invoice_number: credited?.number_text ?? null,
      lines: lines.map((l) => ({
        id: l.id,
        position: l.position,
        kind: l.kind as InvoiceDetail['lines'][number]['kind'],
        description: l.description,
        date: l.date,
        quantity_milli: Number(l.quantity_milli),
        unit_price_minor: Number(l.unit_price_minor),
        tax_rate_milli: l.tax_rate_milli,
        discount_percent_milli: l.discount_percent_milli,
        amount_minor: Number(l.amount_minor),
        tax_minor: Number(l.tax_minor),
        time_entry_id: l.time_entry_id,
        expense_id: l.expense_id,
        raw_seconds: l.raw_seconds,
        billed_minutes: l.billed_minutes,
        uplift_seconds:
          l.billed_minutes !== null && l.raw_seconds !== null ? l.billed_minutes * 60 - l.raw_seconds : null,
        user_name: l.user_name,
        credited_line_id: l.credited_line_id,
      })),
      tax_by_rate: totals.tax_by_rate,
      payments: payments.map((p) => ({
        id: p.id,
        date: p.date,
        amount_minor: Number(p.amount_minor),
        method: p.method as InvoiceDetail['payments'][number]['method'],
        reference: p.reference,
        recorded_by_name: p.recorded_by_name,
        created_at: p.created_at,
      })),
      credit_notes: credits.map((n) => ({
        id: n.id,
        number: n.number_text,
        issue_date: n.issue_date,
        total_minor: Number(n.total_minor),
      })),
      issued_at: record.issued_at,
      issued_by_name: row.issued_by_name,
      voided_at: record.voided_at,
      created_by_name: row.created_by_name,
      updated_at: record.updated_at,
      has_pdf: record.pdf_storage_key !== null,
      actions,
    };
  }

  return {
    detail,
    settings: (actor: Actor) => invoiceSettingsOf(ctx, actor.organisationId),
    async saveSettings(actor: Actor, body: InvoiceSettingsBody) {
      await inTransaction(ctx, async (tx) => {
        await repo.saveInvoiceSettings(tx.db, {
          organisation_id: actor.organisationId,
          firm_address: body.firm_address,
          firm_tax_number: body.firm_tax_number,
          ledes_firm_id: body.ledes_firm_id,
          default_tax_rate_milli: parsePercent(body.default_tax_rate)!,
          default_currency: body.default_currency,
          invoice_prefix: body.invoice_prefix,
          credit_note_prefix: body.credit_note_prefix,
          updated_at: nowIso(tx),
        });
        await auditService(tx).record(actor, 'invoice_settings', null, 'updated', {});
      });
      return { detail: M.settingsSaved, settings: await invoiceSettingsOf(ctx, actor.organisationId) };
    },

    // Accounts
    async listAccounts(actor: Actor, query: AccountListQuery) {
      const { rows, total } = await repo.listAccounts(
        ctx.db,
        actor.organisationId,
        query.search_key || undefined,
        query.limits,
        (query.page_no - 1) * query.limits,
      );
      return {
        data: await accountsOut(ctx, actor.organisationId, rows),
        page: {
          page_no: query.page_no,
          limits: query.limits,
          total_count: total,
          total_pages: Math.ceil(total / query.limits),
        },
      };
    },
    account: (actor: Actor, id: number) => accountOut(actor.organisationId, id),
    async createAccount(actor: Actor, body: AccountBody) {
      const id = await saveAccount(actor, null, body);
      return { detail: M.accountCreated, account: await accountOut(actor.organisationId, id) };
    },
    async updateAccount(actor: Actor, id: number, body: AccountBody) {
      await requireAccount(ctx, actor.organisationId, id);
      await saveAccount(actor, id, body);
      return { detail: M.accountUpdated, account: await accountOut(actor.organisationId, id) };
    },
    async deleteAccount(actor: Actor, id: number) {
      await inTransaction(ctx, async (tx) => {
        const account = await requireAccount(tx, actor.organisationId, id);
        if ((await repo.countInvoicesOfAccount(tx.db, actor.organisationId, id, true)) > 0)
          throw conflict(M.accountHasInvoices);
        await repo.deleteAccount(tx.db, actor.organisationId, id);
        await auditService(tx).record(actor, 'client_account', id, 'deleted', { name: account.name });
      });
      return { detail: M.accountDeleted };
    },
    async unbilled(actor: Actor, accountId: number, caseId: number | undefined): Promise<UnbilledWork> {
      const account = await requireAccount(ctx, actor.organisationId, accountId);
      const settings = await invoiceSettingsOf(ctx, actor.organisationId);
      const cases =
        (await repo.casesOfAccounts(ctx.db, dialect, actor.organisationId, [accountId])).get(accountId) ?? [];
      const caseIds = cases.map((x) => x.id).filter((id) => caseId === undefined || id === caseId);
      const titles = new Map(cases.map((x) => [x.id, x.title]));
      const entries =
        caseIds.length > 0 ? await billableEntries(ctx.db, dialect, actor.organisationId, { caseIds }) : [];
      const billed = new Set(
        (
          await repo.billedTime(
            ctx.db,
            dialect,
            actor.organisationId,
            entries.map((e) => e.id),
          )
        ).map((b) => b.id),
      );
      const rate = Number(account.hourly_rate_minor);
      const { rows: expenses } = await repo.listExpenses(
        ctx.db,
        dialect,
        actor.organisationId,
        { accountId, billed: false, ...(caseId !== undefined ? { caseId } : {}) },
        10_000,
        0,
      );
      return {
        account_id: accountId,
        currency: account.currency as InvoiceCurrency,
        hourly_rate_minor: rate,
        billing_increment_minutes: settings.billing_increment_minutes,
        default_tax_rate_milli: settings.default_tax_rate_milli,
        time_entries: entries
          .filter((e) => !billed.has(e.id))
          .map((e) => {
            const minutes = billedMinutes(e.seconds, settings.billing_increment_minutes);
            return {
              id: e.id,
              date: e.date,
              case_id: e.case_id,
              case_title: e.case_id !== null ? (titles.get(e.case_id) ?? null) : null,
              task_id: e.task_id,
              task_title: e.task_title,
              user_id: e.user_id,
              user_name: e.user_name,
              activity_type: e.activity_type,
              note: e.note,
              raw_seconds: e.seconds,
              billed_minutes: minutes,
              uplift_seconds: minutes * 60 - e.seconds,
              rate_minor: rate,
              amount_minor: invoiceTotals(
                [
                  {
                    kind: 'time',
                    quantity_milli: 0,
                    unit_price_minor: rate,
                    tax_rate_milli: 0,
                    billed_minutes: minutes,
                  },
                ],
                account.currency,
              ).subtotal_minor,
            };
          }),
        expenses: expenses.map(expenseOut),
      };
    },

    // Expenses
    async listExpenses(actor: Actor, query: ExpenseListQuery) {
      const { rows, total } = await repo.listExpenses(
        ctx.db,
        dialect,
        actor.organisationId,
        {
          ...(query.account_id ? { accountId: query.account_id } : {}),
          ...(query.case_id ? { caseId: query.case_id } : {}),
          ...(query.billed !== undefined ? { billed: query.billed } : {}),
        },
        query.limits,
        (query.page_no - 1) * query.limits,
      );
      return {
        data: rows.map(expenseOut),
        page: {
          page_no: query.page_no,
          limits: query.limits,
          total_count: total,
          total_pages: Math.ceil(total / query.limits),
        },
      };
    },
    async createExpense(actor: Actor, body: ExpenseBody) {
      const id = await inTransaction(ctx, async (tx) => {
        const fields = await checkExpenseBody(tx, actor, body);
        const expenseId = await repo.insertExpense(tx.db, {
          ...fields,
          organisation_id: actor.organisationId,
          created_by: actor.userId,
          created_at: nowIso(tx),
        });
        await auditService(tx).record(actor, 'expense', expenseId, 'created', { description: body.description });
        return expenseId;
      });
      return { detail: M.expenseCreated, expense: await expenseById(actor.organisationId, id) };
    },
    async updateExpense(actor: Actor, id: number, body: ExpenseBody) {
      await inTransaction(ctx, async (tx) => {
        await requireUnbilledExpense(tx, actor, id);
        await repo.updateExpense(tx.db, actor.organisationId, id, await checkExpenseBody(tx, actor, body));
        await auditService(tx).record(actor, 'expense', id, 'updated', { description: body.description });
      });
      return { detail: M.expenseUpdated, expense: await expenseById(actor.organisationId, id) };
    },
    async deleteExpense(actor: Actor, id: number) {
      await inTransaction(ctx, async (tx) => {
        const row = await requireUnbilledExpense(tx, actor, id);
        await repo.deleteExpense(tx.db, actor.organisationId, id);
        await auditService(tx).record(actor, 'expense', id, 'deleted', { description: row.description });
      });
      return { detail: M.expenseDeleted };
    },

    // Invoices
    async list(actor: Actor, query: InvoiceListQuery) {
      const { rows, total } = await repo.listInvoices(
        ctx.db,
        actor.organisationId,
        filterOf(query, today()),
        query.limits,
        (query.page_no - 1) * query.limits,
      );
      return {
        data: rows.map((r) => rowOf(r, today())),
        page: {
          page_no: query.page_no,
          limits: query.limits,
          total_count: total,
          total_pages: Math.ceil(total / query.limits),
        },
      };
    },
    async exportRows(actor: Actor, query: Omit<InvoiceListQuery, 'page_no' | 'limits'>) {
      const { rows } = await repo.listInvoices(ctx.db, actor.organisationId, filterOf(query, today()), 100_000, 0);
      return rows.map((r) => rowOf(r, today()));
    },
    async createDraft(actor: Actor, body: InvoiceDraftUpdateBody & { account_id: number }) {
      const id = await saveDraft(actor, null, body.account_id, body);
      return { detail: M.draftCreated, invoice: await detail(actor, id) };
    },
    async updateDraft(actor: Actor, id: number, body: InvoiceDraftUpdateBody) {
      const invoice = await requireInvoice(ctx, actor, id);
      if (invoice.status !== 'draft') throw conflict(M.issuedImmutable);
      await saveDraft(actor, id, invoice.account_id, body);
      return { detail: M.draftUpdated, invoice: await detail(actor, id) };
    },
    async deleteDraft(actor: Actor, id: number) {
      await inTransaction(ctx, async (tx) => {
        const invoice = await requireInvoice(tx, actor, id);
        if (invoice.status !== 'draft') throw conflict(M.onlyDraftDeleted);
        await repo.deleteInvoice(tx.db, actor.organisationId, id);
        await auditService(tx).record(actor, 'invoice', id, 'deleted', {});
      });
      return { detail: M.draftDeleted };
    },

    /**
     * Issues a draft: in one transaction the draft is claimed (still a draft), the next number of its series
     * taken, the due date set, the account frozen into the invoice and the PDF rendered and stored.
     */
    async issue(actor: Actor, id: number, issueDate: string | null) {
      const number = await inTransaction(ctx, async (tx) => {
        const at = nowIso(tx);
        const invoice = await requireInvoice(tx, actor, id);
        if (invoice.status !== 'draft' || !(await repo.claimDraft(tx.db, actor.organisationId, id, at)))
          throw conflict(M.notDraft);
        const lines = await repo.linesOf(tx.db, actor.organisationId, id);
        if (lines.length === 0) throw badRequest(M.emptyInvoice);
        if (Number(invoice.total_minor) < 0) throw badRequest(M.negativeTotal);
        const account = (await repo.findAccount(tx.db, actor.organisationId, invoice.account_id))!;
        const settings = await invoiceSettingsOf(tx, actor.organisationId);
        const day = issueDate ?? invoice.issue_date ?? todayOf(tx.now());
        const taken = await repo.takeNumber(tx.db, actor.organisationId, 'invoice', settings.invoice_prefix);
        const text = `${settings.invoice_prefix}${taken.number}`;
        await repo.updateInvoice(tx.db, actor.organisationId, id, {
          status: 'issued',
          series_id: taken.seriesId,
          number: taken.number,
          number_text: text,
          issue_date: day,
          due_date: addDays(day, account.payment_terms_days),
          account_snapshot: JSON.stringify(account),
          issued_by: actor.userId,
          issued_at: at,
          updated_at: at,
        });
        const key = await storePdf(tx, actor.organisationId, await invoicesService(tx).detail(actor, id));
        await repo.updateInvoice(tx.db, actor.organisationId, id, { pdf_storage_key: key });
        await auditService(tx).record(actor, 'invoice', id, 'issued', { number: text });
        return text;
      });
      return { detail: M.issued(number), invoice: await detail(actor, id) };
    },

    async void(actor: Actor, id: number) {
      await inTransaction(ctx, async (tx) => {
        await repo.lockInvoice(tx.db, dialect, actor.organisationId, id);
        const current = await invoicesService(tx).detail(actor, id);
        if (!current.actions.void) throw conflict(M.cannotVoid);
        const at = nowIso(tx);
        await repo.updateInvoice(tx.db, actor.organisationId, id, { status: 'void', voided_at: at, updated_at: at });
        await repo.releaseBilled(tx.db, actor.organisationId, id);
        await auditService(tx).record(actor, 'invoice', id, 'voided', { number: current.number });
      });
      return { detail: M.voided, invoice: await detail(actor, id) };
    },

    async addPayment(actor: Actor, id: number, body: PaymentBody) {
      await inTransaction(ctx, async (tx) => {
        await repo.lockInvoice(tx.db, dialect, actor.organisationId, id);
        const current = await invoicesService(tx).detail(actor, id);
        if (current.kind !== 'invoice' || !['issued', 'partially_paid', 'paid'].includes(current.status))
          throw conflict(M.paymentNotIssued);
        const amount = money(body.amount, current.currency, 'amount');
        if (amount > current.balance_minor) {
          const message = M.paymentTooLarge(formatMoney(current.balance_minor, current.currency));
          throw badRequest(message, { amount: message });
        }
        await repo.insertPayment(tx.db, {
          organisation_id: actor.organisationId,
          invoice_id: id,
          date: body.date,
          amount_minor: amount,
          method: body.method,
          reference: body.reference,
          recorded_by: actor.userId,
          created_at: nowIso(tx),
        });
        const paid = current.paid_minor + amount;
        await repo.updateInvoice(tx.db, actor.organisationId, id, {
          status: settledStatus(current.balance_minor - amount, paid),
          updated_at: nowIso(tx),
        });
        await auditService(tx).record(actor, 'invoice', id, 'payment.recorded', {
          number: current.number,
          amount_minor: amount,
        });
      });
      return { detail: M.paymentRecorded, invoice: await detail(actor, id) };
    },

    async deletePayment(actor: Actor, id: number, paymentId: number) {
      await inTransaction(ctx, async (tx) => {
        await repo.lockInvoice(tx.db, dialect, actor.organisationId, id);
        await requireInvoice(tx, actor, id);
        const payment = await repo.findPayment(tx.db, actor.organisationId, id, paymentId);
        if (!payment) throw notFound();
        await repo.deletePayment(tx.db, actor.organisationId, paymentId);
        const current = await invoicesService(tx).detail(actor, id);
        await repo.updateInvoice(tx.db, actor.organisationId, id, {
          status: settledStatus(current.balance_minor, current.paid_minor),
          updated_at: nowIso(tx),
        });
        await auditService(tx).record(actor, 'invoice', id, 'payment.deleted', { number: current.number });
      });
      return { detail: M.paymentDeleted, invoice: await detail(actor, id) };
    },

    /** A credit note: the negative of the chosen lines (default: every line not yet credited), issued at once. */
    async creditNote(actor: Actor, id: number, body: CreditNoteBody) {
      const result = await inTransaction(ctx, async (tx) => {
        await repo.lockInvoice(tx.db, dialect, actor.organisationId, id);
        const current = await invoicesService(tx).detail(actor, id);
        if (!current.actions.credit_note) throw conflict(M.creditNotIssued);
        const credited = await repo.creditedLineIds(tx.db, actor.organisationId, id);
        const chosen = body.line_ids
          ? current.lines.filter((l) => body.line_ids!.includes(l.id))
          : current.lines.filter((l) => !credited.has(l.id));
        if (body.line_ids && chosen.length !== new Set(body.line_ids).size)
          throw badRequest(M.unknownLine, { line_ids: M.unknownLine });
        if (chosen.length === 0 || chosen.some((l) => credited.has(l.id))) throw conflict(M.lineCredited);
        const lines: BuiltLine[] = chosen.map((l, index) => ({
          position: index + 1,
          kind: l.kind,
          description: l.description,
          date: l.date,
          quantity_milli: l.quantity_milli,
          unit_price_minor: -l.unit_price_minor,
          tax_rate_milli: l.tax_rate_milli,
          discount_percent_milli: null,
          amount_minor: 0,
          tax_minor: 0,
          time_entry_id: null,
          expense_id: null,
          credited_line_id: l.id,
          raw_seconds: l.raw_seconds,
          billed_minutes: l.billed_minutes,
          user_name: l.user_name,
        }));
        // A percentage discount is credited as the amount it took off on the invoice.
        for (const [index, l] of chosen.entries())
          if (l.kind === 'discount') {
            lines[index]!.quantity_milli = 1000;
            lines[index]!.unit_price_minor = l.amount_minor;
          }
        const { lines: priced, totals } = applyTotals(lines, current.currency);
        const left = current.total_minor - current.credited_minor;
        if (-totals.total_minor > left) throw badRequest(M.creditTooLarge(formatMoney(left, current.currency)));
        const at = nowIso(tx);
        const settings = await invoiceSettingsOf(tx, actor.organisationId);
        const day = body.issue_date ?? todayOf(tx.now());
        const record = (await repo.findInvoice(tx.db, actor.organisationId, id))!;
        const taken = await repo.takeNumber(tx.db, actor.organisationId, 'credit_note', settings.credit_note_prefix);
        const text = `${settings.credit_note_prefix}${taken.number}`;
        const noteId = await repo.insertInvoice(tx.db, {
          organisation_id: actor.organisationId,
          account_id: record.account_id,
          case_id: record.case_id,
          case_title: record.case_title,
          kind: 'credit_note',
          credited_invoice_id: id,
          series_id: taken.seriesId,
          number: taken.number,
          number_text: text,
          status: 'issued',
          currency: record.currency,
          issue_date: day,
          due_date: day,
          notes: body.reason,
          account_snapshot: record.account_snapshot,
          subtotal_minor: totals.subtotal_minor,
          tax_minor: totals.tax_minor,
          total_minor: totals.total_minor,
          created_by: actor.userId,
          issued_by: actor.userId,
          issued_at: at,
          created_at: at,
          updated_at: at,
        });
        await repo.replaceLines(
          tx.db,
          actor.organisationId,
          noteId,
          priced.map((l) => ({ ...l, organisation_id: actor.organisationId, invoice_id: noteId })),
        );
        const key = await storePdf(tx, actor.organisationId, await invoicesService(tx).detail(actor, noteId));
        await repo.updateInvoice(tx.db, actor.organisationId, noteId, { pdf_storage_key: key });
        const after = await invoicesService(tx).detail(actor, id);
        await repo.updateInvoice(tx.db, actor.organisationId, id, {
          status: settledStatus(after.balance_minor, after.paid_minor),
          updated_at: at,
        });
        await auditService(tx).record(actor, 'invoice', id, 'credited', { number: current.number, credit_note: text });
        return { noteId, text };
      });
      return { detail: M.creditNoteIssued(result.text), invoice: await detail(actor, result.noteId) };
    },

    async summary(actor: Actor): Promise<InvoiceSummary> {
      const day = today();
      const open = await repo.openInvoices(ctx.db, actor.organisationId);
      const monthStart = `${day.slice(0, 7)}-01`;
      const paid = await repo.paymentsBetween(ctx.db, actor.organisationId, monthStart, day);
      const currencies = [...new Set([...open.map((r) => r.currency), ...paid.map((p) => p.currency)])].sort();
      const recent = await repo.listInvoices(ctx.db, actor.organisationId, { today: day }, 5, 0);
      return {
        today: day,
        currencies: currencies.map((currency) => {
          const rows = open.filter((r) => r.currency === currency).map((r) => rowOf(r, day));
          const ageing = AGEING_BUCKETS.map((b) => ({ key: b.key, label: b.label, amount_minor: 0, count: 0 }));
          for (const r of rows) {
            const late = r.due_date ? daysBetween(r.due_date, day) : 0;
            const index = AGEING_BUCKETS.findIndex(
              (b) => (b.from === null || late >= b.from) && (b.to === null || late <= b.to),
            );
            const bucket = ageing[index]!;
            bucket.amount_minor = sumMinor([bucket.amount_minor, r.balance_minor], currency);
            bucket.count += 1;
          }
          const overdue = rows.filter((r) => r.overdue);
          return {
            currency: currency as InvoiceCurrency,
            outstanding_minor: sumMinor(
              rows.map((r) => r.balance_minor),
              currency,
            ),
            outstanding_count: rows.length,
            overdue_minor: sumMinor(
              overdue.map((r) => r.balance_minor),
              currency,
            ),
            overdue_count: overdue.length,
            paid_this_month_minor: Number(paid.find((p) => p.currency === currency)?.total ?? 0),
            ageing,
          };
        }),
        recent: recent.rows.map((r) => rowOf(r, day)),
      };
    },
  };
}

function filterOf(query: Partial<InvoiceListQuery>, today: string): repo.InvoiceFilter {
  return {
    today,
    ...(query.status ? { status: query.status } : {}),
    ...(query.kind ? { kind: query.kind } : {}),
    ...(query.account_id ? { accountId: query.account_id } : {}),
    ...(query.case_id ? { caseId: query.case_id } : {}),
    ...(query.date_from ? { dateFrom: query.date_from } : {}),
    ...(query.date_to ? { dateTo: query.date_to } : {}),
    ...(query.search_key ? { search: query.search_key } : {}),
  };
}
