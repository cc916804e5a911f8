/**
 * POST invoice/{invoice_id}/send/ through a real SMTP server (smtp-server on a free port, nodemailer as the
 * app's transport, as main.ts builds it for SMTP_URL): the mail arrives with the stored PDF attached, the same
 * bytes the download serves, and the outbox lists the attachment. Roles, another organisation, no token and
 * the contract's validation messages.
 */
import { invoiceMessages as M, type OutboxList } from '@lexdesk/contract';
import { simpleParser, type ParsedMail } from 'mailparser';
import nodemailer from 'nodemailer';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/harness.ts';
import type { MailTransport } from '../../platform/context.ts';
import { settleMail } from '../../../test/mail-capture.ts';
import { tokensOf } from '../tasks/task-test-helpers.ts';
import { account, detailOf, draft, issuedInvoice } from './invoice-test-helpers.ts';

const received: ParsedMail[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  async onData(stream, _session, callback) {
    try {
      received.push(await simpleParser(stream));
      callback();
    } catch (error) {
      callback(error as Error);
    }
  },
});
let transport: ReturnType<typeof nodemailer.createTransport> | null = null;
/** The app's mailer: nodemailer to the SMTP server above (started before the harness sends anything). */
const mailer: MailTransport = { sendMail: (message) => transport!.sendMail(message) };

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  transport = nodemailer.createTransport(`smtp://127.0.0.1:${port}`);
});
afterAll(async () => {
  transport?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const to = (mail: ParsedMail) => (Array.isArray(mail.to) ? mail.to : [mail.to]).flatMap((a) => a?.value ?? []);

describeEachDatabase(
  'invoices: send by email with the stored PDF attached',
  (h) => {
    it('delivers the mail over SMTP with the same PDF bytes; the outbox lists the attachment', async () => {
      const { admin, super: superToken } = await tokensOf(h());
      const acc = await account(h(), admin, [], { email: `ap-${Date.now()}@client.example` });
      const inv = await issuedInvoice(h(), admin, acc.id, '1234.56');
      const stored = await h().request('GET', `/api/invoice/${inv.id}/download/`, {
        token: admin,
        query: { format: 'pdf' },
      });
      expect(stored.statusCode).toBe(200);

      const sent = await h().request('POST', `/api/invoice/${inv.id}/send/`, {
        token: admin,
        body: { message: 'Thank you for your business.' },
      });
      expect(sent.statusCode, sent.body).toBe(200);
      expect(sent.json<{ detail: string }>().detail).toBe(M.sent(acc.email));
      await settleMail(h().ctx);
      const mail = received.find((m) => to(m).some((a) => a.address === acc.email))!;
      expect(mail, 'the mail reached the SMTP server').toBeDefined();
      expect(mail.subject).toBe(`Invoice ${inv.number} from Demo Law LLP`);
      expect(mail.text).toContain('Thank you for your business.');
      expect(mail.attachments).toHaveLength(1);
      const [pdf] = mail.attachments;
      expect(pdf!.filename).toBe(`${inv.number}.pdf`);
      expect(pdf!.contentType).toBe('application/pdf');
      expect(Buffer.compare(pdf!.content, stored.rawPayload)).toBe(0);

      const outbox = await h().request('GET', '/api/admin/outbox/', {
        token: superToken,
        query: { limits: 100 },
      });
      expect(outbox.statusCode, outbox.body).toBe(200);
      const row = outbox.json<OutboxList>().data.find((r) => r.subject === mail.subject)!;
      expect(row).toMatchObject({ status: 'sent', attachments: [`${inv.number}.pdf`] });

      // To another address typed in the form.
      const other = `accounts-${Date.now()}@client.example`;
      const again = await h().request('POST', `/api/invoice/${inv.id}/send/`, { token: admin, body: { to: other } });
      expect(again.json<{ detail: string }>().detail).toBe(M.sent(other));
      await settleMail(h().ctx);
      const second = received.find((m) => to(m).some((a) => a.address === other))!;
      expect(second.text).toContain(`Please find attached invoice ${inv.number}.`);
      expect(Buffer.compare(second.attachments[0]!.content, stored.rawPayload)).toBe(0);
    });

    it('is staff only, in their own organisation, signed in; validates', async () => {
      const { admin, user, other, super: superToken } = await tokensOf(h());
      const acc = await account(h(), admin, [], { email: '' });
      const inv = await issuedInvoice(h(), admin, acc.id);
      const url = `/api/invoice/${inv.id}/send/`;
      const body = { to: 'someone@client.example' };
      expect((await h().request('POST', url, { body })).statusCode).toBe(401);
      expect((await h().request('POST', url, { token: user, body })).statusCode).toBe(403);
      expect((await h().request('POST', url, { token: other, body })).statusCode).toBe(404);
      expect((await h().request('POST', '/api/invoice/999999/send/', { token: admin, body })).statusCode).toBe(404);
      expect(detailOf(await h().request('POST', url, { token: admin, body: { to: 'not-an-address' } }), 400)).toBe(
        M.emailInvalid,
      );
      expect(detailOf(await h().request('POST', url, { token: admin, body: { message: 'x'.repeat(5001) } }), 400)).toBe(
        M.tooLong,
      );
      // The account has no address and none is typed.
      expect(detailOf(await h().request('POST', url, { token: admin, body: {} }), 400)).toBe(M.noRecipient);
      // A draft is issued first.
      const d = await draft(h(), admin, {
        account_id: acc.id,
        lines: [{ kind: 'fixed_fee', description: 'Fee', unit_price: '1' }],
      });
      expect(detailOf(await h().request('POST', `/api/invoice/${d.id}/send/`, { token: admin, body }), 409)).toBe(
        M.sendDraft,
      );
      // The super user sends for the organisation too.
      expect((await h().request('POST', url, { token: superToken, body })).statusCode).toBe(200);
    });
  },
  { mailer },
);
