import type { PlaybookContent } from '@lexdesk/contract';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import PizZip from 'pizzip';
import { describe, expect, it } from 'vitest';
import { HAS_LIBREOFFICE, pdfTextOf } from '../../templates/docx/libreoffice.ts';
import { buildPlaybookDocx, groupByCategory, PLAYBOOK_DOCX_CREATOR } from './playbook-docx.ts';
import { servicesPlaybook } from './playbook-export-fixtures.ts';
import { docxToPdf } from '../../../platform/conversion/docx-to-pdf.ts';
import { buildPlaybookPdf } from './playbook-pdf.ts';
import { backgroundWork, UNLIMITED_ADMISSION } from '../../../platform/queues/fair-queue.ts';

/** One conversion at a time, none refused; the work of no user. */
const CONVERSIONS = { workers: 1, admission: UNLIMITED_ADMISSION };
const WHO = backgroundWork(1);

if (!HAS_LIBREOFFICE)
  console.warn('Skipping the LibreOffice tests of the playbook export: soffice or pdftotext is missing');

const META = { version: 3, organisation: 'Harbour & Co LLP', exportedAt: new Date('2025-03-05T14:03:00Z') };

const partOf = (docx: Buffer, part: string) => new PizZip(docx).file(part)?.asText() ?? '';
const documentXml = (docx: Buffer) => partOf(docx, 'word/document.xml');
const squash = (text: string) => text.replace(/\s+/g, ' ');

/** Each of `expected` occurs in `text`, in this order. */
function expectInOrder(text: string, expected: readonly string[]): void {
  let from = 0;
  for (const part of expected) {
    const at = text.indexOf(part, from);
    expect(at, `"${part}" after position ${from} in:\n${text}`).toBeGreaterThanOrEqual(0);
    from = at + part.length;
  }
}

/** The runs of document.xml whose text contains `text`, with their properties. */
const runsWith = (xml: string, text: string) =>
  [...xml.matchAll(/<w:r>(?:<w:rPr>(.*?)<\/w:rPr>)?<w:t[^>]*>([^<]*)<\/w:t><\/w:r>/g)]
    .filter((match) => match[2]?.includes(text))
    .map((match) => match[1] ?? '');

describe('the playbook as .docx', () => {
  it('groups the entries by category, in the order of their first entry, uncategorised last', () => {
    const groups = groupByCategory(servicesPlaybook());
    expect(groups.map((g) => [g.name, g.entries.map((e) => e.topic)])).toEqual([
      ['Liability', ['Limitation of liability', 'Cap on indemnities']],
      ['Data', ['Data processing']],
      ['Uncategorised', ['Governing law']],
    ]);
  });

  it('keeps the rich text formatting: bold, italic, underline, lists and links', async () => {
    const docx = await buildPlaybookDocx(servicesPlaybook(), META);
    const xml = documentXml(docx);
    expect(runsWith(xml, 'uncapped')).toEqual([expect.stringContaining('<w:b/>')]);
    expect(runsWith(xml, 'data breaches')[0]).toContain('<w:i/>');
    expect(runsWith(xml, 'wilful default')[0]).toContain('<w:u w:val="single"/>');
    expect(runsWith(xml, 'breach of clause 12')[0]).toContain('<w:b/>');
    // A plain run stays plain.
    expect(runsWith(xml, ' for ')[0]).not.toContain('<w:b/>');
    // Lists are Word lists, not typed bullets.
    const capItem = xml.split('</w:p>').find((p) => p.includes('Cap for other loss'));
    expect(capItem).toContain('<w:numPr>');
    // The link is a real hyperlink to its address.
    expect(xml).toMatch(/<w:hyperlink [^>]*r:id="[^"]+"[^>]*>.*?the liability guide/);
    expect(partOf(docx, 'word/_rels/document.xml.rels')).toContain('Target="https://example.com/guide"');
  });

  it('drops what sanitising drops: scripts and unsafe links', async () => {
    const content = servicesPlaybook();
    content.entries[0]!.model_language =
      '<p>Safe text<script>alert(1)</script> and <a href="javascript:alert(1)">a bad link</a>.</p>';
    const xml = documentXml(await buildPlaybookDocx(content, META));
    expect(xml).toContain('Safe text');
    expect(xml).toContain('a bad link');
    expect(xml).not.toContain('alert(1)');
    expect(partOf(await buildPlaybookDocx(content, META), 'word/_rels/document.xml.rels')).not.toContain('javascript');
  });

  it('names the draft, escapes markup in plain text and sets the document properties', async () => {
    const content = servicesPlaybook();
    content.entries[3]!.topic = 'Law <& courts>';
    const docx = await buildPlaybookDocx(content, { ...META, version: null });
    const xml = documentXml(docx);
    expect(xml).toContain('Draft (not published)');
    expect(partOf(docx, 'word/footer1.xml')).toContain('Draft (not published)');
    expect(xml).toContain('Law &lt;&amp; courts&gt;');
    const core = partOf(docx, 'docProps/core.xml');
    expect(core).toContain(`<dc:title>${content.name}</dc:title>`);
    expect(core).toContain(`<dc:creator>${PLAYBOOK_DOCX_CREATOR}</dc:creator>`);
  });

  it.skipIf(!HAS_LIBREOFFICE)(
    'opens in LibreOffice with every part of every entry, in order',
    async () => {
      const text = squash(await pdfTextOf(await buildPlaybookDocx(servicesPlaybook(), META)));
      expectInOrder(text, [
        'Supplier services agreement',
        'Type: Services agreement',
        'Version: 3',
        'Organisation: Harbour & Co LLP',
        'Exported: 5 March 2025',
        'Categories: Liability, Data, Term',
        'Our positions when we buy services.',
        'Use with the 2024 template.',
        'Liability',
        '1. Limitation of liability',
        'Importance: Critical',
        'Standard position',
        'The supplier’s liability is uncapped for data breaches and wilful default.',
        'Cap for other loss: 150% of annual fees',
        'Fallback positions',
        'Fallback 1: Cap at 125% of annual fees',
        'Guidance: Only for strategic suppliers.',
        'Approved by: Supervising partner',
        'Fallback 2: Cap at 100% of annual fees',
        'Approved by: General Counsel',
        'Unacceptable positions',
        'Any cap below the annual fees',
        'Exclusion of liability for data breaches',
        'Model language',
        'Nothing in this Agreement limits the Supplier’s liability for breach of clause 12.',
        'See the liability guide.',
        '2. Cap on indemnities',
        'No fallback positions.',
        'None listed.',
        'No model language.',
        'Data',
        '3. Data processing',
        'Fallback 1: Supplier DPA with our security schedule',
        '1. The Supplier processes Personal Data only on instructions.',
        '2. It notifies breaches within 24 hours.',
        'Uncategorised',
        '4. Governing law',
        'Fallback 1: Arbitration in London (LCIA)',
        'Attachments',
        'Reference MSA.docx',
        'Guidance note.txt',
      ]);
      expect(text).toMatch(/Supplier services agreement · Version 3 · Page 1 of \d/);
    },
    180_000,
  );

  it.skipIf(!HAS_LIBREOFFICE)(
    'builds an empty playbook too',
    async () => {
      const empty: PlaybookContent = {
        ...servicesPlaybook(),
        description: '',
        categories: [],
        entries: [],
        attachments: [],
      };
      const text = squash(await pdfTextOf(await buildPlaybookDocx(empty, META)));
      expectInOrder(text, ['Supplier services agreement', 'Categories: None', 'No entries yet.', 'No attachments.']);
    },
    180_000,
  );
});

describe('the playbook as .pdf', () => {
  it.skipIf(!HAS_LIBREOFFICE)(
    'is the .docx converted by LibreOffice',
    async () => {
      const pdf = await buildPlaybookPdf(CONVERSIONS, WHO, servicesPlaybook(), META);
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const dir = mkdtempSync(path.join(tmpdir(), 'lexdesk-playbook-pdf-'));
      try {
        writeFileSync(path.join(dir, 'playbook.pdf'), pdf);
        const text = squash(execFileSync('pdftotext', [path.join(dir, 'playbook.pdf'), '-'], { encoding: 'utf8' }));
        expectInOrder(text, ['Supplier services agreement', '1. Limitation of liability', '4. Governing law']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    180_000,
  );

  it.skipIf(!HAS_LIBREOFFICE)(
    'fails alone on a document LibreOffice refuses: the queued conversions still run',
    async () => {
      const docx = await buildPlaybookDocx(servicesPlaybook(), META);
      const [broken, first, second] = await Promise.allSettled([
        docxToPdf(CONVERSIONS, WHO, Buffer.from('PK\x03\x04 not a document')),
        docxToPdf(CONVERSIONS, WHO, docx),
        docxToPdf(CONVERSIONS, WHO, docx),
      ]);
      expect(broken).toMatchObject({ status: 'rejected', reason: { message: /did not convert the document to PDF/ } });
      for (const result of [first, second]) {
        expect(result.status).toBe('fulfilled');
        if (result.status === 'fulfilled') expect(result.value.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      }
    },
    240_000,
  );
});
