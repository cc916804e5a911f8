import { can, invoiceTotals, type InvoiceActions, type InvoiceDetail } from '@lexdesk/contract';
import type { Actor } from '../../platform/access/actor.ts';
import { type AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors/http-error.ts';
import { todayOf } from '../case-records/index.ts';
import * as accountsRepo from './accounts.repo.ts';
import * as repo from './invoices.repo.ts';
import { rowOf } from './invoice-common.ts';

/** An invoice as its page, its PDF and its outputs read it: lines, payments, credit notes and the actions allowed. */
export async function invoiceDetail(ctx: AppContext, actor: Actor, id: number): Promise<InvoiceDetail> {
  const today = () => todayOf(ctx.now());
  const manage = (a: Actor) => can(a, 'invoices.manage');
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
      ? await accountsRepo.findAccount(ctx.db, actor.organisationId, record.account_id)
      : (JSON.parse(record.account_snapshot) as accountsRepo.AccountRecord);
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
      staff && record.kind === 'invoice' && record.status === 'issued' && payments.length === 0 && credits.length === 0,
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
