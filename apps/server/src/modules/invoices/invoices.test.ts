import {
  invoiceMessages as M,
  type InvoiceDetail,
  type InvoiceList,
  type InvoiceSaved,
  type InvoiceSummary,
  type UnbilledWork,
} from '@lexdesk/contract';
import { expect, it } from 'vitest';
import { DEMO, describeEachDatabase } from '../../../test/harness.ts';
import { tokensOf } from '../tasks/task-test-helpers.ts';
import { account, approvedEntry, caseOf, draft, unique } from './invoice-test-helpers.ts';

describeEachDatabase('invoices: accounts, drafts, issue, payments, credit notes, outputs', (h) => {
  it('bills approved time once, issues with a number and a stored PDF, takes payments, goes overdue, credits', async () => {
    const { admin, user, other } = await tokensOf(h());
    const caseId = await caseOf(h(), admin);
    const acc = await account(h(), admin, [caseId]);
    const entryId = await approvedEntry(h(), admin, caseId);

    const unbilled = await h().request('GET', `/api/invoice/accounts/${acc.id}/unbilled/`, { token: admin });
    expect(unbilled.statusCode, unbilled.body).toBe(200);
    const entry = unbilled.json<UnbilledWork>().time_entries.find((e) => e.id === entryId)!;
    // 67 minutes raw, 6-minute increment → 72 billed; 72 × 250 / 60 = 300.00
    expect(entry).toMatchObject({ raw_seconds: 4020, billed_minutes: 72, uplift_seconds: 300, amount_minor: 30000 });

    const expense = await h().request('POST', '/api/invoice/expenses/', {
      token: admin,
      body: {
        account_id: acc.id,
        case_id: caseId,
        date: '2026-02-21',
        description: 'Court fee',
        amount: '45.50',
        tax_rate: '9.975',
      },
    });
    expect(expense.statusCode, expense.body).toBe(201);
    const expenseId = expense.json<{ expense: { id: number } }>().expense.id;

    const inv = await draft(h(), admin, {
      account_id: acc.id,
      case_id: caseId,
      time_entry_ids: [entryId],
      expense_ids: [expenseId],
      lines: [{ kind: 'discount', description: 'Goodwill', discount_percent: '10' }],
    });
    // 300.00 + 45.50 − 10 % of 345.50 (34.55) = 310.95; tax: 45.50 × 9.975 % = 4.538… → 4.54
    expect(inv).toMatchObject({
      status: 'draft',
      number: null,
      subtotal_minor: 31095,
      tax_minor: 454,
      total_minor: 31549,
    });

    // Billed once: a second draft with the same entry is refused.
    const again = await h().request('POST', '/api/invoice/', {
      token: admin,
      body: { account_id: acc.id, time_entry_ids: [entryId] },
    });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json<{ detail: string }>().detail).toBe(M.timeEntryOnDraft);

    // A plain user reads, never writes; another organisation sees nothing; no token is 401.
    expect((await h().request('GET', `/api/invoice/${inv.id}/`, { token: user })).statusCode).toBe(200);
    expect((await h().request('POST', `/api/invoice/${inv.id}/issue/`, { token: user, body: {} })).statusCode).toBe(
      403,
    );
    expect((await h().request('GET', `/api/invoice/${inv.id}/`, { token: other })).statusCode).toBe(404);
    expect((await h().request('GET', `/api/invoice/${inv.id}/`)).statusCode).toBe(401);

    const issued = await h().request('POST', `/api/invoice/${inv.id}/issue/`, {
      token: admin,
      body: { issue_date: '2026-03-02' },
    });
    expect(issued.statusCode, issued.body).toBe(200);
    const invoice = issued.json<InvoiceSaved>().invoice;
    expect(invoice).toMatchObject({ status: 'issued', due_date: '2026-04-01', has_pdf: true });
    expect(invoice.number).toMatch(/^INV-\d+$/);
    const twice = await h().request('POST', '/api/invoice/', {
      token: admin,
      body: { account_id: acc.id, time_entry_ids: [entryId] },
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json<{ detail: string }>().detail).toBe(M.timeEntryOnInvoice(invoice.number!));
    const edit = await h().request('PUT', `/api/invoice/${inv.id}/`, { token: admin, body: {} });
    expect(edit.statusCode).toBe(409);
    expect(edit.json<{ detail: string }>().detail).toBe(M.issuedImmutable);

    // The PDF downloads the bytes stored at issue, whatever changes afterwards.
    const pdf1 = await h().request('GET', `/api/invoice/${inv.id}/download/`, {
      token: user,
      query: { format: 'pdf' },
    });
    expect(pdf1.statusCode).toBe(200);
    expect(pdf1.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    await h().request('PUT', '/api/invoice/settings/', {
      token: admin,
      body: { firm_address: 'Moved to 2 New Street' },
    });
    const pdf2 = await h().request('GET', `/api/invoice/${inv.id}/download/`, {
      token: admin,
      query: { format: 'pdf' },
    });
    expect(Buffer.compare(pdf1.rawPayload, pdf2.rawPayload)).toBe(0);
    const ledes = await h().request('GET', `/api/invoice/${inv.id}/download/`, {
      token: admin,
      query: { format: 'ledes' },
    });
    expect(ledes.body.split('\r\n')[0]).toBe('LEDES1998B[]');
    expect(ledes.body).toContain('|315.49|');

    // Payments: above the balance refused; a partial payment → partially paid.
    const tooMuch = await h().request('POST', `/api/invoice/${inv.id}/payments/`, {
      token: admin,
      body: { date: '2026-03-05', amount: '400' },
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json<{ detail: string }>().detail).toBe(M.paymentTooLarge('$315.49'));
    const part = await h().request('POST', `/api/invoice/${inv.id}/payments/`, {
      token: admin,
      body: { date: '2026-03-05', amount: '100.00' },
    });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json<InvoiceSaved>().invoice).toMatchObject({
      status: 'partially_paid',
      balance_minor: 21549,
      overdue: false,
    });

    // Overdue after the due date (the clock moves).
    h().clock.set(new Date('2026-04-02T09:00:00Z'));
    const fresh = await tokensOf(h());
    const [adminNow, userNow] = [fresh.admin, fresh.user];
    const late = await h().request('GET', `/api/invoice/${inv.id}/`, { token: adminNow });
    expect(late.json<InvoiceDetail>().overdue).toBe(true);
    const overdueList = await h().request('GET', '/api/invoice/', { token: adminNow, query: { status: 'overdue' } });
    expect(overdueList.json<InvoiceList>().data.map((r) => r.id)).toContain(inv.id);
    const summary = await h().request('GET', '/api/invoice/summary/', { token: userNow });
    const usd = summary.json<InvoiceSummary>().currencies.find((c) => c.currency === 'USD')!;
    expect(usd.overdue_minor).toBeGreaterThanOrEqual(21549);
    expect(usd.ageing.find((b) => b.key === '1_30')!.amount_minor).toBeGreaterThanOrEqual(21549);

    // A credit note of the discount line gives back 34.55 and reduces the balance.
    const discountLine = late.json<InvoiceDetail>().lines.find((l) => l.kind === 'time')!;
    const credit = await h().request('POST', `/api/invoice/${inv.id}/credit-note/`, {
      token: adminNow,
      body: { reason: 'Rate agreed lower', line_ids: [discountLine.id] },
    });
    expect(credit.statusCode, credit.body).toBe(201);
    const note = credit.json<InvoiceSaved>().invoice;
    expect(note).toMatchObject({ kind: 'credit_note', total_minor: -30000, credited_invoice_number: invoice.number });
    expect(note.number).toMatch(/^CN-\d+$/);
    const after = await h().request('GET', `/api/invoice/${inv.id}/`, { token: adminNow });
    expect(after.json<InvoiceDetail>()).toMatchObject({ credited_minor: 30000, balance_minor: -8451, status: 'paid' }); // 84.51 to refund
    const voidIt = await h().request('POST', `/api/invoice/${inv.id}/void/`, { token: adminNow });
    expect(voidIt.statusCode).toBe(409);
  });

  it('numbers 100 concurrent issues 1..100 with no gap and no duplicate', async () => {
    const { admin } = await tokensOf(h());
    const prefix = `C${Date.now().toString(36).toUpperCase()}-`;
    expect(
      (await h().request('PUT', '/api/invoice/settings/', { token: admin, body: { invoice_prefix: prefix } }))
        .statusCode,
    ).toBe(200);
    const acc = await account(h(), admin);
    const ids: number[] = [];
    for (let i = 0; i < 100; i += 1)
      ids.push(
        (
          await draft(h(), admin, {
            account_id: acc.id,
            lines: [{ kind: 'fixed_fee', description: `Fee ${i}`, unit_price: '10' }],
          })
        ).id,
      );
    const results = await Promise.all(
      ids.map((id) => h().request('POST', `/api/invoice/${id}/issue/`, { token: admin, body: {} })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(ids.map(() => 200));
    const numbers = results.map((r) => r.json<InvoiceSaved>().invoice.sequence!).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    // The same draft issued twice at once: one wins, the other is refused, no number is lost.
    const one = (
      await draft(h(), admin, {
        account_id: acc.id,
        lines: [{ kind: 'fixed_fee', description: 'Once', unit_price: '1' }],
      })
    ).id;
    const both = await Promise.all(
      [1, 2].map(() => h().request('POST', `/api/invoice/${one}/issue/`, { token: admin, body: {} })),
    );
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.statusCode === 200)!.json<InvoiceSaved>().invoice.sequence).toBe(101);
    await h().request('PUT', '/api/invoice/settings/', { token: admin, body: {} });
    // 101 issues, each storing its PDF: seconds on an idle machine, several times that beside other test files.
  }, 90_000);

  it('refuses to bill one time entry on two concurrent drafts', async () => {
    const { admin } = await tokensOf(h());
    const caseId = await caseOf(h(), admin);
    const acc = await account(h(), admin, [caseId]);
    const entryId = await approvedEntry(h(), admin, caseId, '30m');
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        h().request('POST', '/api/invoice/', { token: admin, body: { account_id: acc.id, time_entry_ids: [entryId] } }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
  });

  it('validates the forms with the contract messages', async () => {
    const { admin } = await tokensOf(h());
    const bad = await h().request('POST', '/api/invoice/accounts/', { token: admin, body: { name: '' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(M.accountNameRequired);
    const yen = await h().request('POST', '/api/invoice/accounts/', {
      token: admin,
      body: { name: unique('Yen'), currency: 'JPY', hourly_rate: '10.5' },
    });
    expect(yen.statusCode).toBe(400);
    expect(yen.json<{ detail: string }>().detail).toBe(M.amountDecimals('JPY', 0));
    const acc = await account(h(), admin);
    const dup = await h().request('POST', '/api/invoice/accounts/', { token: admin, body: { name: acc.name } });
    expect(dup.statusCode).toBe(409);
    const nothing = await h().request('POST', '/api/invoice/', { token: admin, body: { account_id: acc.id } });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json<{ detail: string }>().detail).toBe(M.nothingToBill);
    const pct = await h().request('POST', '/api/invoice/', {
      token: admin,
      body: { account_id: acc.id, lines: [{ kind: 'fixed_fee', description: 'x', unit_price: '1', tax_rate: '101' }] },
    });
    expect(pct.statusCode).toBe(400);
    expect(pct.body).toContain(M.percentInvalid);
    void DEMO;
  });
});
