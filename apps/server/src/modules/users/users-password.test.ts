import { commonMessages, ERROR_CODES, notificationMessages, passwordMessages } from '@lexdesk/contract';
import { expect, it } from 'vitest';
import { DEMO, describeEachDatabase } from '../../../test/harness.ts';
import { auditService } from '../../platform/audit/audit.service.ts';

const NEW_PASSWORD = 'Changed#Pass2026';

describeEachDatabase('POST /api/user/profile/{user_id}/password/', (h) => {
  const change = (id: number, token: string | null, body: unknown) =>
    h().request('POST', `/api/user/profile/${id}/password/`, { token, body });

  it('changes the password, keeps this session, revokes the others, notifies and audits', async () => {
    const me = await h().freshSession();
    const other = await h().login(me.email, me.password);
    const res = await change(me.id, me.token, {
      current_password: me.password,
      new_password: NEW_PASSWORD,
      confirm_password: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: passwordMessages.changed });

    expect((await h().request('GET', `/api/user/${me.id}/`, { token: me.token })).statusCode).toBe(200);
    expect((await h().request('GET', `/api/user/${me.id}/`, { token: other.access })).statusCode).toBe(401);
    await h().login(me.email, NEW_PASSWORD);

    const list = await h().request('GET', `/api/notification/${me.id}/`, { token: me.token });
    expect(list.json().notifications[0]).toMatchObject({
      text: notificationMessages.passwordChanged,
      type: 'account',
      operation: 'password_changed',
      is_read: false,
    });
    const history = await auditService(h().ctx).historyOf(h().ids.demoOrg, 'user', me.id);
    expect(history.at(-1)).toMatchObject({ action: 'password_changed', actorUserId: me.id, changes: {} });
  });

  it('refuses a wrong current password with 400 and changes nothing', async () => {
    const me = await h().freshSession();
    const res = await change(me.id, me.token, {
      current_password: 'Wrong#Pass1',
      new_password: NEW_PASSWORD,
      confirm_password: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      detail: passwordMessages.currentWrong,
      code: ERROR_CODES.validation,
      fields: { current_password: passwordMessages.currentWrong },
    });
    await h().login(me.email, me.password);
  });

  it.each([
    [{ current_password: '' }, passwordMessages.currentWrong],
    [{ new_password: 'Sh#1a', confirm_password: 'Sh#1a' }, passwordMessages.tooShort],
    [{ new_password: 'Has Space#2026', confirm_password: 'Has Space#2026' }, passwordMessages.spaces],
    [{ confirm_password: 'Different#2026' }, passwordMessages.mismatch],
    [{ new_password: 'weakpassword', confirm_password: 'weakpassword' }, passwordMessages.notStrong],
  ])('%j answers 400 %j', async (changeBody, message) => {
    const me = await h().freshSession();
    const body = {
      current_password: me.password,
      new_password: NEW_PASSWORD,
      confirm_password: NEW_PASSWORD,
      ...changeBody,
    };
    const res = await change(me.id, me.token, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ detail: message, code: ERROR_CODES.validation });
  });

  it('answers 429 after 5 wrong current passwords, until 15 minutes pass', async () => {
    const me = await h().freshSession();
    const wrong = { current_password: 'Wrong#Pass1', new_password: NEW_PASSWORD, confirm_password: NEW_PASSWORD };
    for (let i = 0; i < 5; i += 1) expect((await change(me.id, me.token, wrong)).statusCode).toBe(400);
    const right = { ...wrong, current_password: me.password };
    const blocked = await change(me.id, me.token, right);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ detail: commonMessages.tooManyRequests, code: ERROR_CODES.throttled });
    h().clock.advance({ minutes: 16 });
    expect((await change(me.id, me.token, right)).statusCode).toBe(200);
  });

  it('is own only: 404 for another user of any organisation, 401 without a token', async () => {
    const { access } = await h().login(DEMO.super);
    const body = { current_password: 'Demo#2026pass', new_password: NEW_PASSWORD, confirm_password: NEW_PASSWORD };
    expect((await change(h().ids.user, access, body)).statusCode).toBe(404);
    expect((await change(h().ids.otherAdmin, access, body)).statusCode).toBe(404);
    expect((await change(h().ids.user, null, body)).statusCode).toBe(401);
  });
});
