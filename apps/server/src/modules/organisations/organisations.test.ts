import {
  commonMessages,
  ERROR_CODES,
  organisationMessages,
  planMessages,
  sessionMessages,
  userLimitMessages,
  type HistoryResponse,
  type OrganisationItem,
  type OrganisationList,
} from '@lexdesk/contract';
import ExcelJS from 'exceljs';
import { expect, it } from 'vitest';
import { DEMO, describeEachDatabase } from '../../../test/harness.ts';
import { ALL_OFF, ALL_ON, createOrganisation, organisationBodyOf, superToken } from './organisations.fixtures.ts';

const FORBIDDEN = { detail: sessionMessages.forbidden, code: ERROR_CODES.forbidden };
const NOT_FOUND = { detail: sessionMessages.notFound, code: ERROR_CODES.notFound };

describeEachDatabase('GET and POST /api/organisation/', (h) => {
  it('lists every organisation for the super user, paged and searchable', async () => {
    const token = await superToken(h());
    const created = await createOrganisation(h(), { name: 'Zebra & Partners 100%' });
    const all = (
      await h().request('GET', '/api/organisation/', { token, query: { limits: 200 } })
    ).json<OrganisationList>();
    expect(all.data.map((o) => o.name)).toEqual(expect.arrayContaining(['Demo Law LLP', 'Other Firm', created.name]));
    const demo = all.data.find((o) => o.name === 'Demo Law LLP');
    expect(demo).toMatchObject({
      plan_name: 'Associate',
      duration: 6,
      user_limit: 25,
      registered_users: 3,
      modules: ALL_ON,
    });
    expect(demo?.plan_validity).toBeGreaterThan(150);
    const found = (
      await h().request('GET', '/api/organisation/', { token, query: { search_key: 'zebra & PARTNERS 100%' } })
    ).json<OrganisationList>();
    expect(found.data.map((o) => o.id)).toEqual([created.id]);
    const literal = (
      await h().request('GET', '/api/organisation/', { token, query: { search_key: 'zebra_' } })
    ).json<OrganisationList>();
    expect(literal.page.total_count).toBe(0);
    const paged = (
      await h().request('GET', '/api/organisation/', { token, query: { limits: 10, page_no: 1 } })
    ).json<OrganisationList>();
    expect(paged.page).toMatchObject({ page_no: 1, limits: 10, total_count: all.page.total_count });
    expect((await h().request('GET', '/api/organisation/', { token, query: { limits: 7 } })).statusCode).toBe(400);
  });

  it('creates an organisation with its plan, limit, contact and module defaults, and records it', async () => {
    const token = await superToken(h());
    const body = organisationBodyOf({
      plan_name: 'Membership',
      duration: null,
      user_limit: '12',
      modules: { ...ALL_OFF, doc_analyzer_permission: true },
    });
    const res = await h().request('POST', '/api/organisation/', { token, body });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<OrganisationItem>();
    expect(created).toMatchObject({
      name: body.name,
      plan_name: 'Membership',
      duration: 12,
      user_limit: 12,
      registered_users: 0,
      contact_email: 'office@firm.example',
      modules: { ...ALL_OFF, doc_analyzer_permission: true },
    });
    expect(created.plan_expires_at).toBe('2027-03-02T09:00:00.000Z');
    const history = (
      await h().request('GET', `/api/organisation/${created.id}/history/`, { token })
    ).json<HistoryResponse>();
    expect(history.data).toHaveLength(1);
    expect(history.data[0]).toMatchObject({
      action: 'created',
      actor: 'Sam Super',
      created_at: '2026-03-02T09:00:00.000Z',
    });
    expect(history.data[0]?.changes).toMatchObject({ name: body.name, plan: 'Membership (12 months)', user_limit: 12 });
  });

  it('answers each validation message and refuses a name in use (409)', async () => {
    const token = await superToken(h());
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '  ' }, organisationMessages.nameRequired],
      [{ user_limit: '' }, userLimitMessages.blank],
      [{ user_limit: null }, userLimitMessages.blank],
      [{ user_limit: 10000 }, userLimitMessages.tooLong],
      [{ user_limit: 0 }, userLimitMessages.notWhole],
      [{ plan_name: 'Associate', duration: null }, planMessages.durationRequired],
      [{ plan_name: 'Associate', duration: 9 }, planMessages.invalidDuration],
      [{ contact_email: 'not-an-email' }, organisationMessages.invalidEmail],
    ];
    for (const [overrides, message] of cases) {
      const res = await h().request('POST', '/api/organisation/', {
        token,
        body: { ...organisationBodyOf(), ...overrides },
      });
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json().detail).toBe(message);
    }
    const taken = await h().request('POST', '/api/organisation/', {
      token,
      body: organisationBodyOf({ name: 'demo law llp' }),
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      detail: organisationMessages.nameTaken,
      fields: { name: organisationMessages.nameTaken },
    });
  });

  it('is for the super user only: admins and users 403, no token 401', async () => {
    for (const email of [DEMO.admin, DEMO.user, DEMO.otherAdmin]) {
      const { access } = await h().login(email);
      expect((await h().request('GET', '/api/organisation/', { token: access })).json()).toEqual(FORBIDDEN);
      expect(
        (await h().request('POST', '/api/organisation/', { token: access, body: organisationBodyOf() })).json(),
      ).toEqual(FORBIDDEN);
    }
    expect((await h().request('GET', '/api/organisation/')).statusCode).toBe(401);
    expect((await h().request('POST', '/api/organisation/', { body: organisationBodyOf() })).statusCode).toBe(401);
  });
});

describeEachDatabase('GET, PUT and DELETE /api/organisation/{id}/, history', (h) => {
  it('edits name, plan, limit, contact and module defaults; the history says who changed what', async () => {
    const created = await createOrganisation(h());
    h().clock.advance({ days: 3 });
    const token = await superToken(h());
    const body = organisationBodyOf({
      name: `${created.name} Renamed`,
      plan_name: 'Associate',
      duration: 12,
      user_limit: 9,
      modules: { ...ALL_ON, invoice_permission: false },
    });
    const res = await h().request('PUT', `/api/organisation/${created.id}/`, { token, body });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<OrganisationItem>()).toMatchObject({
      name: body.name,
      duration: 12,
      user_limit: 9,
      plan_started_at: '2026-03-05T09:00:00.000Z',
    });
    expect(
      (await h().request('GET', `/api/organisation/${created.id}/`, { token })).json<OrganisationItem>().modules
        .invoice_permission,
    ).toBe(false);
    const history = (
      await h().request('GET', `/api/organisation/${created.id}/history/`, { token })
    ).json<HistoryResponse>();
    expect(history.data.map((e) => e.action)).toEqual(['updated', 'created']);
    expect(history.data[0]).toMatchObject({ actor: 'Sam Super', created_at: '2026-03-05T09:00:00.000Z' });
    expect(history.data[0]?.changes).toEqual({
      name: { from: created.name, to: body.name },
      plan: { from: 'Associate (6 months)', to: 'Associate (12 months)' },
      user_limit: { from: 5, to: 9 },
      modules: {
        from: 'knowledge_permission, case_permission, precedent_permission, doc_analyzer_permission, my_playbooks_permission, task_management_permission, invoice_permission',
        to: 'knowledge_permission, case_permission, precedent_permission, doc_analyzer_permission, my_playbooks_permission, task_management_permission',
      },
    });
  });

  it('keeps the limit at or above the active users, and answers 404 for an unknown organisation', async () => {
    const token = await superToken(h());
    const below = await h().request('PUT', `/api/organisation/${h().ids.demoOrg}/`, {
      token,
      body: organisationBodyOf({ name: 'Demo Law LLP', user_limit: 2 }),
    });
    expect(below.statusCode).toBe(400);
    expect(below.json().detail).toBe(userLimitMessages.belowRegistered);
    for (const [method, url] of [
      ['GET', '/api/organisation/999999/'],
      ['PUT', '/api/organisation/999999/'],
      ['DELETE', '/api/organisation/999999/'],
      ['GET', '/api/organisation/999999/history/'],
    ] as const) {
      const res = await h().request(method, url, {
        token,
        ...(method === 'PUT' ? { body: organisationBodyOf() } : {}),
      });
      expect(res.json(), `${method} ${url}`).toEqual(NOT_FOUND);
    }
  });

  it('deletes an organisation with its users and audit trail in one go, records the deletion, never the own one', async () => {
    const token = await superToken(h());
    const created = await createOrganisation(h());
    const member = await h().createUser({ organisationId: created.id });
    const { access: memberToken } = await h().login(member.email, member.password);
    const res = await h().request('DELETE', `/api/organisation/${created.id}/`, { token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ detail: commonMessages.deleted(created.name) });
    expect((await h().request('GET', `/api/organisation/${created.id}/`, { token })).statusCode).toBe(404);
    expect((await h().request('GET', `/api/user/${member.id}/`, { token: memberToken })).statusCode).toBe(401);
    const login = await h().request('POST', '/api/login/', {
      body: { username: member.email, password: member.password, mode: 'webapp' },
    });
    expect(login.statusCode).toBe(401);
    // The deleted organisation's events (which name its people) go with it; the deletion is recorded in the
    // super user's own organisation.
    const events = (organisationId: number) =>
      h()
        .database.db.selectFrom('audit_events')
        .select(['entity', 'entity_id', 'action', 'changes'])
        .where('organisation_id', '=', organisationId)
        .orderBy('id')
        .execute();
    expect(await events(created.id)).toEqual([]);
    const deletion = (await events(h().ids.demoOrg)).filter(
      (e) => e.entity === 'organisation' && e.entity_id === created.id,
    );
    expect(deletion.map((e) => [e.action, JSON.parse(e.changes)])).toEqual([
      ['deleted', { name: created.name, users: 1 }],
    ]);
    const own = await h().request('DELETE', `/api/organisation/${h().ids.demoOrg}/`, { token });
    expect(own.statusCode).toBe(400);
    expect(own.json().detail).toBe(organisationMessages.cannotDeleteOwn);
  });

  it('is for the super user only', async () => {
    for (const email of [DEMO.admin, DEMO.user, DEMO.otherAdmin]) {
      const { access } = await h().login(email);
      for (const [method, url] of [
        ['GET', `/api/organisation/${h().ids.demoOrg}/`],
        ['PUT', `/api/organisation/${h().ids.demoOrg}/`],
        ['DELETE', `/api/organisation/${h().ids.otherOrg}/`],
        ['GET', `/api/organisation/${h().ids.demoOrg}/history/`],
        ['GET', '/api/organisation/usage/'],
      ] as const) {
        const res = await h().request(method, url, {
          token: access,
          ...(method === 'PUT' ? { body: organisationBodyOf() } : {}),
        });
        expect(res.json(), `${email} ${method} ${url}`).toEqual(FORBIDDEN);
      }
    }
    expect((await h().request('GET', `/api/organisation/${h().ids.demoOrg}/history/`)).statusCode).toBe(401);
  });
});

describeEachDatabase('GET /api/organisation/usage/', (h) => {
  it('downloads usage data as CSV and XLSX, counting what every area registered', async () => {
    const token = await superToken(h());
    const created = await createOrganisation(h(), { name: '=Formula Firm, "quoted"' });
    await h().createUser({ organisationId: created.id });
    await h().createUser({ organisationId: created.id, isActive: false });
    const csv = await h().request('GET', '/api/organisation/usage/', {
      token,
      query: { format: 'csv', id: created.id },
    });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="usage-${created.id}-2026-03-02.csv"`);
    expect(csv.body.replace(/^\uFEFF/, '').split('\r\n')).toEqual([
      'Organisation,Users,Active users,Storage used (bytes),Documents,Template executions,Searches,Playbooks,Tasks,Invoices,Knowledge articles',
      `"'=Formula Firm, ""quoted""",2,1,0,0,0,0,0,0,0,0`,
      '',
    ]);
    const xlsx = await h().request('GET', '/api/organisation/usage/', { token, query: { format: 'xlsx' } });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Usage');
    const rows = sheet?.getSheetValues().slice(1) as unknown[][];
    expect(rows[0]?.slice(1)).toEqual([
      'Organisation',
      'Users',
      'Active users',
      'Storage used (bytes)',
      'Documents',
      'Template executions',
      'Searches',
      'Playbooks',
      'Tasks',
      'Invoices',
      'Knowledge articles',
    ]);
    const demo = rows.find((row) => row[1] === 'Demo Law LLP');
    expect(demo?.slice(2, 4)).toEqual([3, 3]);
    expect(rows.find((row) => row[1] === created.name)?.slice(2)).toEqual([2, 1, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect((await h().request('GET', '/api/organisation/usage/', { token, query: { id: 999999 } })).statusCode).toBe(
      404,
    );
    expect((await h().request('GET', '/api/organisation/usage/', { token, query: { format: 'pdf' } })).statusCode).toBe(
      400,
    );
    expect((await h().request('GET', '/api/organisation/usage/')).statusCode).toBe(401);
  });
});
