import {
  AGEING_BUCKETS,
  invoiceMessages as M,
  formatMoney,
  parsePercent,
  sumMinor,
  type CreditNoteBody,
  type InvoiceCurrency,
  type InvoiceDraftUpdateBody,
  type InvoiceListQuery,
  type InvoiceSettingsBody,
  type InvoiceSummary,
  type PaymentBody,
} from '@lexdesk/contract';
import { dialectOf } from '../../db/dialect.ts';
import type { Actor } from '../../platform/access/actor.ts';
import { auditService } from '../../platform/audit/audit.service.ts';
import { inTransaction, nowIso, type AppContext } from '../../platform/context.ts';
import { badRequest, conflict, notFound } from '../../platform/errors/http-error.ts';
import { todayOf } from '../case-records/index.ts';
import * as accountsRepo from './accounts.repo.ts';
import * as repo from './invoices.repo.ts';
import {
  type BuiltLine,
  addDays,
  daysBetween,
  invoiceSettingsOf,
  isUniqueViolation,
  withIssuedNumber,
  money,
  rowOf,
  settledStatus,
  storePdf,
} from './invoice-common.ts';
import { applyTotals, buildLines } from './invoice-lines.ts';
import { invoiceDetail } from './invoice-detail.ts';

/**
 * Invoices (issue 16, docs/invoices.md): drafts, issue, payments, credit notes; the Actor comes first. Client
 * accounts and expenses: client-accounts.service.ts; the lines of a draft: invoice-lines.ts.
 */
export function invoicesService(ctx: AppContext) {
  const dialect = dialectOf(ctx);
  const today = () => todayOf(ctx.now());

  async function saveDraft(
    actor: Actor,
    invoiceId: number | null,
    accountId: number,
    body: InvoiceDraftUpdateBody,
  ): Promise<number> {
    return inTransaction(ctx, async (tx) => {
      const at = nowIso(tx);
      const account = await accountsRepo.findAccount(tx.db, actor.organisationId, accountId);
      if (!account) throw badRequest(M.unknownAccount, { account_id: M.unknownAccount });
      let caseTitle: string | null = null;
      if (body.case_id !== null) {
        const owner = await accountsRepo.accountsOfCases(tx.db, dialect, actor.organisationId, [body.case_id]);
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
        account_id: account.id,
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

  const detail = (actor: Actor, id: number) => invoiceDetail(ctx, actor, id);

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
        const account = (await accountsRepo.findAccount(tx.db, actor.organisationId, invoice.account_id))!;
        const settings = await invoiceSettingsOf(tx, actor.organisationId);
        const day = issueDate ?? invoice.issue_date ?? todayOf(tx.now());
        const taken = await repo.takeNumber(tx.db, actor.organisationId, 'invoice', settings.invoice_prefix);
        const text = `${settings.invoice_prefix}${taken.number}`;
        await withIssuedNumber(text, () =>
          repo.updateInvoice(tx.db, actor.organisationId, id, {
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
          }),
        );
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
        const noteId = await withIssuedNumber(text, () =>
          repo.insertInvoice(tx.db, {
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
          }),
        );
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
