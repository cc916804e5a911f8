import type { PlaybookDetail, PlaybookList, PlaybookPackage, PlaybookTermResult } from '@lexdesk/contract';
import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import { DEMO, describeEachDatabase } from '../../../test/harness.ts';
import { NEVER_ABORTED, userWork } from '../../platform/queues/fair-queue.ts';
import { indexNow } from '../cases/case-test-helpers.ts';
import { buildText } from '../documents/index.ts';
import { playbookContentFor } from './playbook-versions.service.ts';
import { importPlaybookPackage } from './playbook-import.ts';
import { seedPlaybooks } from './playbook-test-helpers.ts';
import { DEMO_LICENCE, DEMO_NDA } from './playbooks.seed.ts';

describeEachDatabase('the demo playbooks, and the functions the export and import build on', (h) => {
  it('seeds two playbooks once, with entries, fallbacks, an indexed note and version 1 of the NDA', async () => {
    await seedPlaybooks(h());
    await seedPlaybooks(h());
    const { access } = await h().login(DEMO.user);
    const list = (await h().request('GET', '/api/playbook/', { token: access })).json<PlaybookList>();
    expect(list.data.map((row) => row.name).sort()).toEqual([DEMO_NDA, DEMO_LICENCE].sort());
    expect(list.data.reduce((sum, row) => sum + row.entry_count, 0)).toBe(12);
    const nda = list.data.find((row) => row.name === DEMO_NDA);
    const detail = (await h().request('GET', `/api/playbook/${nda?.id}/`, { token: access })).json<PlaybookDetail>();
    expect(detail).toMatchObject({ current_version: 1, has_unpublished_changes: false, attachment_count: 1 });
    expect(detail.entries.every((entry) => entry.fallbacks.length > 0)).toBe(true);
    await indexNow(h());
    const found = await h().request('POST', '/api/playbook-term/', {
      token: access,
      body: { search_key: 'regulator', playbook_type: 'Non-disclosure agreement' },
    });
    expect(found.json<PlaybookTermResult>().data.map((hit) => hit.source_name)).toEqual(['NDA negotiation note.docx']);
  });

  it('answers the content of the draft or a version, and imports a package as a new draft', async () => {
    const { access } = await h().login(DEMO.admin);
    const actor = await h().actorOf(access);
    await seedPlaybooks(h());
    const nda = (
      await h().request('GET', '/api/playbook/', { token: access, query: { search_key: 'Mutual' } })
    ).json<PlaybookList>().data[0];
    const v1 = await playbookContentFor(h().ctx, actor, nda?.id ?? 0, 1);
    expect(v1).toMatchObject({ version: 1, content: { name: DEMO_NDA } });
    expect(v1.content.attachments.map((a) => a.file_name)).toEqual(['NDA negotiation note.docx']);

    const note = buildText('Imported note', ['An imported word: quokkalicious.']);
    const pkg: PlaybookPackage = {
      format: 'lexdesk.playbook',
      version: 1,
      playbook: {
        name: DEMO_NDA,
        playbook_type: 'Non-disclosure agreement',
        description: 'Imported',
        categories: ['Scope', 'Imported category'],
        entries: [
          {
            topic: 'Imported topic',
            category: 'Imported category',
            importance: 'high',
            standard_position: '<p>Standard</p>',
            fallbacks: [{ position: 'Fallback', guidance: '', approver: '' }],
            unacceptable: ['Never'],
            model_language: '',
            concept_heads: [{ list: 'No such list', head: 'No such head' }],
          },
        ],
        attachments: [
          {
            file_name: 'note.txt',
            content_type: 'text/plain',
            sha256: createHash('sha256').update(note).digest('hex'),
            data_base64: note.toString('base64'),
          },
        ],
      },
    };
    const imported = await importPlaybookPackage(h().ctx, actor, pkg, userWork(actor, NEVER_ABORTED));
    expect(imported).toMatchObject({ name: `${DEMO_NDA} (2)`, droppedConceptHeads: ['No such list / No such head'] });
    const detail = (
      await h().request('GET', `/api/playbook/${imported.id}/`, { token: access })
    ).json<PlaybookDetail>();
    expect(detail.categories.map((c) => c.name)).toEqual(['Scope', 'Imported category']);
    expect(detail.entries[0]).toMatchObject({ topic: 'Imported topic', category_id: detail.categories[1]?.id });
    await indexNow(h());
    const found = await h().request('POST', '/api/playbook-term/', {
      token: access,
      body: { search_key: 'quokkalicious', playbook_type: 'Non-disclosure agreement' },
    });
    expect(found.json().total).toBe(1);
    const tampered = {
      ...pkg,
      playbook: { ...pkg.playbook, attachments: [{ ...pkg.playbook.attachments[0]!, sha256: '0' }] },
    };
    await expect(importPlaybookPackage(h().ctx, actor, tampered, userWork(actor, NEVER_ABORTED))).rejects.toMatchObject(
      { statusCode: 400 },
    );
  });

  it("keeps a deleted user's playbooks, their name gone from them", async () => {
    const { access: admin } = await h().login(DEMO.admin);
    const colleague = await h().createUser({ role: 'admin' });
    const { access } = await h().login(colleague.email, colleague.password);
    const created = await h().request('POST', '/api/playbook/', {
      token: access,
      body: { name: 'Made by a colleague', playbook_type: 'Other', entries: [{ topic: 'T' }] },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect((await h().request('DELETE', `/api/user/${colleague.id}/`, { token: admin })).statusCode).toBe(200);
    const detail = await h().request('GET', `/api/playbook/${created.json().id}/`, { token: admin });
    expect(detail.json<PlaybookDetail>().created_by).toBeNull();
  });
});
