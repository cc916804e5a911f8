/**
 * The invoice's files: GET invoice/{id}/download/?format=pdf|docx|xlsx|csv|ledes and GET invoice/export/
 * (.xlsx / .csv of the filtered list). Every role reads them; another organisation 404; no token 401; an
 * unknown format 400. The bytes open: the PDF starts %PDF-, the .docx and .xlsx are zip packages exceljs and
 * PizZip read, the CSV is neutralised against formulas, LEDES has its header.
 */
import ExcelJS from 'exceljs';
import PizZip from 'pizzip';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/harness.ts';
import { tokensOf } from '../tasks/task-test-helpers.ts';
import { account, draft, issuedInvoice } from './invoice-test-helpers.ts';

describeEachDatabase('invoice routes: downloads and the list export', (h) => {
  it('downloads each format for every role; others 404; no token 401', async () => {
    const t = await tokensOf(h());
    const acc = await account(h(), t.admin, [], { name: `=HYPERLINK("x") ${Date.now()}`, ledes_client_id: 'CL-9' });
    const inv = await issuedInvoice(h(), t.admin, acc.id, '1234.50');
    const url = `/api/invoice/${inv.id}/download/`;
    const get = (format: string, token: string | null = t.user) =>
      h().request('GET', url, { token, query: { format } });
    for (const token of [t.super, t.admin, t.user]) expect((await get('pdf', token)).statusCode).toBe(200);
    for (const format of ['pdf', 'docx', 'xlsx', 'csv', 'ledes']) {
      expect((await get(format, t.other)).statusCode).toBe(404);
      expect((await get(format, null)).statusCode).toBe(401);
    }
    expect((await get('odt')).statusCode).toBe(400);

    const pdf = await get('pdf');
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(`${inv.number}.pdf`);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Without a format: the PDF.
    const plain = await h().request('GET', url, { token: t.user });
    expect(Buffer.compare(plain.rawPayload, pdf.rawPayload)).toBe(0);

    const docx = await get('docx');
    expect(docx.headers['content-disposition']).toContain(`${inv.number}.docx`);
    const xml = new PizZip(docx.rawPayload).file('word/document.xml')!.asText();
    expect(xml).toContain(inv.number!);
    expect(xml).toContain('$1,234.50');

    const xlsx = await get('xlsx');
    expect(xlsx.headers['content-disposition']).toContain(`${inv.number}.xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Invoice')!;
    expect(sheet.getRow(1).values).toContain('Amount');
    const total = sheet.getRows(1, sheet.rowCount)!.find((r) => r.getCell(3).value === 'Total')!;
    expect(total.getCell(8).value).toBe(1234.5);

    const csv = await get('csv');
    expect(csv.headers['content-type']).toContain('text/csv');
    const text = csv.rawPayload.toString('utf8');
    expect(text.startsWith('\uFEFFDate,Kind,Description')).toBe(true);
    expect(text).toContain(',Total,,,,,1234.50,,USD');

    const ledes = await get('ledes');
    expect(ledes.headers['content-disposition']).toContain(`${inv.number}-ledes.txt`);
    const lines = ledes.body.split('\r\n');
    expect(lines[0]).toBe('LEDES1998B[]');
    expect(lines[1]!.split('|')).toHaveLength(24);
    expect(lines[2]).toContain('|CL-9|');
    expect(lines[2]!.endsWith('[]')).toBe(true);

    // A draft's PDF is rendered on the fly (with the DRAFT watermark); its name says draft.
    const d = await draft(h(), t.admin, {
      account_id: acc.id,
      lines: [{ kind: 'fixed_fee', description: 'Later', unit_price: '1' }],
    });
    const draftPdf = await h().request('GET', `/api/invoice/${d.id}/download/`, {
      token: t.user,
      query: { format: 'pdf' },
    });
    expect(draftPdf.statusCode).toBe(200);
    expect(draftPdf.headers['content-disposition']).toContain(`draft-${d.id}.pdf`);
    expect((await h().request('GET', '/api/invoice/999999/download/', { token: t.admin })).statusCode).toBe(404);
  });

  it('exports the filtered list as .xlsx and .csv, formulas neutralised', async () => {
    const t = await tokensOf(h());
    const acc = await account(h(), t.admin, [], { name: `=SUM(A1) ${Date.now()}` });
    const a = await issuedInvoice(h(), t.admin, acc.id, '10.00');
    const b = await issuedInvoice(h(), t.admin, acc.id, '20.00');
    await h().request('POST', `/api/invoice/${b.id}/void/`, { token: t.admin });
    const url = '/api/invoice/export/';
    const get = (query: Record<string, string | number>, token: string | null = t.user) =>
      h().request('GET', url, { token, query: { account_id: acc.id, ...query } });

    const csv = await get({ format: 'csv' });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-disposition']).toContain('invoices.csv');
    const rows = csv.rawPayload
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(rows[0]).toBe(
      'Number,Kind,Status,Client,Case,Issue date,Due date,Currency,Subtotal,Tax,Total,Paid,Credited,Balance',
    );
    expect(rows).toHaveLength(3);
    expect(rows.find((r) => r.startsWith(`${a.number},`))).toContain(`,'=SUM(A1)`);
    const issuedOnly = await get({ format: 'csv', status: 'issued' });
    const only = issuedOnly.rawPayload.toString('utf8').trim().split('\r\n');
    expect(only).toHaveLength(2);
    expect(only[1]!.startsWith(`${a.number},Invoice,Issued,`)).toBe(true);

    const xlsx = await get({ format: 'xlsx' });
    expect(xlsx.headers['content-disposition']).toContain('invoices.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Invoices')!;
    expect(sheet.rowCount).toBe(3);
    const numbers = [2, 3].map((i) => sheet.getRow(i).getCell(1).value);
    expect(numbers.sort()).toEqual([a.number, b.number].sort());
    // Default format: .xlsx.
    const plain = await h().request('GET', url, { token: t.user });
    expect(plain.headers['content-disposition']).toContain('invoices.xlsx');

    expect((await get({ format: 'pdf' })).statusCode).toBe(400);
    expect((await get({ format: 'csv', date_from: '2026-04-01', date_to: '2026-03-01' })).statusCode).toBe(400);
    expect((await get({ format: 'csv' }, null)).statusCode).toBe(401);
    const foreign = await get({ format: 'csv' }, t.other);
    expect(foreign.statusCode).toBe(200);
    expect(foreign.rawPayload.toString('utf8').trim().split('\r\n')).toHaveLength(1);
  });
});
