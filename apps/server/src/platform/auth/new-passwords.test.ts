import { passwordMessages } from '@lexdesk/contract';
import { describe, expect, it } from 'vitest';
import { describeEachDatabase, DEMO_PASSWORD, STRONG_PASSWORD } from '../../../test/harness.ts';
import { isCommonPassword } from './new-passwords.ts';

/** Issue 10, item 18: on top of the spec's rules, a password a common-password dictionary knows is refused. */
describe('isCommonPassword', () => {
  it.each(['Password1!', 'P@ssw0rd!', 'Qwerty123!', 'Welcome@2024', 'Iloveyou1!', 'Admin@123', 'Summer2024!'])(
    'knows %s',
    (password) => expect(isCommonPassword(password)).toBe(true),
  );

  it.each([STRONG_PASSWORD, DEMO_PASSWORD, 'Changed#Pass2026', 'Zx9!kLm2#pQ', 'Colleague#2026', 'Ab1#xyzq'])(
    'lets %s pass',
    (password) => expect(isCommonPassword(password)).toBe(false),
  );
});

describeEachDatabase('common passwords are refused where a new password is chosen', (h) => {
  it('refuses one on a password change with the new message, and changes nothing', async () => {
    const me = await h().freshSession();
    const res = await h().request('POST', `/api/user/profile/${me.id}/password/`, {
      token: me.token,
      body: { current_password: me.password, new_password: 'P@ssw0rd!', confirm_password: 'P@ssw0rd!' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      detail: passwordMessages.tooCommon,
      fields: { new_password: passwordMessages.tooCommon },
    });
    expect((await h().login(me.email, me.password)).access).toBeTruthy();
  });

  it('refuses one through a reset-password link, and the link still works for a better one', async () => {
    const me = await h().createUser({});
    await h().request('POST', '/api/forgotpassword/', { body: { username: me.email }, ip: h().uniqueIp() });
    const token = (await h().mailsTo(me.email))[0]!.body_text.match(/token=([A-Za-z0-9_-]+)/)![1];
    const common = await h().request('PUT', '/api/token/', { body: { token, password: 'Welcome@2024' } });
    expect(common.statusCode).toBe(400);
    expect(common.json().detail).toBe(passwordMessages.tooCommon);
    const better = await h().request('PUT', '/api/token/', { body: { token, password: 'Harbour#Lease2026' } });
    expect(better.statusCode, better.body).toBe(200);
  });
});
