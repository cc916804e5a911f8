import {
  ERROR_CODES,
  sessionMessages,
  settingsMessages,
  type AuditLogList,
  type DeliveryStatus,
  type InstallationSettings,
} from '@lexdesk/contract';
import { describe, expect, it } from 'vitest';
import { DEMO, describeEachDatabase, PUBLIC_URL, type Harness } from '../../../test/harness.ts';
import { auditService } from '../../platform/audit/audit.service.ts';
import { ALL_OFF } from '../organisations/organisations.fixtures.ts';
import type { MailTransport } from '../../platform/context.ts';
import { MAIL_DELIVER_ATTEMPTS, mailService } from '../../platform/mail/mail.service.ts';
import { bespokeContactAddress, DEFAULT_BESPOKE_CONTACT } from './settings.service.ts';

const FORBIDDEN = { detail: sessionMessages.forbidden, code: ERROR_CODES.forbidden };

describeEachDatabase('GET and PUT /api/admin/settings/', (h) => {
  it('reads the defaults, saves changes, audits them and answers them to everyone through app-config', async () => {
    const { access } = await h().login(DEMO.super);
    const read = await h().request('GET', '/api/admin/settings/', { token: access });
    expect(read.json()).toEqual({
      registration_open: false,
      bespoke_contact: DEFAULT_BESPOKE_CONTACT,
      help_url: 'https://www.lexdesk.example/help',
    });
    const body = {
      registration_open: true,
      bespoke_contact: 'mailto:sales@firm.example',
      help_url: 'https://help.firm.example',
    };
    const saved = await h().request('PUT', '/api/admin/settings/', { token: access, body });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<InstallationSettings>()).toEqual(body);
    expect(await bespokeContactAddress(h().ctx)).toBe('mailto:sales@firm.example');
    const log = await h().request('GET', '/api/admin/audit-events/', {
      token: access,
      query: { search_key: 'settings' },
    });
    expect(log.json<AuditLogList>().data[0]).toMatchObject({
      entity: 'settings',
      action: 'updated',
      changes: { registration_open: { from: false, to: true } },
    });
    const partial = await h().request('PUT', '/api/admin/settings/', {
      token: access,
      body: { registration_open: false },
    });
    expect(partial.json()).toEqual({ ...body, registration_open: false });
  });

  it.each([
    [{ bespoke_contact: 'javascript:alert(1)' }, settingsMessages.invalidAddress],
    [{ bespoke_contact: 'sales@firm.example' }, settingsMessages.invalidAddress],
    [{ help_url: 'mailto:help@firm.example' }, settingsMessages.invalidHelpUrl],
    [{ help_url: 'ftp://help' }, settingsMessages.invalidHelpUrl],
  ])('%j answers 400 %s', async (body, message) => {
    const { access } = await h().login(DEMO.super);
    const res = await h().request('PUT', '/api/admin/settings/', { token: access, body });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(message);
  });

  it('is for super only: admins and users 403, no token 401', async () => {
    for (const email of [DEMO.admin, DEMO.user, DEMO.otherAdmin]) {
      const { access } = await h().login(email);
      expect((await h().request('GET', '/api/admin/settings/', { token: access })).json()).toEqual(FORBIDDEN);
      const put = await h().request('PUT', '/api/admin/settings/', {
        token: access,
        body: { registration_open: true },
      });
      expect(put.json()).toEqual(FORBIDDEN);
    }
    expect((await h().request('GET', '/api/admin/settings/')).statusCode).toBe(401);
    expect((await h().request('PUT', '/api/admin/settings/', { body: {} })).statusCode).toBe(401);
  });
});

describeEachDatabase('GET /api/admin/audit-events/', (h) => {
  const log = (token: string | null, query: Record<string, string | number> = {}) =>
    h().request('GET', '/api/admin/audit-events/', { token, query });

  it("pages every organisation's organisation-level events newest first with who, organisation and changes", async () => {
    const { access } = await h().login(DEMO.super);
    await auditService(h().ctx).record(
      { userId: h().ids.otherAdmin, organisationId: h().ids.otherOrg },
      'user',
      h().ids.otherAdmin,
      'updated',
      { first_name: { from: 'Otto', to: 'Zebulon' } },
    );
    const res = await log(access, { search_key: 'zebulon' });
    expect(res.statusCode).toBe(200);
    const list = res.json<AuditLogList>();
    expect(list.page.total_count).toBe(1);
    expect(list.data[0]).toMatchObject({
      organisation: 'Other Firm',
      organisation_id: h().ids.otherOrg,
      entity: 'user',
      entity_id: h().ids.otherAdmin,
      action: 'updated',
      changes: { first_name: { from: 'Otto', to: 'Zebulon' } },
    });
    expect(list.data[0]?.actor).toContain(DEMO.otherAdmin);
    const byOrganisation = (await log(access, { search_key: 'other firm', limits: 200 })).json<AuditLogList>();
    expect(byOrganisation.data.every((row) => row.organisation === 'Other Firm')).toBe(true);
    const all = (await log(access, { page_no: 1, limits: 10 })).json<AuditLogList>();
    expect(all.page).toMatchObject({ page_no: 1, limits: 10 });
    const dates = all.data.map((row) => row.created_at);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it("reads each event as a sentence with names of today, and never resolves another organisation's names", async () => {
    const { access: admin } = await h().login(DEMO.admin);
    const invited = await h().request('POST', '/api/user/', {
      token: admin,
      body: {
        first_name: 'Cora',
        last_name: 'Colleague',
        email: h().uniqueEmail('cora'),
        phone: '+1 555 0100',
        role: 'user',
        modules: { ...ALL_OFF, case_permission: true },
        knowledge_role: null,
        knowledge_data_permission: false,
      },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    // An event of Demo Law naming Other Firm's user and organisation by id: neither name may be read out.
    await auditService(h().ctx).record(
      { userId: h().ids.admin, organisationId: h().ids.demoOrg },
      'user',
      h().ids.otherAdmin,
      'activated',
    );
    await auditService(h().ctx).record(
      { userId: h().ids.admin, organisationId: h().ids.demoOrg },
      'organisation',
      h().ids.otherOrg,
      'updated',
    );
    const { access } = await h().login(DEMO.super);
    const rows = (await log(access, { search_key: DEMO.admin, limits: 200 })).json<AuditLogList>().data;
    const sentences = rows.map((row) => row.description);
    expect(sentences).toContain('Ada Admin invited Cora Colleague');
    expect(sentences.slice(0, 2)).toEqual([
      'Ada Admin edited a deleted organisation',
      'Ada Admin activated a deleted user',
    ]);
    expect(rows[0]).toMatchObject({ actor_name: 'Ada Admin', actor_email: DEMO.admin });
  });

  it("never shows a firm's client content: cases, documents, emails, templates and searches stay out", async () => {
    const { access: otherAdmin } = await h().login(DEMO.otherAdmin);
    const created = await h().request('POST', '/api/case/', {
      token: otherAdmin,
      body: {
        title: 'Privileged Quokka matter',
        client: 'Quokka Holdings',
        parties: ['Quokka Holdings'],
        status: 'open',
      },
    });
    expect(created.statusCode).toBe(201);
    await auditService(h().ctx).record(
      { userId: h().ids.otherAdmin, organisationId: h().ids.otherOrg },
      'template_execution',
      3,
      'created',
      { answers: 'Quokka settlement' },
    );
    const { access } = await h().login(DEMO.super);
    expect((await log(access, { search_key: 'quokka' })).json<AuditLogList>().page.total_count).toBe(0);
    const everything = (await log(access, { limits: 200 })).json<AuditLogList>();
    expect(JSON.stringify(everything)).not.toMatch(/quokka/i);
    expect(new Set(everything.data.map((row) => row.entity))).toEqual(
      new Set(
        everything.data
          .map((row) => row.entity)
          .filter((entity) => ['organisation', 'user', 'settings'].includes(entity)),
      ),
    );
  });

  it('treats % and _ literally and refuses page sizes the spec does not offer', async () => {
    const { access } = await h().login(DEMO.super);
    expect((await log(access, { search_key: '%_%' })).json<AuditLogList>().page.total_count).toBe(0);
    expect((await log(access, { limits: 7 })).statusCode).toBe(400);
  });

  it('is for super only', async () => {
    for (const email of [DEMO.admin, DEMO.user]) {
      expect((await log((await h().login(email)).access)).json()).toEqual(FORBIDDEN);
    }
    expect((await log(null)).statusCode).toBe(401);
  });
});

describeEachDatabase('GET /api/admin/delivery-status/', (h) => {
  it('counts sent mail and SMS, and names the transports', async () => {
    const { access } = await h().login(DEMO.super);
    await h().delivered();
    const before = (await h().request('GET', '/api/admin/delivery-status/', { token: access })).json<DeliveryStatus>();
    await mailService(h().ctx).enqueueSms({
      organisationId: null,
      kind: 'registration_code',
      to: '+44 7700 900001',
      text: 'hi',
      secrets: [],
    });
    await mailService(h().ctx).enqueue({
      organisationId: null,
      kind: 'registration_code',
      to: 'a@example.com',
      subject: 's',
      text: 't',
      secrets: [],
    });
    await h().delivered();
    const after = (await h().request('GET', '/api/admin/delivery-status/', { token: access })).json<DeliveryStatus>();
    // The test app's transports stand for SMTP and the SMS webhook.
    expect(after.mail_transport).toBe('smtp');
    expect(after.sms_transport).toBe('webhook');
    expect(after.sms.sent).toBe(before.sms.sent + 1);
    expect(after.email.sent).toBe(before.email.sent + 1);
  });

  it('is for super only', async () => {
    const { access } = await h().login(DEMO.admin);
    expect((await h().request('GET', '/api/admin/delivery-status/', { token: access })).json()).toEqual(FORBIDDEN);
    expect((await h().request('GET', '/api/admin/delivery-status/')).statusCode).toBe(401);
  });
});

describe('delivery status: the base of emailed links (issue 18 item 8)', () => {
  const statusOf = async (h: Harness) => {
    const { access } = await h.login(DEMO.super);
    return (await h.request('GET', '/api/admin/delivery-status/', { token: access })).json<DeliveryStatus>();
  };
  describeEachDatabase('PUBLIC_URL set', (h) => {
    it('names the public URL and says it was set', async () => {
      expect(await statusOf(h())).toMatchObject({ public_url: PUBLIC_URL, public_url_set: true });
    });
  });
  describeEachDatabase(
    'PUBLIC_URL unset',
    (h) => {
      it('says links fall back to localhost, so Admin Setting can warn', async () => {
        const status = await statusOf(h());
        expect(status.public_url_set).toBe(false);
        expect(status.public_url).toMatch(/^http:\/\/localhost:\d+$/);
      });
    },
    { env: { PUBLIC_URL: '' } },
  );
});

describe('delivery status with SMTP', () => {
  const failing: MailTransport = {
    sendMail: async () => {
      throw new Error('SMTP refused');
    },
  };
  describeEachDatabase(
    'a failing transport',
    (h) => {
      it('reports SMTP and counts the failed mail', async () => {
        await mailService(h().ctx).enqueue({
          organisationId: null,
          kind: 'registration_code',
          to: 'b@example.com',
          subject: 's',
          text: 't',
          secrets: [],
        });
        // Retried with backoff until the last attempt gives up.
        for (let attempt = 0; attempt < MAIL_DELIVER_ATTEMPTS; attempt += 1) {
          h().clock.advance({ minutes: 15 });
          await h().delivered();
        }
        const { access } = await h().login(DEMO.super);
        const status = (
          await h().request('GET', '/api/admin/delivery-status/', { token: access })
        ).json<DeliveryStatus>();
        expect(status.mail_transport).toBe('smtp');
        expect(status.email.failed).toBeGreaterThanOrEqual(1);
      });
    },
    { mailer: failing },
  );
});
