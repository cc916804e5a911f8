import {
  playbookMessages as M,
  type PlaybookAssignment,
  type PlaybookDetail,
  type PlaybookList,
  type PickerUser,
} from '@lexdesk/contract';
import { expect, it } from 'vitest';
import { DEMO, describeEachDatabase } from '../../../test/harness.ts';
import { createCase } from '../cases/case-test-helpers.ts';
import { createPlaybook, publish, share } from './playbook-test-helpers.ts';

describeEachDatabase('sharing playbooks with other organisations', (h) => {
  const tokens = async () => ({
    super: (await h().login(DEMO.super)).access,
    admin: (await h().login(DEMO.admin)).access,
    other: (await h().login(DEMO.otherAdmin)).access,
  });

  it('shares a playbook read-only with another organisation, which can duplicate it', async () => {
    const t = await tokens();
    const id = await createPlaybook(h(), t.super, { playbook_type: 'Services agreement' });
    await publish(h(), t.super, id);
    expect((await h().request('GET', `/api/playbook/${id}/`, { token: t.other })).statusCode).toBe(404);
    await share(h(), t.super, id, [h().ids.otherOrg]);
    const assignment = await h().request('GET', `/api/playbook/${id}/assignment/`, { token: t.super });
    expect(assignment.json<PlaybookAssignment>()).toEqual({
      playbook_id: id,
      organisationIDs: [h().ids.otherOrg],
      userIDs: [],
    });

    const detail = await h().request('GET', `/api/playbook/${id}/`, { token: t.other });
    expect(detail.statusCode, detail.body).toBe(200);
    // The owner organisation's people are not named to the organisation it is shared with.
    expect(detail.json<PlaybookDetail>()).toMatchObject({ is_own: false, current_version: 1, created_by: null });
    expect(detail.json<PlaybookDetail>().versions.map((v) => v.published_by)).toEqual([null]);
    const list = (await h().request('GET', '/api/playbook/', { token: t.other })).json<PlaybookList>();
    expect(list.data.map((row) => [row.id, row.is_own])).toEqual([[id, false]]);
    expect(
      (await h().request('GET', `/api/playbook/preview/${id}/`, { token: t.other, query: { version: 1 } })).statusCode,
    ).toBe(200);
    const found = await h().request('POST', '/api/playbook-term/', {
      token: t.other,
      body: { search_key: 'perpetual', playbook_type: 'Services agreement' },
    });
    expect(found.json().total).toBe(1);

    for (const [method, url, body] of [
      ['PUT', `/api/playbook/${id}/`, { name: 'Mine now', playbook_type: 'Lease' }],
      ['DELETE', `/api/playbook/${id}/`, undefined],
      ['POST', `/api/playbook/${id}/publish/`, undefined],
    ] as const) {
      const res = await h().request(method, url, { token: t.other, ...(body ? { body } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().detail).toBe(M.assignedReadOnly);
    }
    // The other organisation's case can follow the shared playbook.
    const theirCase = await createCase(h(), t.other);
    const pinned = await h().request('POST', `/api/case/${theirCase.id}/playbooks/`, {
      token: t.other,
      body: { playbook_id: id },
    });
    expect(pinned.statusCode, pinned.body).toBe(201);

    const copy = await h().request('POST', `/api/playbook/${id}/duplicate/`, { token: t.other });
    expect(copy.statusCode, copy.body).toBe(201);
    const own = (
      await h().request('GET', `/api/playbook/${copy.json().id}/`, { token: t.other })
    ).json<PlaybookDetail>();
    expect(own).toMatchObject({ is_own: true, current_version: null });
    expect(own.categories).toHaveLength(1);

    // Unsharing hides it again (404), and the case's list drops it.
    await share(h(), t.super, id, []);
    expect((await h().request('GET', `/api/playbook/${id}/`, { token: t.other })).statusCode).toBe(404);
    expect((await h().request('GET', `/api/case/${theirCase.id}/playbooks/`, { token: t.other })).json().data).toEqual(
      [],
    );
  });

  it('shows a playbook shared with named users to them only, and notifies them', async () => {
    const t = await tokens();
    const named = await h().createUser({ organisationId: h().ids.otherOrg, firstName: 'Nia', lastName: 'Named' });
    const id = await createPlaybook(h(), t.super);
    const picker = await h().request('GET', '/api/fetch/organisation-user/', {
      token: t.super,
      query: { users: `${h().ids.otherOrg}` },
    });
    expect(picker.statusCode, picker.body).toBe(200);
    expect(picker.json<{ data: PickerUser[] }>().data.map((u) => u.label)).toContain('Nia Named');
    const wrong = await h().request('PUT', `/api/playbook/${id}/assignment/`, {
      token: t.super,
      body: { organisationIDs: [h().ids.otherOrg], userIDs: [h().ids.admin] },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().detail).toBe(M.unknownAssignee);
    await share(h(), t.super, id, [h().ids.otherOrg], [named.id]);

    const { access: namedToken } = await h().login(named.email, named.password);
    expect((await h().request('GET', `/api/playbook/${id}/`, { token: namedToken })).statusCode).toBe(200);
    expect((await h().request('GET', `/api/playbook/${id}/`, { token: t.other })).statusCode).toBe(404);
    const notifications = await h().request('GET', `/api/notification/${named.id}/`, { token: namedToken });
    expect(JSON.stringify(notifications.json())).toContain('my_playbook');
  });

  it('lets only the super user manage sharing', async () => {
    const t = await tokens();
    const id = await createPlaybook(h(), t.admin);
    for (const token of [t.admin, t.other]) {
      expect((await h().request('GET', `/api/playbook/${id}/assignment/`, { token })).statusCode).toBe(403);
      expect(
        (await h().request('PUT', `/api/playbook/${id}/assignment/`, { token, body: { organisationIDs: [] } }))
          .statusCode,
      ).toBe(403);
      expect(
        (await h().request('GET', '/api/fetch/organisation-user/', { token, query: { users: '1' } })).statusCode,
      ).toBe(403);
    }
    expect((await h().request('GET', `/api/playbook/${id}/assignment/`)).statusCode).toBe(401);
    expect(
      (
        await h().request('PUT', `/api/playbook/${id}/assignment/`, {
          token: t.super,
          body: { organisationIDs: [999999] },
        })
      ).statusCode,
    ).toBe(400);
    expect((await h().request('GET', '/api/playbook/999999/assignment/', { token: t.super })).statusCode).toBe(404);
  });
});
