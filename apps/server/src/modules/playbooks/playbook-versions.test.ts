import {
  playbookMessages as M,
  type CasePlaybookList,
  type PlaybookDetail,
  type PlaybookPreview,
} from '@lexdesk/contract';
import { expect, it } from 'vitest';
import { DEMO, describeEachDatabase } from '../../../test/harness.ts';
import { createCase } from '../cases/case-test-helpers.ts';
import { ALL_ON } from '../organisations/organisations.fixtures.ts';
import { createPlaybook, publish } from './playbook-test-helpers.ts';

describeEachDatabase('playbook versions and case pins', (h) => {
  const tokens = async () => ({
    admin: (await h().login(DEMO.admin)).access,
    user: (await h().login(DEMO.user)).access,
    other: (await h().login(DEMO.otherAdmin)).access,
  });

  it('publishes numbered versions, refuses one without changes, and previews the draft or a version', async () => {
    const { admin, user, other } = await tokens();
    const id = await createPlaybook(h(), admin);
    expect(await publish(h(), admin, id)).toBe(1);
    const again = await h().request('POST', `/api/playbook/${id}/publish/`, { token: admin });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(M.nothingToPublish);
    // Saving the same draft again is no change.
    const detail = (await h().request('GET', `/api/playbook/${id}/`, { token: admin })).json<PlaybookDetail>();
    expect(detail.has_unpublished_changes).toBe(false);
    const body = {
      name: detail.name,
      playbook_type: detail.playbook_type,
      description: detail.description,
      category_ids: detail.categories.map((c) => c.id),
      entries: detail.entries.map(({ id: _id, ...entry }) => entry),
    };
    await h().request('PUT', `/api/playbook/${id}/`, { token: admin, body });
    expect((await h().request('POST', `/api/playbook/${id}/publish/`, { token: admin })).statusCode).toBe(409);

    await h().request('PUT', `/api/playbook/${id}/`, { token: admin, body: { ...body, description: 'Changed' } });
    const changed = (await h().request('GET', `/api/playbook/${id}/`, { token: user })).json<PlaybookDetail>();
    expect(changed).toMatchObject({ has_unpublished_changes: true, current_version: 1 });
    const published = await h().request('POST', `/api/playbook/${id}/publish/`, { token: admin });
    expect(published.json()).toEqual({ detail: M.published(2), version: 2 });
    const versions = (await h().request('GET', `/api/playbook/${id}/`, { token: user })).json<PlaybookDetail>()
      .versions;
    expect(versions.map((v) => [v.version, v.published_by])).toEqual([
      [2, 'Ada Admin'],
      [1, 'Ada Admin'],
    ]);

    const v1 = await h().request('GET', `/api/playbook/preview/${id}/`, { token: user, query: { version: 1 } });
    expect(v1.statusCode, v1.body).toBe(200);
    expect(v1.json<PlaybookPreview>()).toMatchObject({ id, version: 1, content: { description: 'Our positions' } });
    const draft = (await h().request('GET', `/api/playbook/preview/${id}/`, { token: user })).json<PlaybookPreview>();
    expect(draft).toMatchObject({ version: null, content: { description: 'Changed' } });
    expect(draft.content.entries[0]?.fallbacks[0]?.approver).toBe('Partner');
    expect(
      (await h().request('GET', `/api/playbook/preview/${id}/`, { token: user, query: { version: 9 } })).statusCode,
    ).toBe(404);
    expect((await h().request('GET', `/api/playbook/preview/${id}/`, { token: other })).statusCode).toBe(404);
    expect((await h().request('POST', `/api/playbook/${id}/publish/`, { token: user })).statusCode).toBe(403);
    expect((await h().request('POST', `/api/playbook/${id}/publish/`, { token: other })).statusCode).toBe(404);
    expect((await h().request('POST', `/api/playbook/${id}/publish/`)).statusCode).toBe(401);
  });

  it('pins a case to the version it was added at until it is moved', async () => {
    const { admin, user, other } = await tokens();
    const theCase = await createCase(h(), admin);
    const id = await createPlaybook(h(), admin);
    const pins = `/api/case/${theCase.id}/playbooks/`;
    const unpublished = await h().request('POST', pins, { token: admin, body: { playbook_id: id } });
    expect(unpublished.statusCode).toBe(409);
    expect(unpublished.json().detail).toBe(M.notPublished);
    await publish(h(), admin, id);
    const added = await h().request('POST', pins, { token: admin, body: { playbook_id: id } });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().detail).toBe(M.addedToCase);
    const twice = await h().request('POST', pins, { token: admin, body: { playbook_id: id } });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toBe(M.alreadyOnCase);

    const detail = (await h().request('GET', `/api/playbook/${id}/`, { token: admin })).json<PlaybookDetail>();
    await h().request('PUT', `/api/playbook/${id}/`, {
      token: admin,
      body: { name: detail.name, playbook_type: detail.playbook_type, entries: [{ topic: 'Only this' }] },
    });
    await publish(h(), admin, id);
    const list = (await h().request('GET', pins, { token: user })).json<CasePlaybookList>();
    expect(list.data).toEqual([
      expect.objectContaining({ playbook_id: id, version: 1, latest_version: 2, added_by: 'Ada Admin' }),
    ]);

    const moved = await h().request('PUT', `${pins}${id}/`, { token: admin, body: { version: 2 } });
    expect(moved.json()).toEqual({ detail: M.caseMovedToVersion(2) });
    expect((await h().request('PUT', `${pins}${id}/`, { token: admin, body: { version: 7 } })).statusCode).toBe(404);
    expect((await h().request('GET', pins, { token: user })).json<CasePlaybookList>().data[0]?.version).toBe(2);
    expect((await h().request('PUT', `${pins}${id}/`, { token: user, body: { version: 1 } })).statusCode).toBe(403);
    expect((await h().request('GET', pins, { token: other })).statusCode).toBe(404);
    expect((await h().request('DELETE', `${pins}${id}/`, { token: other })).statusCode).toBe(404);
    expect((await h().request('GET', pins)).statusCode).toBe(401);
    // A case's playbooks are part of the case: My Playbook without the Case module does not reach them.
    const noCase = await h().createUser({ role: 'admin', modules: { ...ALL_ON, case_permission: false } });
    const noCaseToken = (await h().login(noCase.email, noCase.password)).access;
    expect((await h().request('GET', pins, { token: noCaseToken })).statusCode).toBe(403);
    const noCasePin = await h().request('DELETE', `${pins}${id}/`, { token: noCaseToken });
    expect(noCasePin.statusCode).toBe(403);

    const removed = await h().request('DELETE', `${pins}${id}/`, { token: admin });
    expect(removed.json()).toEqual({ detail: M.removedFromCase });
    expect((await h().request('GET', pins, { token: admin })).json<CasePlaybookList>().data).toEqual([]);
    expect((await h().request('DELETE', `${pins}${id}/`, { token: admin })).statusCode).toBe(404);
  });
});
