/**
 * The demo seed (docs/invoices.md): a fresh database has Demo Law LLP's two client accounts and its invoices,
 * built through the service — one paid, one partially paid, one issued, a draft — with stored PDFs and the
 * totals of the rounding rule. Seeding again changes nothing; the other organisation has none of them.
 */
import type { AccountList, InvoiceDetail, InvoiceList } from '@lexdesk/contract';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/harness.ts';
import { tokensOf } from '../tasks/task-test-helpers.ts';
import { DEMO_ACCOUNTS, seedDemoInvoices } from './invoices.seed.ts';

describeEachDatabase('invoices: the demo seed', (h) => {
  it('has the demo accounts and invoices, built through the service, once', async () => {
    // What seedDemoIfEmpty runs after the organisations and users (the harness seeds only those): every
    // module's seed in the registry's order, invoices building on the demo cases.
    for (const module of h().ctx.modules)
      if (['cases', 'tasks', 'invoices'].includes(module.name)) await module.seed?.(h().ctx);
    const { user, other } = await tokensOf(h());
    const accounts = (await h().request('GET', '/api/invoice/accounts/', { token: user })).json<AccountList>();
    expect(accounts.data.map((a) => a.name).sort()).toEqual([...DEMO_ACCOUNTS].sort());
    const harbour = accounts.data.find((a) => a.name === DEMO_ACCOUNTS[0])!;
    expect(harbour).toMatchObject({ currency: 'GBP', hourly_rate_minor: 25000, ledes_client_id: 'HARBOUR' });
    expect(harbour.cases).toHaveLength(1);
    // Paid 2255.00 + 2400.00 invoiced, 3255.00 paid.
    expect(harbour).toMatchObject({ invoiced_minor: 465500, paid_minor: 325500, outstanding_minor: 140000 });

    const list = async () =>
      (await h().request('GET', '/api/invoice/', { token: user, query: { limits: 50 } })).json<InvoiceList>().data;
    const rows = await list();
    expect(rows.map((r) => [r.number, r.status, r.total_minor]).sort()).toEqual(
      [
        ['INV-1', 'paid', 225500], // 1500.00 + 20 % tax + the 455.00 court fee
        ['INV-2', 'partially_paid', 240000],
        ['INV-3', 'issued', 162000], // 4.5 × 300.00 + 20 %
        [null, 'draft', 90000],
      ].sort(),
    );
    for (const row of rows.filter((r) => r.status !== 'draft')) {
      const detail = (await h().request('GET', `/api/invoice/${row.id}/`, { token: user })).json<InvoiceDetail>();
      expect(detail.has_pdf).toBe(true);
      const pdf = await h().request('GET', `/api/invoice/${row.id}/download/`, { token: user });
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    const paid = rows.find((r) => r.number === 'INV-1')!;
    const detail = (await h().request('GET', `/api/invoice/${paid.id}/`, { token: user })).json<InvoiceDetail>();
    expect(detail.lines.map((l) => l.kind)).toEqual(['expense', 'fixed_fee']);
    expect(detail.payments).toMatchObject([{ amount_minor: 225500, reference: 'HL-0001' }]);

    // Seeding again adds nothing; the other organisation sees none of it.
    await seedDemoInvoices(h().ctx);
    expect((await list()).length).toBe(rows.length);
    const foreign = await h().request('GET', '/api/invoice/', { token: other });
    expect(foreign.json<InvoiceList>().data).toEqual([]);
  });
});
