/**
 * The accounts, expenses and settings routes, one by one: the happy path, each validation message of the
 * contract, each role (super and admin manage, a user reads), another organisation (404) and no token (401).
 */
import {
  invoiceMessages as M,
  taskMessages,
  type AccountList,
  type AccountSaved,
  type ClientAccount,
  type ExpenseList,
  type ExpenseSaved,
  type InvoiceSettings,
  type InvoiceSettingsSaved,
  type UnbilledWork,
} from '@lexdesk/contract';
import { expect, it } from 'vitest';
import { describeEachDatabase, type Harness } from '../../../test/harness.ts';
import { tokensOf, type Tokens } from '../tasks/task-test-helpers.ts';
import { account, approvedEntry, caseOf, draft, issuedInvoice, unique } from './invoice-test-helpers.ts';

/** A 400 (or `status`) answer carrying `message`, under the field when one is named. */
async function refused(
  h: Harness,
  method: 'POST' | 'PUT',
  url: string,
  token: string,
  body: object,
  message: string,
  status = 400,
) {
  const res = await h.request(method, url, { token, body });
  expect(res.statusCode, res.body).toBe(status);
  expect(res.body).toContain(JSON.stringify(message).slice(1, -1));
}

/** Reads for every role of the organisation; 404 for another organisation; 401 without a token. */
async function readable(h: Harness, t: Tokens, url: string, query?: Record<string, string | number>) {
  for (const token of [t.super, t.admin, t.user])
    expect((await h.request('GET', url, { token, ...(query ? { query } : {}) })).statusCode).toBe(200);
  expect((await h.request('GET', url, { ...(query ? { query } : {}) })).statusCode).toBe(401);
}

describeEachDatabase('invoice routes: client accounts, expenses, settings', (h) => {
  it('accounts: list, create, read, change, delete; roles and organisations', async () => {
    const t = await tokensOf(h());
    const caseId = await caseOf(h(), t.admin);
    const created = await account(h(), t.super, [caseId], {
      billing_address: '1 Client Road',
      tax_number: 'TX-9',
      payment_terms_days: 14,
      ledes_client_id: 'CL-1',
    });
    expect(created).toMatchObject({ hourly_rate_minor: 25000, payment_terms_days: 14, case_ids: [caseId] });
    await readable(h(), t, '/api/invoice/accounts/');
    await readable(h(), t, `/api/invoice/accounts/${created.id}/`);
    await readable(h(), t, `/api/invoice/accounts/${created.id}/unbilled/`, { case_id: caseId });
    const list = await h().request('GET', '/api/invoice/accounts/', {
      token: t.user,
      query: { search_key: created.name },
    });
    expect(list.json<AccountList>().data.map((a) => a.id)).toEqual([created.id]);
    expect((await h().request('GET', `/api/invoice/accounts/${created.id}/`, { token: t.other })).statusCode).toBe(404);
    expect(
      (await h().request('GET', `/api/invoice/accounts/${created.id}/unbilled/`, { token: t.other })).statusCode,
    ).toBe(404);
    expect((await h().request('GET', '/api/invoice/accounts/999999/', { token: t.admin })).statusCode).toBe(404);
    const otherList = await h().request('GET', '/api/invoice/accounts/', { token: t.other });
    expect(otherList.json<AccountList>().data.map((a) => a.id)).not.toContain(created.id);

    const entry = await approvedEntry(h(), t.admin, caseId, '10m');
    const unbilled = await h().request('GET', `/api/invoice/accounts/${created.id}/unbilled/`, { token: t.user });
    expect(unbilled.json<UnbilledWork>()).toMatchObject({ currency: 'USD', billing_increment_minutes: 6 });
    expect(unbilled.json<UnbilledWork>().time_entries.map((e) => e.id)).toEqual([entry]);

    const body = { name: `${created.name} Ltd`, currency: 'EUR', hourly_rate: '300', case_ids: [] };
    const url = `/api/invoice/accounts/${created.id}/`;
    expect((await h().request('POST', '/api/invoice/accounts/', { token: t.user, body })).statusCode).toBe(403);
    expect((await h().request('PUT', url, { token: t.user, body })).statusCode).toBe(403);
    expect((await h().request('DELETE', url, { token: t.user })).statusCode).toBe(403);
    expect((await h().request('PUT', url, { token: t.other, body })).statusCode).toBe(404);
    expect((await h().request('DELETE', url, { token: t.other })).statusCode).toBe(404);
    expect((await h().request('POST', '/api/invoice/accounts/', { body })).statusCode).toBe(401);
    expect((await h().request('PUT', url, { body })).statusCode).toBe(401);
    expect((await h().request('DELETE', url)).statusCode).toBe(401);

    const changed = await h().request('PUT', url, { token: t.admin, body });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<AccountSaved>()).toMatchObject({
      detail: M.accountUpdated,
      account: { currency: 'EUR', hourly_rate_minor: 30000, case_ids: [], billing_address: '' },
    });
    const removed = await h().request('DELETE', url, { token: t.admin });
    expect(removed.json<{ detail: string }>().detail).toBe(M.accountDeleted);
    expect((await h().request('GET', url, { token: t.admin })).statusCode).toBe(404);
  });

  it('accounts: every validation message', async () => {
    const { admin } = await tokensOf(h());
    const url = '/api/invoice/accounts/';
    const ok = { name: unique('Valid') };
    await refused(h(), 'POST', url, admin, { name: '  ' }, M.accountNameRequired);
    await refused(h(), 'POST', url, admin, {}, M.accountNameRequired);
    await refused(h(), 'POST', url, admin, { name: 'x'.repeat(201) }, M.accountNameTooLong);
    await refused(h(), 'POST', url, admin, { ...ok, email: 'nope' }, M.emailInvalid);
    await refused(h(), 'POST', url, admin, { ...ok, billing_address: 'x'.repeat(1001) }, M.tooLong);
    await refused(h(), 'POST', url, admin, { ...ok, tax_number: 'x'.repeat(65) }, M.tooLong);
    await refused(h(), 'POST', url, admin, { ...ok, ledes_client_id: 'x'.repeat(65) }, M.tooLong);
    await refused(h(), 'POST', url, admin, { ...ok, currency: 'XXX' }, M.selectCurrency);
    await refused(h(), 'POST', url, admin, { ...ok, hourly_rate: 'abc' }, M.amountInvalid);
    await refused(h(), 'POST', url, admin, { ...ok, hourly_rate: '1.234' }, M.amountDecimals('USD', 2));
    await refused(h(), 'POST', url, admin, { ...ok, currency: 'JPY', hourly_rate: '1.5' }, M.amountDecimals('JPY', 0));
    await refused(h(), 'POST', url, admin, { ...ok, payment_terms_days: 366 }, M.termsInvalid);
    await refused(h(), 'POST', url, admin, { ...ok, payment_terms_days: -1 }, M.termsInvalid);
    await refused(h(), 'POST', url, admin, { ...ok, case_ids: [999999] }, M.unknownCase);
    await refused(
      h(),
      'POST',
      url,
      admin,
      { ...ok, case_ids: Array.from({ length: 201 }, (_, i) => i + 1) },
      M.tooManyCases,
    );
    const caseId = await caseOf(h(), admin);
    const first = await account(h(), admin, [caseId]);
    const title = (
      await h().request('GET', `/api/invoice/accounts/${first.id}/`, { token: admin })
    ).json<ClientAccount>().cases[0]!.title;
    await refused(h(), 'POST', url, admin, { ...ok, case_ids: [caseId] }, M.caseOnOtherAccount(title, first.name), 409);
    await refused(h(), 'POST', url, admin, { name: first.name }, M.accountNameTaken, 409);
    // Currency locked once it has invoices; an account with issued invoices is kept.
    await issuedInvoice(h(), admin, first.id);
    const put = `/api/invoice/accounts/${first.id}/`;
    await refused(h(), 'PUT', put, admin, { name: first.name, currency: 'EUR' }, M.accountCurrencyLocked, 409);
    const del = await h().request('DELETE', put, { token: admin });
    expect(del.statusCode).toBe(409);
    expect(del.json<{ detail: string }>().detail).toBe(M.accountHasInvoices);
  });

  it('expenses: list, add, change, delete; roles, organisations and messages', async () => {
    const t = await tokensOf(h());
    const caseId = await caseOf(h(), t.admin);
    const acc = await account(h(), t.admin, [caseId]);
    const res = await h().request('POST', '/api/invoice/expenses/', {
      token: t.super,
      body: {
        account_id: acc.id,
        case_id: caseId,
        date: '2026-02-10',
        description: 'Filing',
        amount: '12.50',
        quantity: '3',
        tax_rate: '9.975',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const saved = res.json<ExpenseSaved>();
    expect(saved).toMatchObject({
      detail: M.expenseCreated,
      expense: { amount_minor: 1250, quantity_milli: 3000, tax_rate_milli: 9975, total_minor: 3750, invoice_id: null },
    });
    const id = saved.expense.id;
    await readable(h(), t, '/api/invoice/expenses/', { account_id: acc.id });
    const byAccount = await h().request('GET', '/api/invoice/expenses/', {
      token: t.user,
      query: { account_id: acc.id, case_id: caseId, billed: 'false' },
    });
    expect(byAccount.json<ExpenseList>().data.map((x) => x.id)).toEqual([id]);
    const other = await h().request('GET', '/api/invoice/expenses/', { token: t.other });
    expect(other.json<ExpenseList>().data.map((x) => x.id)).not.toContain(id);

    const url = `/api/invoice/expenses/${id}/`;
    const body = { account_id: acc.id, date: '2026-02-11', description: 'Filing again', amount: '20' };
    expect((await h().request('POST', '/api/invoice/expenses/', { token: t.user, body })).statusCode).toBe(403);
    expect((await h().request('PUT', url, { token: t.user, body })).statusCode).toBe(403);
    expect((await h().request('DELETE', url, { token: t.user })).statusCode).toBe(403);
    expect((await h().request('PUT', url, { token: t.other, body })).statusCode).toBe(404);
    expect((await h().request('DELETE', url, { token: t.other })).statusCode).toBe(404);
    expect((await h().request('POST', '/api/invoice/expenses/', { body })).statusCode).toBe(401);
    expect((await h().request('PUT', url, { body })).statusCode).toBe(401);
    expect((await h().request('DELETE', url)).statusCode).toBe(401);
    const changed = await h().request('PUT', url, { token: t.admin, body });
    expect(changed.json<ExpenseSaved>()).toMatchObject({
      detail: M.expenseUpdated,
      expense: { amount_minor: 2000, quantity_milli: 1000, case_id: null, description: 'Filing again' },
    });

    const post = '/api/invoice/expenses/';
    const ok = { account_id: acc.id, date: '2026-02-10', description: 'Fee', amount: '1' };
    await refused(h(), 'POST', post, t.admin, { ...ok, description: '' }, M.descriptionRequired);
    await refused(h(), 'POST', post, t.admin, { ...ok, description: 'x'.repeat(1001) }, M.tooLong);
    await refused(h(), 'POST', post, t.admin, { ...ok, date: '2026-02-30' }, taskMessages.invalidDate);
    await refused(h(), 'POST', post, t.admin, { ...ok, amount: '0' }, M.amountPositive);
    await refused(h(), 'POST', post, t.admin, { ...ok, amount: '1,5' }, M.amountInvalid);
    await refused(h(), 'POST', post, t.admin, { ...ok, amount: '1.005' }, M.amountDecimals('USD', 2));
    await refused(h(), 'POST', post, t.admin, { ...ok, quantity: 'x' }, M.quantityInvalid);
    await refused(h(), 'POST', post, t.admin, { ...ok, quantity: '0' }, M.quantityPositive);
    await refused(h(), 'POST', post, t.admin, { ...ok, tax_rate: '100.001' }, M.percentInvalid);
    await refused(h(), 'POST', post, t.admin, { ...ok, account_id: 999999 }, M.unknownAccount);
    const elsewhere = await caseOf(h(), t.admin);
    await refused(h(), 'POST', post, t.admin, { ...ok, case_id: elsewhere }, M.caseNotOfAccount);
    const otherAcc = (await h().request('GET', '/api/invoice/accounts/', { token: t.other })).json<AccountList>();
    if (otherAcc.data[0])
      await refused(h(), 'POST', post, t.admin, { ...ok, account_id: otherAcc.data[0].id }, M.unknownAccount);

    // Billed: shown with its invoice; deleting it is refused until the draft goes.
    const d = await draft(h(), t.admin, { account_id: acc.id, expense_ids: [id] });
    const billed = await h().request('GET', '/api/invoice/expenses/', {
      token: t.user,
      query: { account_id: acc.id, billed: 'true' },
    });
    expect(billed.json<ExpenseList>().data).toMatchObject([{ id, invoice_id: d.id, invoice_number: null }]);
    expect((await h().request('DELETE', url, { token: t.admin })).statusCode).toBe(409);
    await h().request('DELETE', `/api/invoice/${d.id}/`, { token: t.admin });
    const removed = await h().request('DELETE', url, { token: t.admin });
    expect(removed.json<{ detail: string }>().detail).toBe(M.expenseDeleted);
    expect((await h().request('DELETE', url, { token: t.admin })).statusCode).toBe(404);
  });

  it('settings: read by every role, saved by staff, validated', async () => {
    const t = await tokensOf(h());
    await readable(h(), t, '/api/invoice/settings/');
    const url = '/api/invoice/settings/';
    const body = {
      firm_address: '2 Firm Street',
      firm_tax_number: 'VAT-1',
      ledes_firm_id: 'LF-1',
      default_tax_rate: '9.975',
      default_currency: 'CAD',
      invoice_prefix: 'F/2026.',
      credit_note_prefix: 'CR-',
    };
    expect((await h().request('PUT', url, { token: t.user, body })).statusCode).toBe(403);
    expect((await h().request('PUT', url, { body })).statusCode).toBe(401);
    const saved = await h().request('PUT', url, { token: t.admin, body });
    expect(saved.json<InvoiceSettingsSaved>()).toMatchObject({
      detail: M.settingsSaved,
      settings: {
        default_tax_rate_milli: 9975,
        default_currency: 'CAD',
        invoice_prefix: 'F/2026.',
        firm_name: 'Demo Law LLP',
      },
    });
    // Another organisation's settings are its own.
    const other = await h().request('GET', url, { token: t.other });
    expect(other.json<InvoiceSettings>().invoice_prefix).toBe('INV-');
    expect((await h().request('PUT', url, { token: t.super, body: {} })).statusCode).toBe(200);
    await refused(h(), 'PUT', url, t.admin, { invoice_prefix: 'INV #' }, M.prefixInvalid);
    await refused(h(), 'PUT', url, t.admin, { credit_note_prefix: 'x'.repeat(17) }, M.prefixInvalid);
    await refused(h(), 'PUT', url, t.admin, { default_tax_rate: '-1' }, M.percentInvalid);
    await refused(h(), 'PUT', url, t.admin, { default_currency: 'BTC' }, M.selectCurrency);
    await refused(h(), 'PUT', url, t.admin, { firm_address: 'x'.repeat(1001) }, M.tooLong);
  });
});
