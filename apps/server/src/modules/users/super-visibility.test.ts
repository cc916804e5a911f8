import { LOGIN_LOCK_AFTER_FAILURES, type LockedAccountList, type ManagedUserList } from '@lexdesk/contract';
import { expect, it } from 'vitest';
import { DEMO, describeEachDatabase } from '../../../test/harness.ts';

/** Issue 10, item 17: the provider's super users are invisible to a firm's admins, wherever users are shown. */
describeEachDatabase('super users are invisible to admins', (h) => {
  it('answers 404 for a super user’s detail, history and management, as for a missing id', async () => {
    const { access } = await h().login(DEMO.admin);
    const superId = h().ids.super;
    for (const path of [`/api/user/${superId}/`, `/api/user/${superId}/manage/`, `/api/user/${superId}/history/`]) {
      const res = await h().request('GET', path, { token: access });
      expect(res.statusCode, path).toBe(404);
    }
    const list = await h().request('GET', '/api/user/', { token: access, query: { limits: 200 } });
    expect(list.json<ManagedUserList>().data.some((row) => row.id === superId)).toBe(false);
  });

  it('leaves a locked super user out of the admin’s locked accounts, not out of the super user’s', async () => {
    const superUser = await h().createUser({ role: 'super' });
    for (let i = 0; i < LOGIN_LOCK_AFTER_FAILURES; i += 1) {
      await h().request('POST', '/api/login/', {
        body: { username: superUser.email, password: 'Wrong#Pass2026' },
        ip: h().uniqueIp(),
      });
    }
    const lockedAs = async (email: string) => {
      const { access } = await h().login(email);
      const res = await h().request('GET', '/api/user/unblock-login/', { token: access, query: { limits: 200 } });
      return res.json<LockedAccountList>();
    };
    const asAdmin = await lockedAs(DEMO.admin);
    expect(asAdmin.data.some((row) => row.user_id === superUser.id)).toBe(false);
    expect(asAdmin.page.total_count).toBe(asAdmin.data.length);
    expect((await lockedAs(DEMO.super)).data.some((row) => row.user_id === superUser.id)).toBe(true);
  });
});
