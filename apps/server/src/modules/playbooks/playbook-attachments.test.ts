import {
  playbookMessages as M,
  type PlaybookAttachmentAdded,
  type PlaybookAttachmentList,
  type PlaybookTermResult,
} from '@lexdesk/contract';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { CONTRACTS_DIR, contractFiles, hasSharedCorpus } from '../../../test/analyser-corpus.ts';
import { DEMO, describeEachDatabase } from '../../../test/harness.ts';
import { storageRoot } from '../../platform/storage/storage.service.ts';
import { sweepStorage } from '../../platform/storage/storage-sweep.ts';
import { indexNow } from '../cases/case-test-helpers.ts';
import { buildDocx, buildText } from '../documents/index.ts';
import { attach, createPlaybook } from './playbook-test-helpers.ts';

const HAS_CONTRACTS = hasSharedCorpus() || Boolean(process.env.REQUIRE_SHARED_DATA);
if (!HAS_CONTRACTS)
  console.warn(
    `playbook-attachments.test.ts: ${CONTRACTS_DIR} is absent (../shared): the real-contract term search is skipped`,
  );

/** Occurrences of `word` as a whole word, case-insensitively (the engine's counting rules for one plain word). */
const occurrences = (text: string, word: string) =>
  text.match(new RegExp(`(?<![\\p{L}\\p{N}\\p{M}_])${word}(?![\\p{L}\\p{N}\\p{M}_])`, 'giu'))?.length ?? 0;

describeEachDatabase('playbook attachments and the term search', (h) => {
  const tokens = async () => ({
    admin: (await h().login(DEMO.admin)).access,
    user: (await h().login(DEMO.user)).access,
    other: (await h().login(DEMO.otherAdmin)).access,
  });
  const term = (token: string, body: object) => h().request('POST', '/api/playbook-term/', { token, body });

  it('uploads, lists, downloads and deletes an attachment; its text is searchable while it exists', async () => {
    const { admin, user, other } = await tokens();
    const id = await createPlaybook(h(), admin, { playbook_type: 'Data processing agreement' });
    const note = await buildDocx('Processing note', [
      'Subprocessors need our prior written approval, zanzibarian style.',
    ]);
    const res = await attach(h(), admin, id, 'Processing note.docx', note, 'application/octet-stream');
    expect(res.statusCode, res.body).toBe(201);
    const added = res.json<PlaybookAttachmentAdded>();
    expect(added).toMatchObject({
      detail: M.attachmentAdded,
      attachment: { file_name: 'Processing note.docx', state: 'pending', uploaded_by: 'Ada Admin' },
    });
    await indexNow(h());
    const list = await h().request('GET', `/api/playbook-attachment/list/${id}/`, {
      token: user,
      query: { type: 'playbook' },
    });
    expect(list.json<PlaybookAttachmentList>().data.map((a) => [a.id, a.state, a.size])).toEqual([
      [added.attachment.id, 'indexed', note.length],
    ]);
    const file = await h().request('GET', `/api/playbook/attachments/${added.attachment.id}/`, { token: user });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(note)).toBe(true);
    expect(file.headers['content-disposition']).toContain('Processing note.docx');

    const found = await term(user, {
      search_key: 'zanzibarian',
      playbook_type: 'Data processing agreement',
      horizon: 3,
    });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json<PlaybookTermResult>()).toEqual({
      data: [
        expect.objectContaining({
          playbook_id: id,
          source: 'attachment',
          source_id: added.attachment.id,
          source_name: 'Processing note.docx',
          keyword: 'zanzibarian',
          left: 'prior written approval, ',
          right: ' style',
        }),
      ],
      total: 1,
      truncated: false,
    });
    expect(
      (await term(other, { search_key: 'zanzibarian', playbook_type: 'Data processing agreement' })).json().total,
    ).toBe(0);

    for (const token of [other]) {
      expect(
        (await h().request('GET', `/api/playbook/attachments/${added.attachment.id}/`, { token })).statusCode,
      ).toBe(404);
      expect(
        (await h().request('DELETE', `/api/playbook/attachments/${added.attachment.id}/`, { token })).statusCode,
      ).toBe(404);
      expect((await attach(h(), token, id, 'x.txt', buildText('x', ['x']))).statusCode).toBe(404);
    }
    expect(
      (await h().request('DELETE', `/api/playbook/attachments/${added.attachment.id}/`, { token: user })).statusCode,
    ).toBe(403);
    expect((await attach(h(), user, id, 'x.txt', buildText('x', ['x']))).statusCode).toBe(403);
    expect((await h().request('GET', `/api/playbook/attachments/${added.attachment.id}/`)).statusCode).toBe(401);

    const row = await h()
      .database.db.selectFrom('playbook_attachments')
      .select('storage_key')
      .where('id', '=', added.attachment.id)
      .executeTakeFirstOrThrow();
    // The storage sweep knows the column: the file stays while its row does.
    await sweepStorage(h().ctx, { graceMs: 0 });
    expect(existsSync(path.join(storageRoot(h().ctx), row.storage_key))).toBe(true);
    const removed = await h().request('DELETE', `/api/playbook/attachments/${added.attachment.id}/`, { token: admin });
    expect(removed.json()).toEqual({ detail: M.attachmentDeleted });
    expect(existsSync(path.join(storageRoot(h().ctx), row.storage_key))).toBe(false);
    expect(
      (await term(user, { search_key: 'zanzibarian', playbook_type: 'Data processing agreement' })).json().total,
    ).toBe(0);
    expect(
      (await h().request('GET', `/api/playbook/attachments/${added.attachment.id}/`, { token: admin })).statusCode,
    ).toBe(404);
  });

  it('refuses other types, renamed files and files over 25 MB', async () => {
    const { admin } = await tokens();
    const id = await createPlaybook(h(), admin);
    const refused = async (name: string, content: Buffer, status = 400) => {
      const res = await attach(h(), admin, id, name, content);
      expect(res.statusCode, res.body).toBe(status);
      return res.json().detail as string;
    };
    expect(await refused('notes.html', Buffer.from('<p>Hello</p>'))).toBe(M.attachmentType);
    expect(await refused('notes.doc', Buffer.from('Hello'))).toBe(M.attachmentType);
    expect(await refused('renamed.pdf', Buffer.from('plain text, not a PDF'))).toContain('not a .pdf file');
    expect(await refused('big.txt', Buffer.alloc(25 * 1024 * 1024 + 1, 'a'), 413)).toBe(M.attachmentTooLarge);
    // At most 50 per playbook.
    const full = await createPlaybook(h(), admin);
    const row = (n: number) => ({
      organisation_id: h().ids.demoOrg,
      playbook_id: full,
      storage_key: `playbooks/2026/00000000-0000-0000-0000-${String(n).padStart(12, '0')}`,
      file_name: `${n}.txt`,
      content_type: 'text/plain',
      extension: 'txt',
      size: 1,
      state: 'indexed',
      uploaded_by: null,
      uploaded_at: '2026-03-02T09:00:00.000Z',
    });
    await h()
      .database.db.insertInto('playbook_attachments')
      .values(Array.from({ length: 50 }, (_, n) => row(n)))
      .execute();
    const tooMany = await attach(h(), admin, full, 'one more.txt', buildText('More', ['More.']));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().detail).toBe(M.tooManyAttachments);
    const none = await h().request('POST', `/api/playbook/attachments/${id}/`, { token: admin, body: {} });
    expect(none.statusCode).toBe(400);
    expect(
      await h().database.db.selectFrom('playbook_attachments').select('id').where('playbook_id', '=', id).execute(),
    ).toEqual([]);
  });

  it('finds words of the entries, and asks for a playbook type', async () => {
    const { admin, user } = await tokens();
    const id = await createPlaybook(h(), admin, { playbook_type: 'Lease' });
    const res = await term(user, { search_key: 'Perpetual obligations', playbook_type: 'Lease' });
    expect(res.json<PlaybookTermResult>().data).toEqual([
      expect.objectContaining({
        playbook_id: id,
        source: 'entry',
        source_name: 'Term of confidentiality',
        keyword: 'Perpetual obligations',
      }),
    ]);
    // Deleting the playbook takes its entries' and attachments' text out of the index.
    expect(
      (await attach(h(), admin, id, 'lease.txt', buildText('Lease', ['Perpetual obligations again.']))).statusCode,
    ).toBe(201);
    await indexNow(h());
    expect((await term(user, { search_key: 'Perpetual obligations', playbook_type: 'Lease' })).json().total).toBe(2);
    const db = h().database.db;
    const entryIds = (await db.selectFrom('playbook_entries').select('id').where('playbook_id', '=', id).execute()).map(
      (r) => r.id,
    );
    const fileIds = (
      await db.selectFrom('playbook_attachments').select('id').where('playbook_id', '=', id).execute()
    ).map((r) => r.id);
    const indexed = async () =>
      (
        await db
          .selectFrom('search_sources')
          .select('id')
          .where((eb) =>
            eb.or([
              eb.and([eb('source_kind', '=', 'playbook_entry'), eb('source_id', 'in', entryIds)]),
              eb.and([eb('source_kind', '=', 'playbook_attachment'), eb('source_id', 'in', fileIds)]),
            ]),
          )
          .execute()
      ).length;
    expect(await indexed()).toBe(3);
    expect((await h().request('DELETE', `/api/playbook/${id}/`, { token: admin })).statusCode).toBe(200);
    expect((await term(user, { search_key: 'Perpetual obligations', playbook_type: 'Lease' })).json().total).toBe(0);
    expect(await indexed()).toBe(0);
    const noType = await term(user, { search_key: 'rent' });
    expect(noType.statusCode).toBe(400);
    expect(noType.json().detail).toBe(M.selectType);
    const noWord = await term(user, { search_key: ' ', playbook_type: 'Lease' });
    expect(noWord.json().detail).toBe(M.searchKeyRequired);
    expect(
      (await h().request('POST', '/api/playbook-term/', { body: { search_key: 'x', playbook_type: 'Lease' } }))
        .statusCode,
    ).toBe(401);
  });

  it.skipIf(!HAS_CONTRACTS)('finds every occurrence of a word of a real contract attached to a playbook', async () => {
    const { admin, user } = await tokens();
    const [file] = contractFiles(1);
    const text = readFileSync(file as string, 'utf8');
    const word = (text.match(/[A-Za-z]{9,}/g) ?? []).find((w) => occurrences(text, w) >= 2) as string;
    const id = await createPlaybook(h(), admin, { playbook_type: 'Employment agreement', entries: [] });
    const res = await attach(h(), admin, id, path.basename(file as string), Buffer.from(text));
    expect(res.statusCode, res.body).toBe(201);
    await indexNow(h());
    const found = await term(user, { search_key: word, playbook_type: 'Employment agreement' });
    const result = found.json<PlaybookTermResult>();
    expect(result.total).toBe(occurrences(text, word));
    expect(result.data.length).toBe(Math.min(result.total, 500));
    expect(
      result.data.every((hit) => hit.keyword.toLowerCase() === word.toLowerCase() && hit.source === 'attachment'),
    ).toBe(true);
  });
});
