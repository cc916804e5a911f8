import { conceptMessages as M, type ConceptListCreated, type ConceptListDetail } from '@lexdesk/contract';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/harness.ts';
import { createList, tokensOf, uniqueListName, type Tokens } from './analyser-test-helpers.ts';
import { readCsv, writeCsv } from './concept-file-codec.ts';

/** multipart/form-data with a `name` field and a `file` part. */
function importForm(name: string | null, fileName: string, content: Buffer) {
  const boundary = `----lexdesk${Date.now()}`;
  const parts: Buffer[] = [];
  if (name !== null) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\n${name}\r\n`));
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

// Values a file must carry back exactly: commas, quotes, line breaks, formula starts, accents, markup.
const TRICKY = [
  {
    head: 'GOVERNING LAW',
    definition: '<p>Which law, "exactly"\napplies &amp; where</p>',
    terms: 'governed | law',
    phrases: 'laws of | exclusive jurisdiction',
  },
  { head: '=SUM(A1)', definition: '', terms: "+plus | -minus | @at | 'quote", phrases: "'=already quoted" },
  { head: 'CAFÉ ÜBER', definition: '<p>ünïcødé</p>', terms: '', phrases: '' },
];

describe('concept list CSV', () => {
  it('reads back exactly what it wrote, and guards formula starts', () => {
    const rows = TRICKY.map((h) => [h.head, h.definition, h.terms, h.phrases] as [string, string, string, string]);
    const text = writeCsv(rows).toString('utf8');
    expect(text.startsWith('\uFEFF"head","definition","terms","phrases"\r\n')).toBe(true);
    expect(text).toContain(`"'=SUM(A1)"`);
    expect(readCsv(text)).toEqual([['head', 'definition', 'terms', 'phrases'], ...rows]);
    expect(readCsv('head,definition\nA,b c\r\n\n')).toEqual([
      ['head', 'definition'],
      ['A', 'b c'],
    ]);
  });
});

describeEachDatabase('concept list import and export', (h) => {
  let t: Tokens;
  beforeAll(async () => {
    t = await tokensOf(h());
  });
  const importFile = (token: string | null, name: string | null, fileName: string, content: Buffer) =>
    h().request('POST', '/api/concept-list/import/', { token, ...importForm(name, fileName, content) });
  const headsOf = async (listId: number) =>
    (await h().request('GET', '/api/concept-list/create/', { token: t.admin, query: { conceptListID: listId } }))
      .json<{ concept_list: ConceptListDetail[] }>()
      .concept_list[0]?.heads.map(({ head, definition, terms, phrases }) => ({ head, definition, terms, phrases }));

  for (const format of ['xlsx', 'csv'] as const) {
    it(`exports a list as .${format} and imports it back exactly`, async () => {
      const { listId } = await createList(h(), t.admin, { heads: TRICKY });
      const original = await headsOf(listId);
      const exported = await h().request('GET', `/api/concept-list/export/${listId}/`, {
        token: t.user,
        query: { format },
      });
      expect(exported.statusCode).toBe(200);
      expect(exported.headers['content-disposition']).toContain(`.${format}`);
      const imported = await importFile(t.admin, uniqueListName('Imported'), `list.${format}`, exported.rawPayload);
      expect(imported.statusCode, imported.body).toBe(201);
      const created = imported.json<ConceptListCreated>();
      expect(created.detail).toBe(M.listAdded);
      expect(await headsOf(created.ids.concept_list_id)).toEqual(original);
      expect(
        (await h().request('GET', `/api/concept-list/export/${listId}/`, { token: t.otherAdmin })).statusCode,
      ).toBe(404);
    });
  }

  it('refuses a wrong type, wrong columns, an empty file, a bad row, a missing name, a user and no token', async () => {
    const csv = (text: string) => Buffer.from(text, 'utf8');
    const cases: [string | null, string, Buffer, string][] = [
      [uniqueListName(), 'list.txt', csv('head\nA'), M.importType],
      [uniqueListName(), 'list.xlsx', csv('head,definition,terms,phrases\nA,,,'), M.importType],
      [uniqueListName(), 'list.csv', csv('name,definition,terms,phrases\nA,,,'), M.importColumns],
      [uniqueListName(), 'list.csv', csv('head,definition,terms,phrases\n'), M.importEmpty],
      [
        uniqueListName(),
        'list.csv',
        csv('head,definition,terms,phrases\nA,,,\n" ",x,,'),
        M.importLine(3, M.headRequired),
      ],
      [uniqueListName(), 'list.csv', csv('head,definition,terms,phrases\nA,,,\na,,,'), M.headAlreadyDrafted],
      [null, 'list.csv', csv('head,definition,terms,phrases\nA,,,'), M.nameRequired],
    ];
    for (const [name, fileName, content, message] of cases) {
      const res = await importFile(t.admin, name, fileName, content);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().detail).toBe(message);
    }
    const good = csv('head,definition,terms,phrases\nA,,,');
    expect((await importFile(t.user, uniqueListName(), 'list.csv', good)).statusCode).toBe(403);
    expect((await importFile(null, uniqueListName(), 'list.csv', good)).statusCode).toBe(401);
    const big = Buffer.alloc(6 * 1024 * 1024, 'a');
    const tooLarge = await importFile(t.admin, uniqueListName(), 'list.csv', big);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().detail).toBe(M.importTooLarge);
  });

  it('reads an .xlsx written by another program (header case, numbers, rich text)', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Sheet1');
    sheet.addRow(['Head', 'Definition', 'Terms', 'Phrases']);
    sheet.addRow(['term', { richText: [{ text: 'Rich ' }, { text: 'text', font: { bold: true } }] }, 42, 'a phrase']);
    const data = Buffer.from(await workbook.xlsx.writeBuffer());
    const res = await importFile(t.admin, uniqueListName(), 'other.XLSX', data);
    expect(res.statusCode, res.body).toBe(201);
    const heads = await headsOf(res.json<ConceptListCreated>().ids.concept_list_id);
    expect(heads).toEqual([{ head: 'TERM', definition: 'Rich text', terms: '42', phrases: 'a phrase' }]);
  });
});
