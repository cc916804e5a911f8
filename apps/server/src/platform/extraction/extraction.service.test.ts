import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { buildEml } from '../../modules/case-emails/eml-builder.ts';
import { buildDocx } from '../../modules/documents/sample-files.ts';
import { extractText } from './extraction.service.ts';

describe('extractText of archives nobody checked on upload', () => {
  it('does not inflate a .docx zip bomb attached to an .eml: the attachment is reported unreadable', async () => {
    const zip = await JSZip.loadAsync(await buildDocx('Bomb', ['Inner text of the bomb.']));
    zip.file('word/media/padding.xml', Buffer.alloc(64 * 1024 * 1024, 0x20));
    const bomb = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    const eml = buildEml({
      from: 'mallory@attacker.example',
      to: 'lawyer@demo.example',
      subject: 'Contract',
      date: new Date('2026-03-01T09:00:00Z'),
      text: 'See attached.',
      attachments: [
        { fileName: 'contract.docx', contentType: 'application/octet-stream', content: bomb },
        {
          fileName: 'letter.docx',
          contentType: 'application/octet-stream',
          content: await buildDocx('L', ['Dear Lee']),
        },
      ],
    });
    const text = await extractText(eml, 'eml');
    expect(text).toContain('Attachment: contract.docx (unreadable)');
    expect(text).not.toContain('Inner text of the bomb.');
    expect(text).toContain('Dear Lee');
  });
});
