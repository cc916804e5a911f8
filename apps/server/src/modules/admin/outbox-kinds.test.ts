/**
 * Issue 29 item 2: the provider's outbox shows another organisation's messages only when they are account mail
 * (links, invitations, codes); a firm's business mail (an invoice sent to its client) stays in the firm's own
 * view, and the delivery counts follow the same rule.
 */
import type { DeliveryStatus, OutboxList } from '@lexdesk/contract';
import { expect, it } from 'vitest';
import { DEMO, describeEachDatabase, type Harness } from '../../../test/harness.ts';
import { account, issuedInvoice } from '../invoices/invoice-test-helpers.ts';

async function outboxOf(h: Harness, token: string, search: string): Promise<OutboxList['data']> {
  await h.delivered();
  const res = await h.request('GET', '/api/admin/outbox/', { token, query: { search_key: search, limits: 200 } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<OutboxList>().data;
}

async function emailCounts(h: Harness, token: string) {
  const res = await h.request('GET', '/api/admin/delivery-status/', { token });
  expect(res.statusCode, res.body).toBe(200);
  const { email } = res.json<DeliveryStatus>();
  return email.queued + email.sent + email.failed;
}

describeEachDatabase('the outbox shows the provider account mail only (issue 29 item 2)', (h) => {
  it("hides another firm's invoice mail from the super user, and shows that firm's account mail", async () => {
    const superToken = (await h().login(DEMO.super)).access;
    const other = (await h().login(DEMO.otherAdmin)).access;
    const client = `ap-${Date.now()}@other-client.example`;
    const acc = await account(h(), other, [], { email: client });
    const invoice = await issuedInvoice(h(), other, acc.id);
    await h().delivered();
    const countsBefore = await emailCounts(h(), superToken);

    const sent = await h().request('POST', `/api/invoice/${invoice.id}/send/`, {
      token: other,
      body: { message: 'Privileged: settlement of the Smith matter.' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    // An invitation to administer the same firm: account mail, which the provider sends and sees.
    const invited = h().uniqueEmail('invited');
    const link = await h().request('POST', '/api/admin/links/', {
      token: superToken,
      body: { kind: 'create_admin', email: invited, organisation_id: h().ids.otherOrg },
    });
    expect(link.statusCode, link.body).toBe(200);

    // The mail did leave: the client received it.
    expect(await h().mailsTo(client)).toHaveLength(1);
    expect(await outboxOf(h(), superToken, client)).toEqual([]);
    expect(await outboxOf(h(), superToken, invoice.number!)).toEqual([]);
    const [invitation] = await outboxOf(h(), superToken, invited);
    expect(invitation).toMatchObject({ to_address: invited, kind: 'admin_invitation', status: 'sent' });
    // The counts follow the list: the invitation counts, the invoice does not.
    expect(await emailCounts(h(), superToken)).toBe(countsBefore + 1);
  });

  it("shows the super user's own organisation's business mail, with its kind", async () => {
    const superToken = (await h().login(DEMO.super)).access;
    const admin = (await h().login(DEMO.admin)).access;
    const client = `ap-${Date.now()}@own-client.example`;
    const acc = await account(h(), admin, [], { email: client });
    const invoice = await issuedInvoice(h(), admin, acc.id);
    const sent = await h().request('POST', `/api/invoice/${invoice.id}/send/`, { token: admin, body: {} });
    expect(sent.statusCode, sent.body).toBe(200);
    const [row] = await outboxOf(h(), superToken, client);
    expect(row).toMatchObject({ to_address: client, kind: 'invoice', attachments: [`${invoice.number}.pdf`] });
  });
});
