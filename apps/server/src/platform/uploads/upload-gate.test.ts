import { documentMessages, TASK_ATTACHMENT_EXTENSIONS, taskMessages, type TaskDetail } from '@lexdesk/contract';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { DEMO, describeEachDatabase, multipartBody } from '../../../test/harness.ts';
import { buildDocx, buildPdf } from '../../modules/documents/index.ts';
import { backgroundWork } from '../queues/fair-queue.ts';
import { checkUpload, uploadPolicy } from './upload-gate.ts';

const HTML_PAGE = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
const mismatch = (extension: string, actual: string) => documentMessages.mismatch(extension, actual);

async function xlsx(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.addWorksheet('Fees').addRow(['Item', 'Amount']);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describeEachDatabase('the upload gate', (h) => {
  const policy = uploadPolicy(TASK_ATTACHMENT_EXTENSIONS, {
    maxBytes: 1024 * 1024,
    unsupported: taskMessages.attachmentType,
    tooLarge: taskMessages.attachmentTooLarge,
  });
  const check = (name: string, data: Buffer) =>
    checkUpload(name, data, policy, h().ctx.config.parse, backgroundWork(h().ids.demoOrg));
  const refusal = async (name: string, data: Buffer) => {
    const error = await check(name, data).then(
      () => null,
      (caught: { message: string }) => caught,
    );
    return error?.message ?? 'accepted';
  };

  it('takes each type of an allow-list when its bytes are that type', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const jpg = await sharp(png).jpeg().toBuffer();
    expect(await check('brief.pdf', buildPdf('Brief', ['Text']))).toEqual({
      extension: 'pdf',
      mediaType: 'application/pdf',
    });
    expect((await check('draft.docx', await buildDocx('Draft', ['Text']))).extension).toBe('docx');
    expect((await check('fees.xlsx', await xlsx())).extension).toBe('xlsx');
    expect((await check('scan.png', png)).mediaType).toBe('image/png');
    expect((await check('photo.JPEG', jpg)).extension).toBe('jpg');
    expect((await check('note.txt', Buffer.from('A note'))).extension).toBe('txt');
    expect((await check('mail.eml', Buffer.from('From: a@example.com\r\nSubject: Hi\r\n\r\nBody'))).extension).toBe(
      'eml',
    );
  });

  it('refuses a file whose bytes are another type than its name says, in words the user can act on', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    expect(await refusal('invoice.pdf', HTML_PAGE)).toBe(mismatch('pdf', 'plain text'));
    expect(await refusal('photo.jpg', png)).toBe(mismatch('jpg', 'an image'));
    expect(await refusal('fees.xlsx', await buildDocx('Draft', ['Text']))).toBe(mismatch('xlsx', 'a Word document'));
    expect(await refusal('draft.docx', await xlsx())).toBe(mismatch('docx', 'an Excel workbook'));
    expect(await refusal('note.txt', buildPdf('Brief', ['Text']))).toBe(mismatch('txt', 'a PDF document'));
    expect(await refusal('mail.eml', Buffer.from('just words'))).toBe(mismatch('eml', 'plain text'));
    expect(await refusal('program.exe', Buffer.from('MZ'))).toBe(taskMessages.attachmentType);
    expect(await refusal('empty.txt', Buffer.alloc(0))).toBe(documentMessages.empty);
    expect(await refusal('big.txt', Buffer.alloc(1024 * 1024 + 1, 'a'))).toBe(taskMessages.attachmentTooLarge);
  });

  it('will not let a module accept a type the gate cannot sniff', () => {
    expect(() => uploadPolicy(['.pdf', '.svg'], { maxBytes: 1, unsupported: '', tooLarge: '' })).toThrow(
      /no rule sniffs \.svg/,
    );
  });

  it('keeps a task attachment that is not what its name says out of storage (a .pdf that is HTML)', async () => {
    const { access: token } = await h().login(DEMO.admin);
    const created = await h().request('POST', '/api/task/', { token, body: { title: 'Upload gate' } });
    const taskId = created.json<{ id: number }>().id;
    const { payload, headers } = multipartBody('file', 'invoice.pdf', 'application/pdf', HTML_PAGE);
    const upload = await h().request('POST', `/api/task/${taskId}/attachment/`, { token, payload, headers });
    expect(upload.statusCode, upload.body).toBe(400);
    expect(upload.json()).toMatchObject({
      detail: mismatch('pdf', 'plain text'),
      fields: { file: expect.any(String) },
    });
    const detail = await h().request('GET', `/api/task/${taskId}/`, { token });
    expect(detail.json<TaskDetail>().attachments).toEqual([]);
    const real = multipartBody('file', 'invoice.pdf', 'application/pdf', buildPdf('Invoice', ['Fees']));
    const stored = await h().request('POST', `/api/task/${taskId}/attachment/`, { token, ...real });
    expect(stored.statusCode, stored.body).toBe(201);
    expect(stored.json().attachment).toMatchObject({ file_name: 'invoice.pdf', content_type: 'application/pdf' });
  });
});
