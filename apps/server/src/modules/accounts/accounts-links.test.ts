import {
  adminCreationMessages,
  ERROR_CODES,
  FORGOT_PASSWORD_MAX_PER_WINDOW,
  forgotPasswordMessages,
  passwordMessages,
} from '@lexdesk/contract';
import { expect, it } from 'vitest';
import { DEMO, describeEachDatabase, PUBLIC_URL, STRONG_PASSWORD, type Harness } from '../../../test/harness.ts';

const LINK_EXPIRED = { detail: passwordMessages.linkExpired, code: ERROR_CODES.linkExpired };
const NEW_PASSWORD = 'Brand#New2026';

/** The token of the newest mail to `email`, checking the link has the expected shape. */
async function tokenFromMail(h: Harness, email: string, linkPattern: RegExp): Promise<string> {
  const [mail] = await h.mailsTo(email);
  expect(mail, `no mail to ${email}`).toBeDefined();
  const link = /https?:\/\/\S+/.exec(mail?.body_text ?? '')?.[0] ?? '';
  const match = linkPattern.exec(link);
  expect(match, link).not.toBeNull();
  return match?.[1] ?? '';
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const resetLink = (email: string) =>
  new RegExp(`^${escape(PUBLIC_URL)}/user/password/new/${escape(email)}/token=([A-Za-z0-9_-]{43})$`);
const setLink = (email: string) => new RegExp(`^${escape(PUBLIC_URL)}/${escape(email)}/token=([A-Za-z0-9_-]{43})$`);
const adminLink = (email: string) =>
  new RegExp(`^${escape(PUBLIC_URL)}/register/admin/email=${escape(email)}&token=([A-Za-z0-9_-]{43})$`);

describeEachDatabase('POST /api/forgotpassword/', (h) => {
  const forgot = (username: unknown, ip = h().uniqueIp()) =>
    h().request('POST', '/api/forgotpassword/', { body: { username }, ip });

  it('emails a reset link and answers the success message with the address', async () => {
    const user = await h().createUser({});
    const res = await forgot(`  ${user.email.toUpperCase()} `);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: forgotPasswordMessages.success, email: user.email });
    const mails = await h().mailsTo(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ subject: 'Reset your Lexdesk password' });
    await tokenFromMail(h(), user.email, resetLink(user.email));
  });

  it('answers the same for an unknown email and sends nothing', async () => {
    const email = h().uniqueEmail('ghost');
    const res = await forgot(email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: forgotPasswordMessages.success, email });
    expect(await h().mailsTo(email)).toHaveLength(0);
  });

  it('sends nothing to a deactivated user', async () => {
    const user = await h().createUser({ isActive: false });
    expect((await forgot(user.email)).statusCode).toBe(200);
    expect(await h().mailsTo(user.email)).toHaveLength(0);
  });

  it.each([
    ['', forgotPasswordMessages.empty],
    ['   ', forgotPasswordMessages.empty],
    [undefined, forgotPasswordMessages.empty],
    ['not-an-email', forgotPasswordMessages.invalid],
  ])('%j answers 400 %j', async (username, message) => {
    const res = await forgot(username);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: message, code: ERROR_CODES.validation, fields: { username: message } });
  });

  it(`answers 429 after ${FORGOT_PASSWORD_MAX_PER_WINDOW} requests for one account from one address`, async () => {
    const user = await h().createUser({});
    const ip = h().uniqueIp();
    for (let i = 0; i < FORGOT_PASSWORD_MAX_PER_WINDOW; i += 1) {
      expect((await forgot(user.email, ip)).statusCode).toBe(200);
    }
    const res = await forgot(user.email, ip);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ detail: forgotPasswordMessages.tooMany, code: ERROR_CODES.throttled });
    expect(await h().mailsTo(user.email)).toHaveLength(FORGOT_PASSWORD_MAX_PER_WINDOW);
    h().clock.advance({ minutes: 16 });
    expect((await forgot(user.email, ip)).statusCode).toBe(200);
  });

  it(`answers 429 after ${FORGOT_PASSWORD_MAX_PER_WINDOW} requests from one address`, async () => {
    const ip = h().uniqueIp();
    for (let i = 0; i < FORGOT_PASSWORD_MAX_PER_WINDOW; i += 1) {
      expect((await forgot(h().uniqueEmail('any'), ip)).statusCode).toBe(200);
    }
    expect((await forgot(h().uniqueEmail('any'), ip)).statusCode).toBe(429);
  });
});

describeEachDatabase('POST and PUT /api/token/ (set and reset password links)', (h) => {
  async function resetTokenFor(email: string) {
    await h().request('POST', '/api/forgotpassword/', { body: { username: email }, ip: h().uniqueIp() });
    return tokenFromMail(h(), email, resetLink(email));
  }
  const validate = (body: unknown) => h().request('POST', '/api/token/', { body });
  const setPassword = (token: string, password: string) =>
    h().request('PUT', '/api/token/', { body: { token, password } });

  it('validates a reset link, sets the password once and revokes every session', async () => {
    const user = await h().createUser({});
    const session = await h().login(user.email, user.password);
    const token = await resetTokenFor(user.email);

    const valid = await validate({ user: true, token });
    expect(valid.statusCode).toBe(200);
    expect(valid.json()).toEqual({
      valid: true,
      username: user.email,
      purpose: 'reset_password',
      organisation: 'Demo Law LLP',
    });

    const set = await setPassword(token, NEW_PASSWORD);
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ detail: passwordMessages.setSuccess });

    expect((await h().request('GET', `/api/user/${user.id}/`, { token: session.access })).statusCode).toBe(401);
    await h().login(user.email, NEW_PASSWORD);
    const old = await h().request('POST', '/api/login/', {
      body: { username: user.email, password: user.password },
      ip: h().uniqueIp(),
    });
    expect(old.statusCode).toBe(401);

    // Single use.
    expect((await validate({ user: true, token })).json()).toEqual(LINK_EXPIRED);
    const again = await setPassword(token, 'Another#Pass2026');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(LINK_EXPIRED);
  });

  it('closes the other open reset links of the user once one is used', async () => {
    const user = await h().createUser({});
    const first = await resetTokenFor(user.email);
    const second = await resetTokenFor(user.email);
    expect((await setPassword(second, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await validate({ user: true, token: first })).json()).toEqual(LINK_EXPIRED);
  });

  it('expires a link after 24 hours', async () => {
    const user = await h().createUser({});
    const token = await resetTokenFor(user.email);
    h().clock.advance({ hours: 23, minutes: 59 });
    expect((await validate({ user: true, token })).statusCode).toBe(200);
    h().clock.advance({ minutes: 2 });
    const res = await validate({ user: true, token });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(LINK_EXPIRED);
    expect((await setPassword(token, NEW_PASSWORD)).json()).toEqual(LINK_EXPIRED);
  });

  it('answers Link expired for an unknown token', async () => {
    expect((await validate({ user: true, token: 'unknown-token' })).json()).toEqual(LINK_EXPIRED);
    expect((await setPassword('unknown-token', NEW_PASSWORD)).json()).toEqual(LINK_EXPIRED);
  });

  it.each([
    ['Sh#1a', passwordMessages.tooShort],
    ['Has Space#2026', passwordMessages.spaces],
    ['alllowercase', passwordMessages.notStrong],
    ['NoSpecial2026', passwordMessages.notStrong],
  ])('refuses the new password %j with %j, leaving the link usable', async (password, message) => {
    const user = await h().createUser({});
    const token = await resetTokenFor(user.email);
    const res = await setPassword(token, password);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ detail: message, code: ERROR_CODES.validation });
    expect((await validate({ user: true, token })).statusCode).toBe(200);
  });

  it('sets a password through a set-password link sent from Admin Setting', async () => {
    const { access } = await h().login(DEMO.super);
    const user = await h().createUser({ password: null });
    const sent = await h().request('POST', '/api/admin/links/', {
      token: access,
      body: { kind: 'set_password', email: user.email },
    });
    expect(sent.statusCode).toBe(200);
    const token = await tokenFromMail(h(), user.email, setLink(user.email));
    expect((await validate({ user: true, token })).json()).toMatchObject({
      purpose: 'set_password',
      username: user.email,
    });
    expect((await setPassword(token, NEW_PASSWORD)).statusCode).toBe(200);
    await h().login(user.email, NEW_PASSWORD);
  });

  it('does not accept a create-admin link as a password link, nor the reverse', async () => {
    const { access } = await h().login(DEMO.super);
    const email = h().uniqueEmail('invited');
    await h().request('POST', '/api/admin/links/', {
      token: access,
      body: { kind: 'create_admin', email, organisation_id: h().ids.demoOrg },
    });
    const adminToken = await tokenFromMail(h(), email, adminLink(email));
    expect((await validate({ user: true, token: adminToken })).json()).toEqual(LINK_EXPIRED);
    expect((await setPassword(adminToken, NEW_PASSWORD)).json()).toEqual(LINK_EXPIRED);

    const user = await h().createUser({});
    const resetToken = await resetTokenFor(user.email);
    expect((await validate({ user: false, username: user.email, token: resetToken })).json()).toEqual(LINK_EXPIRED);
  });

  it('answers 400 for a body that is neither kind', async () => {
    const res = await validate({ token: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(ERROR_CODES.validation);
  });
});

describeEachDatabase('POST /api/user/create/ (admin invitation)', (h) => {
  async function invite() {
    const { access } = await h().login(DEMO.super);
    const email = h().uniqueEmail('invited');
    const res = await h().request('POST', '/api/admin/links/', {
      token: access,
      body: { kind: 'create_admin', email, organisation_id: h().ids.otherOrg },
    });
    expect(res.statusCode).toBe(200);
    return { email, token: await tokenFromMail(h(), email, adminLink(email)) };
  }
  const create = (body: Record<string, unknown>) => h().request('POST', '/api/user/create/', { body });
  const complete = (email: string, token: string) => ({
    username: email,
    token,
    first_name: 'Nia',
    last_name: 'New_Admin',
    password: STRONG_PASSWORD,
    phone: '+44 20 7946 0000',
  });

  it('validates the link for its email, creates the admin once, and lets them sign in', async () => {
    const { email, token } = await invite();
    const valid = await h().request('POST', '/api/token/', { body: { user: false, username: email, token } });
    expect(valid.json()).toEqual({ valid: true, username: email, purpose: 'create_admin', organisation: 'Other Firm' });

    const res = await create(complete(email, token));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: passwordMessages.setSuccess });

    const session = await h().login(email, STRONG_PASSWORD);
    expect(session).toMatchObject({ type: 'admin', user_organisation: 'Other Firm' });
    const profile = await h().request('GET', `/api/user/profile/${session.user_id}/`, { token: session.access });
    expect(profile.json()).toMatchObject({ first_name: 'Nia', last_name: 'New_Admin', phone: '+44 20 7946 0000' });

    expect((await create(complete(email, token))).json()).toEqual(LINK_EXPIRED);
    expect(
      (await h().request('POST', '/api/token/', { body: { user: false, username: email, token } })).json(),
    ).toEqual(LINK_EXPIRED);
  });

  it('refuses the link for another email', async () => {
    const { token } = await invite();
    const other = h().uniqueEmail('someone');
    expect(
      (await h().request('POST', '/api/token/', { body: { user: false, username: other, token } })).json(),
    ).toEqual(LINK_EXPIRED);
    expect((await create(complete(other, token))).json()).toEqual(LINK_EXPIRED);
  });

  it('expires the invitation after 24 hours', async () => {
    const { email, token } = await invite();
    h().clock.advance({ hours: 24, minutes: 1 });
    const res = await create(complete(email, token));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(LINK_EXPIRED);
  });

  it.each([
    [{ first_name: '' }, adminCreationMessages.fillAll],
    [{ last_name: '  ' }, adminCreationMessages.fillAll],
    [{ password: '' }, adminCreationMessages.fillAll],
    [{ first_name: 'Nia1' }, adminCreationMessages.invalidFirstName],
    [{ last_name: 'O’Brien' }, adminCreationMessages.invalidLastName],
    [{ password: 'Sh#1a' }, passwordMessages.tooShort],
    [{ password: 'Has Space#2026' }, passwordMessages.spaces],
    [{ password: 'weakpassword' }, passwordMessages.notStrong],
  ])('%j answers 400 %j and keeps the link usable', async (change, message) => {
    const { email, token } = await invite();
    const res = await create({ ...complete(email, token), ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ detail: message, code: ERROR_CODES.validation });
    expect((await create(complete(email, token))).statusCode).toBe(200);
  });
});
