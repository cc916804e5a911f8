import { playbookMessages as M, type PlaybookDetail, type PlaybookImported } from '@lexdesk/contract';
import { expect, it } from 'vitest';
import { DEMO, describeEachDatabase, multipartBody } from '../../../test/harness.ts';
import { HAS_LIBREOFFICE } from '../templates/docx/libreoffice.ts';
import { attach, createPlaybook, publish } from './playbook-test-helpers.ts';

if (!HAS_LIBREOFFICE) console.warn('Skipping the PDF export test of playbooks: soffice is missing');

describeEachDatabase('playbook export and import', (h) => {
  const tokens = async () => ({
    admin: (await h().login(DEMO.admin)).access,
    user: (await h().login(DEMO.user)).access,
    other: (await h().login(DEMO.otherAdmin)).access,
  });
  const exportAs = (token: string | null, id: number, body: object) =>
    h().request('POST', `/api/playbook-export/${id}/`, { token, body });
  const importPackage = (token: string, data: Buffer, name = 'playbook.json') => {
    const { payload, headers } = multipartBody('file', name, 'application/json', data);
    return h().request('POST', '/api/playbook/import/', { token, payload, headers });
  };

  it('exports the draft as .docx and a version as the package; every role may, another organisation may not', async () => {
    const { admin, user, other } = await tokens();
    const id = await createPlaybook(h(), admin);
    await publish(h(), admin, id);
    const docx = await exportAs(user, id, { format: 'docx' });
    expect(docx.statusCode, docx.body).toBe(200);
    expect(docx.headers['content-type']).toContain('wordprocessingml');
    expect(docx.headers['content-disposition']).toContain('draft.docx');
    expect(docx.rawPayload.subarray(0, 2).toString()).toBe('PK');

    const v1 = await exportAs(user, id, { format: 'json', version: 1 });
    expect(v1.statusCode, v1.body).toBe(200);
    expect(v1.headers['content-disposition']).toContain('v1.json');
    expect(JSON.parse(v1.body)).toMatchObject({ format: 'lexdesk.playbook', version: 1 });
    expect((await exportAs(user, id, { format: 'json', version: 7 })).statusCode).toBe(404);
    expect((await exportAs(other, id, { format: 'docx' })).statusCode).toBe(404);
    expect((await exportAs(null, id, { format: 'docx' })).statusCode).toBe(401);
    expect((await exportAs(user, id, { format: 'odt' })).statusCode).toBe(400);
  });

  it.runIf(HAS_LIBREOFFICE)('exports a .pdf', async () => {
    const { admin } = await tokens();
    const id = await createPlaybook(h(), admin);
    const pdf = await exportAs(admin, id, { format: 'pdf' });
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('imports a package into another organisation; exporting it again gives the same bytes', async () => {
    const { admin, other, user } = await tokens();
    const id = await createPlaybook(h(), admin);
    const upload = await attach(
      h(),
      admin,
      id,
      'guidance note.txt',
      Buffer.from('Never accept unlimited liability.\n'),
    );
    expect(upload.statusCode, upload.body).toBe(201);
    const first = (await exportAs(admin, id, { format: 'json' })).rawPayload;

    const imported = await importPackage(other, first);
    expect(imported.statusCode, imported.body).toBe(201);
    const result = imported.json<PlaybookImported>();
    expect(result).toMatchObject({ detail: M.imported, dropped_concept_heads: [] });
    const detail = (await h().request('GET', `/api/playbook/${result.id}/`, { token: other })).json<PlaybookDetail>();
    expect(detail).toMatchObject({ is_own: true, current_version: null, attachment_count: 1 });
    const again = (await exportAs(other, result.id, { format: 'json' })).rawPayload;
    expect(again.equals(first)).toBe(true);

    // A user reads but does not import; the owner's organisation does not see the copy.
    expect((await importPackage(user, first)).statusCode).toBe(403);
    expect((await h().request('GET', `/api/playbook/${result.id}/`, { token: admin })).statusCode).toBe(404);
  });

  it('refuses what is not a package, and a package whose attachment was changed', async () => {
    const { admin } = await tokens();
    for (const data of [Buffer.from('not json'), Buffer.from(JSON.stringify({ format: 'other', version: 1 }))]) {
      const res = await importPackage(admin, data);
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toBe(M.invalidPackage);
    }
    const id = await createPlaybook(h(), admin);
    await attach(h(), admin, id, 'note.txt', Buffer.from('Original text\n'));
    const pkg = JSON.parse((await exportAs(admin, id, { format: 'json' })).body);
    pkg.playbook.attachments[0].data_base64 = Buffer.from('Changed text\n').toString('base64');
    const tampered = await importPackage(admin, Buffer.from(JSON.stringify(pkg)));
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().detail).toBe(M.invalidPackage);
    const noFile = await h().request('POST', '/api/playbook/import/', { token: admin, body: {} });
    expect(noFile.statusCode).toBe(400);
  });
});
