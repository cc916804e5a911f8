import { beforeAll, describe, expect, it } from 'vitest';
import { buildDocx } from '../documents/sample-files.ts';
import { ParseLimitError } from '../../platform/parsing/parse-pool.ts';
import { backgroundWork, UNLIMITED_ADMISSION } from '../../platform/queues/fair-queue.ts';
import { parseEmailFile, parseEmailFileInWorker, safeFileName, sniffEmailFormat } from './email-parse.ts';
import { buildEml } from './eml-builder.ts';
import { buildMsg } from './msg-builder.ts';

describe('parseEmailFile', () => {
  it('reads an .eml, knows an Outlook .msg by its signature, and refuses bytes that are neither', async () => {
    const eml = buildEml({ from: 'a@b.example', to: 'c@d.example', subject: 'Hi', date: new Date(), text: 'Body' });
    expect((await parseEmailFile(eml)).subject).toBe('Hi');
    const ole = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(512)]);
    expect(sniffEmailFormat(ole)).toBe('msg');
    expect(sniffEmailFormat(eml)).toBe('eml');
    await expect(parseEmailFile(Buffer.from('%PDF-1.7'))).rejects.toThrow();
  });

  it('keeps only the last segment of a file name and drops control characters', () => {
    expect(safeFileName('../../etc/passwd', 'x')).toBe('passwd');
    expect(safeFileName('C:\\temp\\a\u0000b.txt', 'x')).toBe('ab.txt');
    expect(safeFileName('..', 'fallback')).toBe('fallback');
  });
});

describe('parseEmailFile on an Outlook .msg', () => {
  const notes = Buffer.from('The client accepts the indemnity clause — fee schedule attached.');
  let docx: Buffer;
  let msg: Buffer;
  beforeAll(async () => {
    docx = await buildDocx('Engagement letter', ['The fee is fixed at 5,000 pounds.', 'Signed by both parties.']);
    msg = buildMsg({
      from: { name: 'Jane Client', email: 'jane@client.example' },
      to: [
        { name: 'Lee Lawyer', email: 'lawyer@demo.example' },
        { name: 'partner@demo.example', email: 'partner@demo.example' },
      ],
      cc: [{ name: 'Pat Paralegal', email: 'paralegal@demo.example' }],
      subject: 'Signed engagement letter (Müller)',
      date: new Date('2026-02-27T10:15:00Z'),
      messageId: '<engagement-42@client.example>',
      text: 'Dear Lee,\r\n\r\nPlease find the signed letter and my notes attached.\r\n\r\nJane',
      attachments: [
        { fileName: 'engagement-notes.txt', contentType: 'text/plain', content: notes },
        {
          fileName: 'engagement-letter.docx',
          contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
          content: docx,
        },
      ],
    });
  });

  it('reads its subject, addresses, date, message id, body and both attachments byte for byte', async () => {
    // The .docx is past the 4096-byte mini-stream cutoff: the file has streams in both kinds of sectors.
    expect(docx.length).toBeGreaterThan(4096);
    expect(sniffEmailFormat(msg)).toBe('msg');
    const parsed = await parseEmailFile(msg);
    expect(parsed).toMatchObject({
      format: 'msg',
      subject: 'Signed engagement letter (Müller)',
      from: '"Jane Client" <jane@client.example>',
      to: '"Lee Lawyer" <lawyer@demo.example>, partner@demo.example',
      cc: '"Pat Paralegal" <paralegal@demo.example>',
      sentAt: '2026-02-27T10:15:00.000Z',
      messageId: '<engagement-42@client.example>',
      text: 'Dear Lee,\r\n\r\nPlease find the signed letter and my notes attached.\r\n\r\nJane',
    });
    expect(parsed.attachments.map((a) => [a.fileName, a.contentType])).toEqual([
      ['engagement-notes.txt', 'text/plain'],
      ['engagement-letter.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ]);
    expect(parsed.attachments[0]?.content.equals(notes)).toBe(true);
    expect(parsed.attachments[1]?.content.equals(docx)).toBe(true);
  });

  it('reads a .msg that is a view into a larger buffer (as an upload is) the same way', async () => {
    const padded = Buffer.concat([Buffer.from('leading bytes'), msg, Buffer.from('trailing bytes')]);
    const view = padded.subarray(13, 13 + msg.length);
    expect((await parseEmailFile(view)).attachments[1]?.content.equals(docx)).toBe(true);
  });

  it('rejects a truncated .msg with an error (the import answers 400), without crashing', async () => {
    const truncated = msg.subarray(0, Math.floor(msg.length / 2));
    expect(sniffEmailFormat(truncated)).toBe('msg');
    await expect(parseEmailFile(truncated)).rejects.toThrow(Error);
  });
});

describe('parseEmailFile on a hostile HTML body', () => {
  /** A tight time limit: a parse that backtracks over the body is stopped (and the test fails) within it. */
  const limits = { workers: 1, backgroundWorkers: 1, timeoutMs: 8_000, memoryMb: 256, admission: UNLIMITED_ADMISSION };
  const who = backgroundWork(1);
  const hostileMsg = (html: string) =>
    buildMsg({
      from: { name: 'Mallory', email: 'mallory@attacker.example' },
      to: [{ name: 'Lee Lawyer', email: 'lawyer@demo.example' }],
      subject: 'Invoice',
      date: new Date('2026-03-01T09:00:00Z'),
      html,
    });

  it('reads the HTML body of a .msg without a text body as text, scripts and tags removed', async () => {
    const parsed = await parseEmailFileInWorker(
      limits,
      who,
      hostileMsg('<p>Dear Lee,</p><script>alert(1)</script><p>the fee is <b>fixed</b> &amp; final.</p>'),
    );
    expect(parsed.text).toMatch(/^Dear Lee,\s+the fee is fixed & final\.$/);
  });

  it('reads a few MB of unclosed `<script` in linear time (quadratic regular expressions took minutes)', async () => {
    // 3 MB of '<script' (the reviewer's 56 KB took 0.1 s on the old code; this many took minutes).
    const msg = hostileMsg('<script'.repeat(450_000));
    await parseEmailFileInWorker(
      limits,
      who,
      hostileMsg('<p>warm-up: the worker is started and its modules loaded</p>'),
    );
    const started = performance.now();
    const parsed = await parseEmailFileInWorker(limits, who, msg);
    // About a second here, idle; the quadratic code took minutes. The bound leaves room for a loaded machine.
    expect(performance.now() - started).toBeLessThan(15_000);
    expect(parsed.subject).toBe('Invoice');
  });

  it('refuses a parse past the time limit with ParseLimitError, and the next parse works again', async () => {
    // A second of work (3 MB of body) against a 20 ms limit.
    const strict = { ...limits, timeoutMs: 20 };
    await expect(parseEmailFileInWorker(strict, who, hostileMsg('<script'.repeat(450_000)))).rejects.toBeInstanceOf(
      ParseLimitError,
    );
    const parsed = await parseEmailFileInWorker(limits, who, hostileMsg('<p>after</p>'));
    expect(parsed.text).toBe('after');
  });
});
