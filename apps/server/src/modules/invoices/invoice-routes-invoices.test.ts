/**
 * The invoice routes, one by one: list (filters), draft create / read / change / delete, issue, void,
 * payments (add, delete), credit notes, summary. Each: the happy path, the contract's messages, each role
 * (super and admin manage, a user reads → 403 on writes), another organisation (404) and no token (401).
 */
import {
  invoiceMessages as M,
  type InvoiceDetail,
  type InvoiceList,
  type InvoiceSaved,
  type InvoiceSummary,
} from '@lexdesk/contract';
import { expect, it } from 'vitest';
import { describeEachDatabase, type Harness } from '../../../test/harness.ts';
import { tokensOf, type Tokens } from '../tasks/task-test-helpers.ts';
import { account, caseOf, detailOf, draft, issuedInvoice } from './invoice-test-helpers.ts';

const fee = (price = '100.00', extra: object = {}) => ({
  kind: 'fixed_fee',
  description: 'Fee',
  unit_price: price,
  ...extra,
});

/** A write every non-staff or foreign caller is refused: user 403, other organisation 404, no token 401. */
async function staffOnly(h: Harness, t: Tokens, method: 'POST' | 'PUT' | 'DELETE', url: string, body?: object) {
  const opts = body === undefined ? {} : { body };
  expect((await h.request(method, url, { token: t.user, ...opts })).statusCode).toBe(403);
  expect((await h.request(method, url, { token: t.other, ...opts })).statusCode).toBe(404);
  expect((await h.request(method, url, opts)).statusCode).toBe(401);
}

describeEachDatabase('invoice routes: drafts, issue, void, payments, credit notes, list, summary', (h) => {
  it('drafts: create, read, change, delete', async () => {
    const t = await tokensOf(h());
    const caseId = await caseOf(h(), t.admin);
    const acc = await account(h(), t.admin, [caseId]);
    const body = { account_id: acc.id, case_id: caseId, lines: [fee()], notes: 'Thanks' };
    expect((await h().request('POST', '/api/invoice/', { token: t.user, body })).statusCode).toBe(403);
    expect((await h().request('POST', '/api/invoice/', { body })).statusCode).toBe(401);
    // Another organisation cannot bill this account.
    const foreign = await h().request('POST', '/api/invoice/', { token: t.other, body: { ...body, case_id: null } });
    expect(detailOf(foreign, 400)).toBe(M.unknownAccount);
    const created = await h().request('POST', '/api/invoice/', { token: t.super, body });
    expect(created.statusCode, created.body).toBe(201);
    const inv = created.json<InvoiceSaved>();
    expect(inv).toMatchObject({
      detail: M.draftCreated,
      invoice: { status: 'draft', number: null, total_minor: 10000 },
    });
    expect(inv.invoice.actions).toMatchObject({ edit: true, delete: true, issue: true, send: false, pay: false });
    const url = `/api/invoice/${inv.invoice.id}/`;
    for (const token of [t.super, t.admin, t.user])
      expect((await h().request('GET', url, { token })).statusCode).toBe(200);
    const asUser = await h().request('GET', url, { token: t.user });
    expect(asUser.json<InvoiceDetail>().actions).toMatchObject({
      edit: false,
      delete: false,
      issue: false,
      download: true,
    });
    expect((await h().request('GET', url, { token: t.other })).statusCode).toBe(404);
    expect((await h().request('GET', url)).statusCode).toBe(401);
    expect((await h().request('GET', '/api/invoice/999999/', { token: t.admin })).statusCode).toBe(404);

    await staffOnly(h(), t, 'PUT', url, { lines: [fee('5')] });
    const changed = await h().request('PUT', url, {
      token: t.admin,
      body: { lines: [fee('5', { quantity: '2', tax_rate: '9.975' })], time_tax_rate: '5' },
    });
    expect(changed.json<InvoiceSaved>()).toMatchObject({
      detail: M.draftUpdated,
      invoice: { subtotal_minor: 1000, tax_minor: 100, total_minor: 1100, case_id: null, notes: '' },
    });
    await staffOnly(h(), t, 'DELETE', url);
    const removed = await h().request('DELETE', url, { token: t.admin });
    expect(removed.json<{ detail: string }>().detail).toBe(M.draftDeleted);
    expect((await h().request('GET', url, { token: t.admin })).statusCode).toBe(404);
  });

  it('drafts: every validation message', async () => {
    const { admin } = await tokensOf(h());
    const caseId = await caseOf(h(), admin);
    const acc = await account(h(), admin, [caseId]);
    const post = (body: object) =>
      h().request('POST', '/api/invoice/', { token: admin, body: { account_id: acc.id, ...body } });
    const says = async (body: object, message: string, status = 400) => {
      const res = await post(body);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.body).toContain(message);
    };
    await says({}, M.nothingToBill);
    await says({ lines: [{ kind: 'fixed_fee', description: '', unit_price: '1' }] }, M.descriptionRequired);
    await says({ lines: [{ kind: 'fixed_fee', description: 'x'.repeat(1001), unit_price: '1' }] }, M.tooLong);
    await says({ lines: [{ kind: 'fixed_fee', description: 'No price' }] }, M.discountNeedsAmount);
    await says({ lines: [{ kind: 'discount', description: 'No amount' }] }, M.discountNeedsAmount);
    await says({ lines: [fee('1', { quantity: '0' })] }, M.quantityPositive);
    await says({ lines: [fee('1', { quantity: '1.0001' })] }, M.quantityInvalid);
    await says({ lines: [fee('1.001')] }, M.amountDecimals('USD', 2));
    await says({ lines: [fee('x')] }, M.amountInvalid);
    await says({ lines: [fee('1', { tax_rate: '101' })] }, M.percentInvalid);
    await says({ lines: [{ kind: 'discount', description: 'D', discount_percent: '100.5' }] }, M.percentInvalid);
    await says({ lines: [fee()], time_tax_rate: 'abc' }, M.percentInvalid);
    await says({ lines: [fee()], hourly_rate: '1.999' }, M.amountDecimals('USD', 2));
    await says({ lines: Array.from({ length: 101 }, () => fee()) }, M.tooManyLines);
    await says({ time_entry_ids: Array.from({ length: 1001 }, (_, i) => i + 1) }, M.tooManyTimeEntries);
    await says({ expense_ids: Array.from({ length: 501 }, (_, i) => i + 1) }, M.tooManyExpenses);
    await says({ time_entry_ids: [999999] }, M.unknownTimeEntry);
    await says({ expense_ids: [999999] }, M.unknownExpense);
    await says({ lines: [fee()], notes: 'x'.repeat(5001) }, M.tooLong);
    await says({ lines: [fee()], issue_date: '2026-13-01' }, M.invalidDate);
    const elsewhere = await caseOf(h(), admin);
    await says({ lines: [fee()], case_id: elsewhere }, M.caseNotOfAccount);
    await says({ account_id: 999999, lines: [fee()] }, M.unknownAccount);
    await says({ lines: [fee('999999999', { quantity: '999999' })] }, M.totalTooLarge);
  });

  it('issue, void, payments and their deletion, credit notes', async () => {
    const t = await tokensOf(h());
    const acc = await account(h(), t.admin, [], { payment_terms_days: 10 });
    const d = await draft(h(), t.admin, { account_id: acc.id, lines: [fee('200.00')] });
    const issueUrl = `/api/invoice/${d.id}/issue/`;
    await staffOnly(h(), t, 'POST', issueUrl, {});
    expect(
      detailOf(await h().request('POST', issueUrl, { token: t.admin, body: { issue_date: '2026-02-30' } }), 400),
    ).toBe(M.invalidDate);
    const issued = await h().request('POST', issueUrl, { token: t.super, body: { issue_date: '2026-03-01' } });
    const inv = issued.json<InvoiceSaved>();
    expect(inv.detail).toBe(M.issued(inv.invoice.number!));
    expect(inv.invoice).toMatchObject({ status: 'issued', issue_date: '2026-03-01', due_date: '2026-03-11' });
    expect(detailOf(await h().request('POST', issueUrl, { token: t.admin, body: {} }), 409)).toBe(M.notDraft);
    expect(detailOf(await h().request('DELETE', `/api/invoice/${d.id}/`, { token: t.admin }), 409)).toBe(
      M.onlyDraftDeleted,
    );
    // Negative drafts are not issued.
    const negative = await draft(h(), t.admin, {
      account_id: acc.id,
      lines: [fee('10'), { kind: 'discount', description: 'Too much', unit_price: '20' }],
    });
    expect(
      detailOf(await h().request('POST', `/api/invoice/${negative.id}/issue/`, { token: t.admin, body: {} }), 400),
    ).toBe(M.negativeTotal);

    // Payments.
    const payUrl = `/api/invoice/${d.id}/payments/`;
    const pay = { date: '2026-03-05', amount: '50.00', method: 'card', reference: 'R-1' };
    await staffOnly(h(), t, 'POST', payUrl, pay);
    const says = async (body: object, message: string) => {
      const res = await h().request('POST', payUrl, { token: t.admin, body });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.body).toContain(message);
    };
    await says({ ...pay, amount: '0' }, M.amountPositive);
    await says({ ...pay, amount: '1.234' }, M.amountDecimals('USD', 2));
    await says({ ...pay, method: 'gold' }, M.selectMethod);
    await says({ ...pay, date: 'soon' }, M.invalidDate);
    await says({ ...pay, reference: 'x'.repeat(201) }, M.tooLong);
    await says({ ...pay, amount: '200.01' }, M.paymentTooLarge('$200.00'));
    const paid = await h().request('POST', payUrl, { token: t.admin, body: pay });
    expect(paid.json<InvoiceSaved>()).toMatchObject({
      detail: M.paymentRecorded,
      invoice: { status: 'partially_paid', paid_minor: 5000, balance_minor: 15000, actions: { void: false } },
    });
    const paymentId = paid.json<InvoiceSaved>().invoice.payments[0]!.id;
    expect(detailOf(await h().request('POST', `/api/invoice/${d.id}/void/`, { token: t.admin }), 409)).toBe(
      M.cannotVoid,
    );
    const delUrl = `/api/invoice/${d.id}/payments/${paymentId}/`;
    await staffOnly(h(), t, 'DELETE', delUrl);
    const unpaid = await h().request('DELETE', delUrl, { token: t.admin });
    expect(unpaid.json<InvoiceSaved>()).toMatchObject({
      detail: M.paymentDeleted,
      invoice: { status: 'issued', paid_minor: 0 },
    });
    expect((await h().request('DELETE', delUrl, { token: t.admin })).statusCode).toBe(404);
    expect(
      detailOf(await h().request('POST', `/api/invoice/${negative.id}/payments/`, { token: t.admin, body: pay }), 409),
    ).toBe(M.paymentNotIssued);

    // Credit notes.
    const cnUrl = `/api/invoice/${d.id}/credit-note/`;
    await staffOnly(h(), t, 'POST', cnUrl, { reason: 'Because' });
    const cnSays = async (body: object, message: string, status = 400) => {
      const res = await h().request('POST', cnUrl, { token: t.admin, body });
      expect(res.statusCode, res.body).toBe(status);
      expect(res.body).toContain(message);
    };
    await cnSays({ reason: ' ' }, M.reasonRequired);
    await cnSays({ reason: 'x'.repeat(501) }, M.tooLong);
    await cnSays({ reason: 'Wrong line', line_ids: [999999] }, M.unknownLine);
    const onDraft = await h().request('POST', `/api/invoice/${negative.id}/credit-note/`, {
      token: t.admin,
      body: { reason: 'Draft' },
    });
    expect(detailOf(onDraft, 409)).toBe(M.creditNotIssued);
    const note = await h().request('POST', cnUrl, { token: t.admin, body: { reason: 'Fee waived' } });
    expect(note.statusCode, note.body).toBe(201);
    const cn = note.json<InvoiceSaved>().invoice;
    expect(note.json<InvoiceSaved>().detail).toBe(M.creditNoteIssued(cn.number!));
    expect(cn).toMatchObject({ kind: 'credit_note', total_minor: -20000, credited_invoice_id: d.id });
    await cnSays({ reason: 'Again' }, M.creditNotIssued, 409);
    const after = await h().request('GET', `/api/invoice/${d.id}/`, { token: t.user });
    expect(after.json<InvoiceDetail>()).toMatchObject({ status: 'paid', credited_minor: 20000, balance_minor: 0 });

    // Void: an issued invoice without payments or credit notes.
    const other = await issuedInvoice(h(), t.admin, acc.id);
    const voidUrl = `/api/invoice/${other.id}/void/`;
    await staffOnly(h(), t, 'POST', voidUrl);
    const voided = await h().request('POST', voidUrl, { token: t.admin });
    expect(voided.json<InvoiceSaved>()).toMatchObject({
      detail: M.voided,
      invoice: { status: 'void', balance_minor: 0 },
    });
    expect(detailOf(await h().request('POST', voidUrl, { token: t.admin }), 409)).toBe(M.cannotVoid);
    expect(
      detailOf(await h().request('POST', `/api/invoice/${other.id}/payments/`, { token: t.admin, body: pay }), 409),
    ).toBe(M.paymentNotIssued);
  });

  it('list with filters, summary', async () => {
    const t = await tokensOf(h());
    const caseId = await caseOf(h(), t.admin);
    const acc = await account(h(), t.admin, [caseId], { payment_terms_days: 0 });
    const a = await issuedInvoice(h(), t.admin, acc.id, '10.00');
    const b = await draft(h(), t.admin, { account_id: acc.id, case_id: caseId, lines: [fee()] });
    const list = async (query: Record<string, string | number>, token = t.user) => {
      const res = await h().request('GET', '/api/invoice/', { token, query: { account_id: acc.id, ...query } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<InvoiceList>().data.map((r) => r.id);
    };
    expect((await list({})).sort()).toEqual([a.id, b.id].sort());
    expect(await list({ status: 'draft' })).toEqual([b.id]);
    expect(await list({ status: 'issued' })).toEqual([a.id]);
    expect(await list({ case_id: caseId })).toEqual([b.id]);
    expect(await list({ search_key: a.number! })).toEqual([a.id]);
    expect(await list({ date_from: '2026-03-02', date_to: '2026-03-02' })).toEqual([a.id]);
    expect(await list({ date_from: '2026-03-03' })).toEqual([]);
    expect(await list({ kind: 'credit_note' })).toEqual([]);
    expect(await list({}, t.other)).toEqual([]);
    expect((await h().request('GET', '/api/invoice/')).statusCode).toBe(401);
    const reversed = await h().request('GET', '/api/invoice/', {
      token: t.admin,
      query: { date_from: '2026-03-05', date_to: '2026-03-01' },
    });
    expect(detailOf(reversed, 400)).toBe(M.rangeOrder);
    const badStatus = await h().request('GET', '/api/invoice/', { token: t.admin, query: { status: 'lost' } });
    expect(badStatus.statusCode).toBe(400);
    h().clock.advance({ days: 3 });
    const { user } = await tokensOf(h());
    expect(await list({ status: 'overdue' }, user)).toEqual([a.id]);

    const summary = await h().request('GET', '/api/invoice/summary/', { token: user });
    expect(summary.statusCode).toBe(200);
    const usd = summary.json<InvoiceSummary>().currencies.find((c) => c.currency === 'USD')!;
    expect(usd.overdue_count).toBeGreaterThanOrEqual(1);
    expect(summary.json<InvoiceSummary>().recent.map((r) => r.id)).toContain(a.id);
    const foreign = await h().request('GET', '/api/invoice/summary/', { token: (await tokensOf(h())).other });
    expect(foreign.json<InvoiceSummary>().recent.map((r) => r.id)).not.toContain(a.id);
    expect((await h().request('GET', '/api/invoice/summary/')).statusCode).toBe(401);
  });
});
