/**
 * The journeys' mail and SMS sink, started by Playwright as a webServer beside the app:
 * - SMTP on SINK_SMTP_PORT: the app's SMTP_URL points here; every message is parsed and kept.
 * - HTTP on SINK_HTTP_PORT: `POST /sms` is the app's SMS_WEBHOOK_URL ({to, text}); `GET /messages?to=`
 *   answers what `to` received, newest first (an email's attachments by name, type, size and SHA-256); `GET /health` answers once both listen.
 * Tests read their links and codes here, as a user reads a mailbox or a phone.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';

interface Received {
  channel: 'email' | 'sms';
  to: string[];
  subject: string;
  text: string;
  /** The files attached to an email (what a mail client lists), each with the SHA-256 of its bytes. */
  attachments: { filename: string; content_type: string; size: number; sha256: string }[];
  received_at: string;
}

const smtpPort = Number(process.env.SINK_SMTP_PORT);
const httpPort = Number(process.env.SINK_HTTP_PORT);
if (!smtpPort || !httpPort) throw new Error('SINK_SMTP_PORT and SINK_HTTP_PORT must be set');

const received: Received[] = [];

function addressesOf(field: AddressObject | AddressObject[] | undefined): string[] {
  const objects = field === undefined ? [] : Array.isArray(field) ? field : [field];
  return objects.flatMap((object) => object.value.map((entry) => (entry.address ?? '').toLowerCase()));
}

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  async onData(stream, session, callback) {
    try {
      const mail = await simpleParser(stream);
      const envelope = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase());
      received.push({
        channel: 'email',
        to: [...new Set([...envelope, ...addressesOf(mail.to)])],
        subject: mail.subject ?? '',
        text: mail.text ?? '',
        attachments: mail.attachments.map((file) => ({
          filename: file.filename ?? '',
          content_type: file.contentType,
          size: file.content.length,
          sha256: createHash('sha256').update(file.content).digest('hex'),
        })),
        received_at: new Date().toISOString(),
      });
      callback();
    } catch (error) {
      callback(error as Error);
    }
  },
});

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const http = createServer((request, response) => {
  const url = new URL(request.url ?? '/', `http://127.0.0.1:${httpPort}`);
  const json = (status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  if (request.method === 'GET' && url.pathname === '/health') return json(200, { ok: true });
  if (request.method === 'GET' && url.pathname === '/messages') {
    const to = (url.searchParams.get('to') ?? '').toLowerCase();
    return json(200, received.filter((message) => message.to.includes(to)).reverse());
  }
  if (request.method === 'POST' && url.pathname === '/sms') {
    void bodyOf(request)
      .then((text) => {
        const sms = JSON.parse(text) as { to: string; text: string };
        received.push({
          channel: 'sms',
          to: [sms.to.toLowerCase()],
          subject: '',
          text: sms.text,
          attachments: [],
          received_at: new Date().toISOString(),
        });
        json(200, { ok: true });
      })
      .catch(() => json(400, { ok: false }));
    return;
  }
  json(404, { detail: 'Not found' });
});

smtp.listen(smtpPort, '127.0.0.1', () => {
  http.listen(httpPort, '127.0.0.1');
});

const stop = () => {
  http.close();
  smtp.close(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
