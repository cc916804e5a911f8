import {
  invoiceMessages as M,
  billedMinutes,
  invoiceTotals,
  parsePercent,
  parseQuantity,
  sumMinor,
  type AccountBody,
  type AccountListQuery,
  type ClientAccount,
  type Expense,
  type ExpenseBody,
  type ExpenseListQuery,
  type InvoiceCurrency,
  type UnbilledWork,
} from '@lexdesk/contract';
import { dialectOf } from '../../db/dialect.ts';
import type { Actor } from '../../platform/access/actor.ts';
import { auditService } from '../../platform/audit/audit.service.ts';
import { inTransaction, nowIso, type AppContext } from '../../platform/context.ts';
import { badRequest, conflict, notFound } from '../../platform/errors/http-error.ts';
import { billableEntries } from '../tasks/index.ts';
import * as accountsRepo from './accounts.repo.ts';
import * as repo from './invoices.repo.ts';
import { invoiceSettingsOf, isUniqueViolation, money } from './invoice-common.ts';

/** Client accounts and their expenses (issue 16, docs/invoices.md): every rule; the Actor comes first. */
export function clientAccountsService(ctx: AppContext) {
  const dialect = dialectOf(ctx);

  // ---- Accounts --------------------------------------------------------------------------------------------

  async function accountsOut(
    c: AppContext,
    organisationId: number,
    rows: accountsRepo.AccountRecord[],
  ): Promise<ClientAccount[]> {
    const ids = rows.map((r) => r.id);
    const cases = await accountsRepo.casesOfAccounts(c.db, dialect, organisationId, ids);
    const sums = await accountsRepo.accountMoney(c.db, dialect, organisationId, ids);
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
    const account = await accountsRepo.findAccount(c.db, organisationId, id);
    if (!account) throw notFound();
    return account;
  }

  async function accountOut(organisationId: number, id: number) {
    const [out] = await accountsOut(ctx, organisationId, [await requireAccount(ctx, organisationId, id)]);
    return out!;
  }

  async function checkCases(c: AppContext, actor: Actor, accountId: number | null, caseIds: readonly number[]) {
    const unique = [...new Set(caseIds)];
    const found = await accountsRepo.casesByIds(c.db, dialect, actor.organisationId, unique);
    if (found.length !== unique.length) throw badRequest(M.unknownCase, { case_ids: M.unknownCase });
    for (const other of await accountsRepo.accountsOfCases(c.db, dialect, actor.organisationId, unique))
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
      const sameName = await accountsRepo.findAccountByName(tx.db, actor.organisationId, body.name);
      if (sameName && sameName.id !== id) throw conflict(M.accountNameTaken, { name: M.accountNameTaken });
      if (id !== null) {
        const current = await requireAccount(tx, actor.organisationId, id);
        if (
          current.currency !== body.currency &&
          (await accountsRepo.countInvoicesOfAccount(tx.db, actor.organisationId, id, false)) > 0
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
          accountId = await accountsRepo.insertAccount(tx.db, {
            ...fields,
            organisation_id: actor.organisationId,
            created_at: at,
          });
        else await accountsRepo.updateAccount(tx.db, actor.organisationId, accountId, fields);
        await accountsRepo.replaceAccountCases(tx.db, actor.organisationId, accountId, caseIds);
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(M.accountNameTaken, { name: M.accountNameTaken });
        throw error;
      }
      await auditService(tx).record(actor, 'client_account', accountId, id === null ? 'created' : 'updated');
      return accountId;
    });
  }

  // ---- Expenses --------------------------------------------------------------------------------------------

  function expenseOut(row: accountsRepo.ExpenseRow): Expense {
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
    const { rows } = await accountsRepo.listExpenses(ctx.db, dialect, organisationId, { ids: [id] }, 1, 0);
    if (!rows[0]) throw notFound();
    return expenseOut(rows[0]);
  }

  async function checkExpenseBody(c: AppContext, actor: Actor, body: ExpenseBody) {
    const account = await accountsRepo.findAccount(c.db, actor.organisationId, body.account_id);
    if (!account) throw badRequest(M.unknownAccount, { account_id: M.unknownAccount });
    if (body.case_id !== null) {
      const owner = await accountsRepo.accountsOfCases(c.db, dialect, actor.organisationId, [body.case_id]);
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
    const row = await accountsRepo.findExpense(c.db, actor.organisationId, id);
    if (!row) throw notFound();
    const [billed] = await repo.billedExpenseRows(c.db, dialect, actor.organisationId, [id]);
    if (billed) throw conflict(billed.number_text ? M.expenseHeld(billed.number_text) : M.expenseHeldByDraft);
    return row;
  }

  return {
    async listAccounts(actor: Actor, query: AccountListQuery) {
      const { rows, total } = await accountsRepo.listAccounts(
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
        await requireAccount(tx, actor.organisationId, id);
        if ((await accountsRepo.countInvoicesOfAccount(tx.db, actor.organisationId, id, true)) > 0)
          throw conflict(M.accountHasInvoices);
        await accountsRepo.deleteAccount(tx.db, actor.organisationId, id);
        await auditService(tx).record(actor, 'client_account', id, 'deleted');
      });
      return { detail: M.accountDeleted };
    },
    async unbilled(actor: Actor, accountId: number, caseId: number | undefined): Promise<UnbilledWork> {
      const account = await requireAccount(ctx, actor.organisationId, accountId);
      const settings = await invoiceSettingsOf(ctx, actor.organisationId);
      const cases =
        (await accountsRepo.casesOfAccounts(ctx.db, dialect, actor.organisationId, [accountId])).get(accountId) ?? [];
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
      const { rows: expenses } = await accountsRepo.listExpenses(
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
      const { rows, total } = await accountsRepo.listExpenses(
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
        const expenseId = await accountsRepo.insertExpense(tx.db, {
          ...fields,
          organisation_id: actor.organisationId,
          created_by: actor.userId,
          created_at: nowIso(tx),
        });
        await auditService(tx).record(actor, 'expense', expenseId, 'created', { account_id: body.account_id });
        return expenseId;
      });
      return { detail: M.expenseCreated, expense: await expenseById(actor.organisationId, id) };
    },
    async updateExpense(actor: Actor, id: number, body: ExpenseBody) {
      await inTransaction(ctx, async (tx) => {
        await requireUnbilledExpense(tx, actor, id);
        await accountsRepo.updateExpense(tx.db, actor.organisationId, id, await checkExpenseBody(tx, actor, body));
        await auditService(tx).record(actor, 'expense', id, 'updated');
      });
      return { detail: M.expenseUpdated, expense: await expenseById(actor.organisationId, id) };
    },
    async deleteExpense(actor: Actor, id: number) {
      await inTransaction(ctx, async (tx) => {
        await requireUnbilledExpense(tx, actor, id);
        await accountsRepo.deleteExpense(tx.db, actor.organisationId, id);
        await auditService(tx).record(actor, 'expense', id, 'deleted');
      });
      return { detail: M.expenseDeleted };
    },
  };
}
