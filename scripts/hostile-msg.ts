// Writes a 5 MB Outlook .msg whose HTML body is 1 MB of unclosed `<script` (quadratic for a regex-based
// HTML-to-text): the hostile import of scripts/security-check.sh.
import { writeFileSync } from 'node:fs';
import { buildMsg } from '../apps/server/src/modules/case-emails/msg-builder.ts';

const target = process.argv[2];
if (!target) throw new Error('usage: tsx scripts/hostile-msg.ts <file>');
writeFileSync(
  target,
  buildMsg({
    from: { name: 'Mallory', email: 'mallory@attacker.example' },
    to: [{ name: 'Lee Lawyer', email: 'lawyer@demo.example' }],
    subject: 'Invoice 2291',
    date: new Date('2026-03-01T09:00:00Z'),
    html: '<script'.repeat(150_000),
    attachments: [{ fileName: 'padding.txt', contentType: 'text/plain', content: Buffer.alloc(2_900_000, 0x61) }],
  }),
);
