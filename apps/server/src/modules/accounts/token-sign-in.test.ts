import { ERROR_CODES, sessionMessages, TOKEN_SIGN_IN_CODE_TTL_MINUTES, type LoginResponse } from '@lexdesk/contract';
import { expect, it } from 'vitest';
import { DEMO, describeEachDatabase } from '../../../test/harness.ts';
import { usersService } from '../users/users.service.ts';

// Item 11 of the security issue: no session token in a URL; a one-time code, exchanged by POST, for a new session.
describeEachDatabase('Token sign-in with one-time codes', (h) => {
  const codeFor = async (token: string) => {
    const res = await h().request('POST', '/api/user-detail/token/code/', { token });
    expect(res.statusCode).toBe(200);
    return res.json<{ code: string; expires_at: string }>().code;
  };
  const exchange = (code: string) => h().request('POST', '/api/user-detail/token/', { body: { token: code } });

  it('exchanges a code once for a new session of its user, after saying whom it signs in as', async () => {
    const session = await h().login(DEMO.admin);
    const code = await codeFor(session.access);
    expect(code).not.toBe(session.access);
    const check = await h().request('POST', '/api/user-detail/token/check/', { body: { token: code } });
    expect(check.json()).toEqual({ username: DEMO.admin });
    const res = await exchange(code);
    expect(res.statusCode).toBe(200);
    const signedIn = res.json<LoginResponse>();
    expect(signedIn).toMatchObject({ user_id: session.user_id, username: DEMO.admin, type: 'admin' });
    expect(signedIn.access).not.toBe(session.access);
    // Both sessions work; the code does not a second time.
    for (const token of [session.access, signedIn.access]) {
      expect((await h().request('GET', `/api/user/${session.user_id}/`, { token })).statusCode).toBe(200);
    }
    expect((await exchange(code)).statusCode).toBe(401);
  });

  it("never accepts a session token, an unknown, expired or deactivated user's code", async () => {
    const session = await h().login(DEMO.user);
    for (const token of [session.access, 'not-a-code']) {
      const res = await exchange(token);
      expect(res.statusCode).toBe(401);
      expect(res.json().detail).toBe(sessionMessages.sessionExpired);
    }
    const expired = await codeFor(session.access);
    h().clock.advance({ minutes: TOKEN_SIGN_IN_CODE_TTL_MINUTES + 1 });
    expect((await exchange(expired)).statusCode).toBe(401);

    const user = await h().createUser({});
    const own = await h().login(user.email, user.password);
    const code = await codeFor(own.access);
    await usersService(h().ctx).setActive(await h().actorOf((await h().login(DEMO.admin)).access), user.id, false);
    expect((await h().request('POST', '/api/user-detail/token/check/', { body: { token: code } })).statusCode).toBe(
      401,
    );
    expect((await exchange(code)).statusCode).toBe(401);
  });

  it('hands out codes to signed-in users only, takes no token in the query, and validates the body', async () => {
    expect((await h().request('POST', '/api/user-detail/token/code/')).statusCode).toBe(401);
    const session = await h().login(DEMO.user);
    const byGet = await h().request('GET', '/api/user-detail/token/', { query: { token: session.access } });
    expect(byGet.statusCode).toBe(404);
    const empty = await h().request('POST', '/api/user-detail/token/', { body: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe(ERROR_CODES.validation);
  });

  it('gives a code exactly once when two tabs race for it', async () => {
    const session = await h().login(DEMO.user);
    const code = await codeFor(session.access);
    const answers = await Promise.all([exchange(code), exchange(code), exchange(code)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401, 401]);
  });
});
