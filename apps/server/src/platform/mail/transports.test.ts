import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maskSecrets, MASK } from './mail.service.ts';
import { webhookSmsTransport, writeToConsole } from './transports.ts';

describe('SMS webhook transport', () => {
  const posted: { body: unknown; type: string | undefined }[] = [];
  let status = 200;
  let server: Server;
  let url = '';
  beforeAll(async () => {
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        posted.push({ body: JSON.parse(Buffer.concat(chunks).toString()), type: request.headers['content-type'] });
        response.writeHead(status).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('posts JSON {to, text} and takes a 2xx answer as sent', async () => {
    await webhookSmsTransport(url).sendSms({ to: '+44 7700 900123', text: 'Your code is 123456.' });
    expect(posted.at(-1)).toEqual({
      body: { to: '+44 7700 900123', text: 'Your code is 123456.' },
      type: 'application/json',
    });
  });

  it('throws on any other answer, so the delivery job retries', async () => {
    status = 503;
    await expect(webhookSmsTransport(url).sendSms({ to: '+1', text: 'x' })).rejects.toThrow(/answered 503/);
    status = 200;
  });
});

describe('console transport', () => {
  it('prints the whole message, secret included, on the console (never the structured log)', () => {
    let printed = '';
    writeToConsole(
      { channel: 'email', to: 'a@example.com', subject: 'Set your password', text: 'https://x/token=abc' },
      (text) => (printed += text),
    );
    expect(printed).toContain('Email to a@example.com');
    expect(printed).toContain('Subject: Set your password');
    expect(printed).toContain('https://x/token=abc');
    expect(printed).toContain('no SMTP_URL set');
  });
});

describe('maskSecrets', () => {
  it('masks every occurrence of each secret, the longest first', () => {
    expect(maskSecrets('a 123456 b 123456 c', ['123456'])).toBe(`a ${MASK} b ${MASK} c`);
    expect(maskSecrets('token=abcdef&x=abc', ['abc', 'abcdef'])).toBe(`token=${MASK}&x=${MASK}`);
    expect(maskSecrets('nothing', [''])).toBe('nothing');
  });
});
