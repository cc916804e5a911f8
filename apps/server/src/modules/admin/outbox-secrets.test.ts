import { ERROR_CODES, OUTBOX_RETENTION_DAYS, passwordMessages, type OutboxList } from '@lexdesk/contract';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { DEMO, describeEachDatabase, type Harness } from '../../../test/harness.ts';
import { mailService, MASK } from '../../platform/mail/mail.service.ts';
import { latestCodeTo, setRegistrationOpen, uniquePhone } from '../registration/registration.fixtures.ts';

const LINK_EXPIRED = { detail: passwordMessages.linkExpired, code: ERROR_CODES.linkExpired };

/** The outbox as the super user reads it, for messages to `to`. */
async function outboxOf(h: Harness, to: string) {
  await h.delivered();
  const { access } = await h.login(DEMO.super);
  const res = await h.request('GET', '/api/admin/outbox/', { token: access, query: { search_key: to, limits: 200 } });
  return res.json<OutboxList>().data.filter((item) => item.to_address === to);
}

async function fullTextsLeft(h: Harness): Promise<number> {
  const row = await sql<{ n: number | string }>`select count(*) as n from outbox_secrets`.execute(h.database.db);
  return Number(row.rows[0]?.n ?? 0);
}

const tokenIn = (text: string) => /token=([^\s&/"<]+)/.exec(text)?.[1] ?? '';

describeEachDatabase('the outbox never holds a usable secret', (h) => {
  it('shows a set-password link masked; what it shows is refused, the delivered link works', async () => {
    const { access } = await h().login(DEMO.super);
    const user = await h().createUser({});
    const res = await h().request('POST', '/api/admin/links/', {
      token: access,
      body: { kind: 'set_password', email: user.email },
    });
    expect(res.statusCode).toBe(200);
    const [row] = await outboxOf(h(), user.email);
    const [mail] = await h().mailsTo(user.email);
    const delivered = tokenIn(mail!.body_text);
    expect(delivered).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(row!.body_text).not.toContain(delivered);
    expect(row!.body_text).toContain(`/token=${MASK}`);
    expect(row).toMatchObject({ status: 'sent' });

    const shown = tokenIn(row!.body_text);
    const tried = await h().request('POST', '/api/token/', { body: { user: true, token: shown } });
    expect(tried.json()).toEqual(LINK_EXPIRED);
    const real = await h().request('POST', '/api/token/', { body: { user: true, token: delivered } });
    expect(real.statusCode).toBe(200);
  });

  it('masks the reset link of forgot password', async () => {
    const user = await h().createUser({});
    await h().request('POST', '/api/forgotpassword/', { body: { username: user.email }, ip: h().uniqueIp() });
    const [row] = await outboxOf(h(), user.email);
    const [mail] = await h().mailsTo(user.email);
    expect(row!.body_text).toContain(`/token=${MASK}`);
    expect(row!.body_text).not.toContain(tokenIn(mail!.body_text));
    const tried = await h().request('POST', '/api/token/', { body: { user: true, token: tokenIn(row!.body_text) } });
    expect(tried.json()).toEqual(LINK_EXPIRED);
  });

  it('masks registration codes; the code the outbox shows is refused', async () => {
    await setRegistrationOpen(h(), true);
    const phone = uniquePhone();
    const email = h().uniqueEmail('founder');
    const started = await h().request('POST', '/api/sign-up/', {
      body: { name: 'Masked LLP', email, phone, plan_name: 'Trial', user_limit: 1, terms: true },
      ip: h().uniqueIp(),
    });
    expect(started.statusCode, started.body).toBe(200);
    const code = await latestCodeTo(h(), phone);
    const [row] = await outboxOf(h(), phone);
    expect(row).toMatchObject({ channel: 'sms', status: 'sent' });
    expect(row!.body_text).not.toContain(code);
    expect(row!.body_text).toContain(`registration code is ${MASK}.`);
    expect(row!.body_text).not.toMatch(/\d{6}/);
    await setRegistrationOpen(h(), false);
  });

  it('masks the phone verification code of the profile', async () => {
    const me = await h().freshSession('admin');
    const phone = uniquePhone();
    const sent = await h().request('POST', '/api/user/phone/send-verification-code/', {
      token: me.token,
      body: { phone },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const code = await latestCodeTo(h(), phone);
    const [row] = await outboxOf(h(), phone);
    expect(row!.body_text).not.toContain(code);
    expect(row!.body_text).toContain(MASK);
  });

  it('keeps no full text once delivery ends', async () => {
    await h().delivered();
    expect(await fullTextsLeft(h())).toBe(0);
  });

  it(`purges outbox rows after ${OUTBOX_RETENTION_DAYS} days`, async () => {
    const to = h().uniqueEmail('old');
    await mailService(h().ctx).enqueue({
      organisationId: null,
      kind: 'registration_code',
      to,
      subject: 'Old',
      text: 'x',
      secrets: [],
    });
    await h().delivered();
    h().clock.advance({ days: OUTBOX_RETENTION_DAYS - 1 });
    await mailService(h().ctx).purgeOld();
    expect(await h().outboxTo(to)).toHaveLength(1);
    h().clock.advance({ days: 2 });
    await mailService(h().ctx).purgeOld();
    expect(await h().outboxTo(to)).toHaveLength(0);
  });
});
