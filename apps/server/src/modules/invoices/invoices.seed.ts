import { MODULE_FLAGS } from '@lexdesk/contract';
import type { Actor } from '../../platform/access/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { casesService, DEMO_CASES } from '../cases/index.ts';
import { usersService } from '../users/index.ts';
import { findAccountByName } from './accounts.repo.ts';
import { clientAccountsService } from './client-accounts.service.ts';
import { invoicesService } from './invoices.service.ts';

export const DEMO_ACCOUNTS = ['Harbour Logistics Ltd', 'Meridian Holdings plc'] as const;

/**
 * Demo billing of Demo Law LLP (docs/invoices.md): two client accounts on the demo cases, and invoices built
 * through the service — one paid, one partially paid, one issued — plus a draft. Idempotent.
 */
export async function seedDemoInvoices(ctx: AppContext): Promise<void> {
  const admin = await usersService(ctx).findByEmail('admin@example.com');
  if (!admin) return;
  const organisationId = admin.organisationId;
  if (await findAccountByName(ctx.db, organisationId, DEMO_ACCOUNTS[0])) return;
  const actor: Actor = {
    userId: admin.id,
    organisationId,
    role: admin.role,
    plan: 'Associate',
    modules: Object.fromEntries(MODULE_FLAGS.map((flag) => [flag, true])) as Actor['modules'],
    sessionId: 0,
  };
  const titles = DEMO_CASES.filter((c) => c.organisation === 'demo').map((c) => c.body.title);
  const cases = await casesService(ctx).list(actor, {
    page_no: 1,
    limits: 200,
    sort_by: 'updated',
    sort_order: 'desc',
  });
  const caseIds = titles.map((t) => cases.data.find((row) => row.title === t)?.id).filter((id): id is number => !!id);
  const invoices = invoicesService(ctx);
  const accounts = clientAccountsService(ctx);
  const first = await accounts.createAccount(actor, {
    name: DEMO_ACCOUNTS[0],
    billing_address: '1 Quay Street\nBristol BS1 4XE',
    email: 'accounts@harbour-logistics.example',
    tax_number: 'GB123456789',
    currency: 'GBP',
    hourly_rate: '250.00',
    payment_terms_days: 30,
    ledes_client_id: 'HARBOUR',
    case_ids: caseIds.slice(0, 1),
  });
  const second = await accounts.createAccount(actor, {
    name: DEMO_ACCOUNTS[1],
    billing_address: '20 Fenchurch Street\nLondon EC3M 3BY',
    email: 'ap@meridian.example',
    tax_number: '',
    currency: 'GBP',
    hourly_rate: '300.00',
    payment_terms_days: 14,
    ledes_client_id: 'MERIDIAN',
    case_ids: caseIds.slice(1, 2),
  });
  const accountId = first.account.id;
  // Dates count back from today, so the demo always shows a paid, a partly paid, an overdue invoice and a draft.
  const daysAgo = (days: number) => new Date(ctx.now().getTime() - days * 86_400_000).toISOString().slice(0, 10);
  const caseId = caseIds[0] ?? null;
  const expense = await accounts.createExpense(actor, {
    account_id: accountId,
    case_id: caseId,
    date: daysAgo(49),
    description: 'Court fee',
    amount: '455.00',
    quantity: '1',
    tax_rate: '0',
  });
  const draft = (
    lines: { description: string; unit_price: string; quantity?: string }[],
    expenseIds: number[] = [],
    account = accountId,
  ) =>
    invoices.createDraft(actor, {
      account_id: account,
      case_id: account === accountId ? caseId : null,
      time_entry_ids: [],
      expense_ids: expenseIds,
      lines: lines.map((l) => ({
        kind: 'fixed_fee' as const,
        description: l.description,
        quantity: l.quantity ?? '1',
        unit_price: l.unit_price,
        tax_rate: '20',
        date: null,
      })),
      issue_date: null,
      notes: '',
    });
  const paid = await draft(
    [{ description: 'Initial advice on the carriage claim', unit_price: '1500.00' }],
    [expense.expense.id],
  );
  await invoices.issue(actor, paid.invoice.id, daysAgo(46));
  await invoices.addPayment(actor, paid.invoice.id, {
    date: daysAgo(29),
    amount: '2255.00',
    method: 'bank_transfer',
    reference: 'HL-0001',
  });
  const partial = await draft([{ description: 'Letter before claim', unit_price: '2000.00' }]);
  await invoices.issue(actor, partial.invoice.id, daysAgo(28));
  await invoices.addPayment(actor, partial.invoice.id, {
    date: daysAgo(10),
    amount: '1000.00',
    method: 'card',
    reference: '',
  });
  const open = await draft(
    [{ description: 'Review of the share purchase agreement', unit_price: '300.00', quantity: '4.5' }],
    [],
    second.account.id,
  );
  await invoices.issue(actor, open.invoice.id, daysAgo(20));
  await draft([{ description: 'Mediation preparation', unit_price: '750.00' }]);
}
