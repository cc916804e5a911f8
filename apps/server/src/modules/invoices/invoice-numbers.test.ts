import { invoiceMessages as M, type InvoiceSaved } from '@lexdesk/contract';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/harness.ts';
import { organisationWithAdmin } from '../organisations/organisations.fixtures.ts';
import { account, detailOf, issuedInvoice } from './invoice-test-helpers.ts';

/** Issue 29 item 7: an issued number (invoice or credit note) is never given twice in an organisation. */
describeEachDatabase('invoice numbers', (h) => {
  const settingsUrl = '/api/invoice/settings/';

  it('refuses prefixes that could give two documents the same number', async () => {
    const { admin } = await organisationWithAdmin(h());
    const save = (invoice_prefix: string, credit_note_prefix: string) =>
      h().request('PUT', settingsUrl, { token: admin.token, body: { invoice_prefix, credit_note_prefix } });

    // A credit note numbered INV-1 beside invoice INV-1.
    expect(detailOf(await save('INV-', 'INV-'), 400)).toBe(M.prefixesOverlap);
    expect(detailOf(await save('INV-', 'INV-C'), 400)).toBe(M.prefixesOverlap);
    expect(detailOf(await save('', 'CN-'), 400)).toBe(M.prefixesOverlap);
    // INV-1 + 1 and INV- + 11 are both INV-11.
    expect(detailOf(await save('INV-1', 'CN-'), 400)).toBe(M.prefixEndsInDigit);
    expect(detailOf(await save('INV-', 'CN2'), 400)).toBe(M.prefixEndsInDigit);
    expect((await save('FA/', 'AV/')).statusCode).toBe(200);
  });

  it('answers 409 instead of issuing a number the organisation already used', async () => {
    const { organisation, admin } = await organisationWithAdmin(h());
    const client = await account(h(), admin.token);
    const invoice = await issuedInvoice(h(), admin.token, client.id);
    expect(invoice.number).toBe('INV-1');
    // Settings saved before this rule (or written behind its back): credit notes in the invoices' series.
    const saved = await h().request('PUT', settingsUrl, { token: admin.token, body: {} });
    expect(saved.statusCode, saved.body).toBe(200);
    await h()
      .database.db.updateTable('invoice_settings')
      .set({ credit_note_prefix: 'INV-' })
      .where('organisation_id', '=', organisation.id)
      .execute();

    const note = await h().request('POST', `/api/invoice/${invoice.id}/credit-note/`, {
      token: admin.token,
      body: { reason: 'Fee waived' },
    });
    expect(detailOf(note, 409)).toBe(M.numberTaken('INV-1'));
    const numbers = await h()
      .database.db.selectFrom('invoices')
      .select('number_text')
      .where('organisation_id', '=', organisation.id)
      .where('number_text', 'is not', null)
      .execute();
    expect(numbers.map((row) => row.number_text)).toEqual(['INV-1']);

    // The index holds even for a writer that skips the service.
    await expect(
      h()
        .database.db.updateTable('invoices')
        .set({ number_text: 'INV-1' })
        .where('organisation_id', '=', organisation.id)
        .where('id', '!=', invoice.id)
        .where('kind', '=', 'invoice')
        .execute()
        .then(() => issuedInvoice(h(), admin.token, client.id))
        .then((second: InvoiceSaved['invoice']) =>
          h().database.db.updateTable('invoices').set({ number_text: 'INV-1' }).where('id', '=', second.id).execute(),
        ),
    ).rejects.toThrow();
  });
});
