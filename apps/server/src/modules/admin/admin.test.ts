import { adminSettingMessages, ERROR_CODES, sessionMessages, type OutboxList } from '@lexdesk/contract';
import { describe, expect, it } from 'vitest';
import { DEMO, describeEachDatabase, PUBLIC_URL } from '../../../test/harness.ts';
import { auditService } from '../../platform/audit/audit.service.ts';
import type { MailTransport } from '../../platform/context.ts';
import { MAIL_DELIVER_ATTEMPTS, mailService, MASK } from '../../platform/mail/mail.service.ts';

const FORBIDDEN = { detail: sessionMessages.forbidden, code: ERROR_CODES.forbidden };

describeEachDatabase('GET /api/admin/outbox/', (h) => {
  const outbox = (token: string | null, query: Record<string, string | number> = {}) =>
    h().request('GET', '/api/admin/outbox/', { token, query });

  it('pages the outbox newest first for the super user', async () => {
    const { access } = await h().login(DEMO.super);
    const to = h().uniqueEmail('reader');
    for (let i = 1; i <= 12; i += 1) {
      await mailService(h().ctx).enqueue({
        organisationId: h().ids.otherOrg,
        kind: 'set_password',
        to,
        subject: `Mail ${i}`,
        text: `Body ${i}`,
        secrets: [],
      });
      h().clock.advance({ minutes: 1 });
    }
    await h().delivered();
    const first = (await outbox(access, { page_no: 1, limits: 10 })).json<OutboxList>();
    expect(first.page).toMatchObject({ page_no: 1, limits: 10 });
    expect(first.page.total_count).toBeGreaterThanOrEqual(12);
    expect(first.page.total_pages).toBe(Math.ceil(first.page.total_count / 10));
    expect(first.data).toHaveLength(10);
    expect(first.data[0]).toMatchObject({
      to_address: to,
      subject: 'Mail 12',
      body_text: 'Body 12',
      channel: 'email',
      status: 'sent',
      error: null,
    });
    const second = (await outbox(access, { page_no: 2, limits: 10 })).json<OutboxList>();
    expect(second.data[0]?.subject).toBe('Mail 2');
  });

  it('finds messages by recipient or subject, ignoring case and treating % and _ literally', async () => {
    const { access } = await h().login(DEMO.super);
    const to = h().uniqueEmail('Searched');
    await mailService(h().ctx).enqueue({
      organisationId: h().ids.demoOrg,
      kind: 'invoice',
      to,
      subject: 'Quarterly 100% review',
      text: 'x',
      secrets: [],
    });
    const byRecipient = (await outbox(access, { search_key: to.toUpperCase() })).json<OutboxList>();
    expect(byRecipient.data.map((m) => m.to_address)).toEqual([to]);
    expect(byRecipient.page.total_count).toBe(1);
    const bySubject = (await outbox(access, { search_key: 'quarterly 100%' })).json<OutboxList>();
    expect(bySubject.data.map((m) => m.to_address)).toEqual([to]);
    const literal = (await outbox(access, { search_key: '1_0%' })).json<OutboxList>();
    expect(literal.page.total_count).toBe(0);
    expect(literal.data).toEqual([]);
  });

  it('defaults to page 1 of 10 and refuses a page size the spec does not offer', async () => {
    const { access } = await h().login(DEMO.super);
    expect((await outbox(access)).json<OutboxList>().page).toMatchObject({ page_no: 1, limits: 10 });
    const res = await outbox(access, { limits: 7 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      detail: 'limits must be one of 10, 15, 20, 25, 50, 100, 200',
      code: ERROR_CODES.validation,
    });
    expect((await outbox(access, { page_no: 0 })).statusCode).toBe(400);
  });

  it('is for super only: admins and users 403, no token 401', async () => {
    for (const email of [DEMO.admin, DEMO.user, DEMO.otherAdmin]) {
      const { access } = await h().login(email);
      expect((await outbox(access)).json()).toEqual(FORBIDDEN);
    }
    expect((await outbox(null)).statusCode).toBe(401);
  });
});

describeEachDatabase('POST /api/admin/links/', (h) => {
  const send = async (body: unknown, email: string = DEMO.super) => {
    const { access } = await h().login(email);
    return h().request('POST', '/api/admin/links/', { token: access, body });
  };

  it("emails a set-password link to a user of the super user's own organisation, and audits it", async () => {
    const res = await send({ kind: 'set_password', email: DEMO.user });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: adminSettingMessages.linkSent });
    const [mail] = await h().mailsTo(DEMO.user);
    expect(mail?.subject).toBe('Set your Lexdesk password');
    expect(mail?.body_text).toContain(`${PUBLIC_URL}/${DEMO.user}/token=`);
    const history = await auditService(h().ctx).historyOf(h().ids.demoOrg, 'user', h().ids.user);
    expect(history.at(-1)).toMatchObject({
      action: 'link_sent',
      actorUserId: h().ids.super,
      changes: { purpose: 'set_password' },
    });
  });

  it('answers 404 for a set-password link to an unknown email', async () => {
    const res = await send({ kind: 'set_password', email: h().uniqueEmail('ghost') });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: adminSettingMessages.userNotFound, code: ERROR_CODES.notFound });
  });

  it("answers 404, as for an unknown email, for another organisation's user: no link is issued or sent", async () => {
    const before = (await h().mailsTo(DEMO.otherAdmin)).length;
    const res = await send({ kind: 'set_password', email: DEMO.otherAdmin });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: adminSettingMessages.userNotFound, code: ERROR_CODES.notFound });
    expect(await h().mailsTo(DEMO.otherAdmin)).toHaveLength(before);
    const history = await auditService(h().ctx).historyOf(h().ids.otherOrg, 'user', h().ids.otherAdmin);
    expect(history.filter((event) => event.action === 'link_sent')).toHaveLength(0);
  });

  it('invites an admin: an inactive admin without password in the organisation, and a create-admin link', async () => {
    const email = h().uniqueEmail('Invitee').toUpperCase();
    const res = await send({ kind: 'create_admin', email, organisation_id: h().ids.otherOrg });
    expect(res.statusCode).toBe(200);
    const lower = email.toLowerCase();
    const [mail] = await h().mailsTo(lower);
    expect(mail?.subject).toBe('You are invited to administer Other Firm on Lexdesk');
    expect(mail?.body_text).toMatch(
      new RegExp(`${PUBLIC_URL}/register/admin/email=${lower.replace(/[.]/g, '\\.')}&token=[A-Za-z0-9_-]{43}`),
    );
    const [row] = await h().outboxTo(lower);
    expect(row?.body_text).toContain(`${PUBLIC_URL}/register/admin/email=${lower}&token=${MASK}`);
    const login = await h().request('POST', '/api/login/', {
      body: { username: lower, password: 'Anything#2026' },
      ip: h().uniqueIp(),
    });
    expect(login.statusCode).toBe(401);
  });

  it.each([
    [
      { kind: 'create_admin', email: DEMO.user, organisation_id: 1 },
      409,
      adminSettingMessages.emailTaken,
      ERROR_CODES.conflict,
    ],
    [
      { kind: 'create_admin', email: 'new-admin@example.com' },
      400,
      adminSettingMessages.organisationRequired,
      ERROR_CODES.validation,
    ],
    [
      { kind: 'create_admin', email: 'new-admin@example.com', organisation_id: 999_999 },
      404,
      sessionMessages.notFound,
      ERROR_CODES.notFound,
    ],
    [{ kind: 'set_password', email: 'not-an-email' }, 400, 'Please enter a valid email ', ERROR_CODES.validation],
    [{ kind: 'reset', email: DEMO.user }, 400, undefined, ERROR_CODES.validation],
  ])('%j answers %i %j', async (body, status, detail, code) => {
    const res = await send(body);
    expect(res.statusCode).toBe(status);
    expect(res.json().code).toBe(code);
    if (detail) expect(res.json().detail).toBe(detail);
  });

  it('is for super only: admins and users 403, no token 401', async () => {
    for (const email of [DEMO.admin, DEMO.user]) {
      expect((await send({ kind: 'set_password', email: DEMO.user }, email)).json()).toEqual(FORBIDDEN);
    }
    expect(
      (await h().request('POST', '/api/admin/links/', { body: { kind: 'set_password', email: DEMO.user } })).statusCode,
    ).toBe(401);
  });
});

describeEachDatabase('GET /api/admin/organisations/', (h) => {
  it('lists every organisation for the super user', async () => {
    const { access } = await h().login(DEMO.super);
    const res = await h().request('GET', '/api/admin/organisations/', { token: access });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual(
      expect.arrayContaining([
        { id: h().ids.demoOrg, name: 'Demo Law LLP' },
        { id: h().ids.otherOrg, name: 'Other Firm' },
      ]),
    );
  });

  it('is for super only', async () => {
    const { access } = await h().login(DEMO.admin);
    expect((await h().request('GET', '/api/admin/organisations/', { token: access })).json()).toEqual(FORBIDDEN);
    expect((await h().request('GET', '/api/admin/organisations/')).statusCode).toBe(401);
  });
});

describe('mail through SMTP, from the job queue', () => {
  const sent: string[] = [];
  const working: MailTransport = {
    sendMail: async (message) => {
      sent.push(message.to);
    },
  };
  let refusals = 0;
  const failing: MailTransport = {
    sendMail: async () => {
      refusals += 1;
      throw new Error('SMTP refused');
    },
  };

  describeEachDatabase(
    'with a working transport',
    (h) => {
      it('sends the link and marks the outbox row sent', async () => {
        const { access } = await h().login(DEMO.super);
        await h().request('POST', '/api/admin/links/', {
          token: access,
          body: { kind: 'set_password', email: DEMO.user },
        });
        const [mail] = await h().outboxTo(DEMO.user);
        expect(sent).toContain(DEMO.user);
        expect(mail).toMatchObject({ status: 'sent', error: null });
      });
    },
    { mailer: working },
  );

  describeEachDatabase(
    'with a failing transport',
    (h) => {
      it('answers success, retries with backoff showing the error, then marks the row failed', async () => {
        const { access } = await h().login(DEMO.super);
        const res = await h().request('POST', '/api/admin/links/', {
          token: access,
          body: { kind: 'set_password', email: DEMO.user },
        });
        expect(res.statusCode).toBe(200);
        const [queued] = await h().outboxTo(DEMO.user);
        expect(queued).toMatchObject({ status: 'queued', error: 'SMTP refused' });
        const tried = refusals;
        h().clock.advance({ minutes: 1 });
        await h().delivered();
        expect(refusals).toBe(tried + 1);
        for (let attempt = 0; attempt < MAIL_DELIVER_ATTEMPTS; attempt += 1) {
          h().clock.advance({ minutes: 15 });
          await h().delivered();
        }
        const [failed] = await h().outboxTo(DEMO.user);
        expect(failed).toMatchObject({ status: 'failed', error: 'SMTP refused' });
        expect(await h().mailsTo(DEMO.user)).toHaveLength(0);
      });
    },
    { mailer: failing },
  );

  // Every send waits until release(); later sends after it go through at once.
  let released = false;
  const waiting: (() => void)[] = [];
  const release = () => {
    released = true;
    for (const resolve of waiting.splice(0)) resolve();
  };
  const stalled: MailTransport = {
    sendMail: () =>
      new Promise((resolve) => {
        if (released) resolve(undefined);
        else waiting.push(() => resolve(undefined));
      }),
  };
  describeEachDatabase(
    'with an SMTP server that does not answer',
    (h) => {
      it('answers forgot password and send-a-link while the SMTP server hangs', async () => {
        const { access } = await h().login(DEMO.super);
        const link = await h().request('POST', '/api/admin/links/', {
          token: access,
          body: { kind: 'set_password', email: DEMO.user },
        });
        expect(link.statusCode).toBe(200);
        const forgot = await h().request('POST', '/api/forgotpassword/', {
          body: { username: DEMO.admin },
          ip: h().uniqueIp(),
        });
        expect(forgot.statusCode).toBe(200);
        release();
        expect((await h().mailsTo(DEMO.user)).length).toBeGreaterThanOrEqual(1);
      });
    },
    { mailer: stalled },
  );
});
