import type { PickerUser } from '@lexdesk/contract';
import { beforeAll, expect, it } from 'vitest';
import { DEMO, describeEachDatabase } from '../../../test/harness.ts';

describeEachDatabase('organisation and user pickers of the concept list page', (h) => {
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    for (const email of [DEMO.super, DEMO.admin, DEMO.user, DEMO.otherAdmin])
      tokens[email] = (await h().login(email)).access;
  });
  const get = (email: string | null, url: string, query?: Record<string, string>) =>
    h().request('GET', url, { token: email === null ? null : tokens[email], ...(query ? { query } : {}) });

  it("answers the caller's own organisation for every role", async () => {
    expect((await get(DEMO.user, '/api/get-org/')).json()).toEqual({ value: h().ids.demoOrg, label: 'Demo Law LLP' });
    expect((await get(DEMO.otherAdmin, '/api/get-org/')).json()).toEqual({
      value: h().ids.otherOrg,
      label: 'Other Firm',
    });
    expect((await get(null, '/api/get-org/')).statusCode).toBe(401);
  });

  it('lists every organisation for the super user, only the own one for an admin, none for a user', async () => {
    const all = (await get(DEMO.super, '/api/assign-organisation/')).json<{ data: { value: number }[] }>().data;
    expect(all.map((o) => o.value)).toEqual(expect.arrayContaining([h().ids.demoOrg, h().ids.otherOrg]));
    expect((await get(DEMO.otherAdmin, '/api/assign-organisation/')).json()).toEqual({
      data: [{ value: h().ids.otherOrg, label: 'Other Firm' }],
    });
    expect((await get(DEMO.user, '/api/assign-organisation/')).statusCode).toBe(403);
    expect((await get(null, '/api/assign-organisation/')).statusCode).toBe(401);
  });

  it('lists active users of the organisations the caller may see, never a super user to a firm', async () => {
    const inactive = await h().createUser({
      organisationId: h().ids.demoOrg,
      isActive: false,
      firstName: 'Ina',
      lastName: 'Ctive',
    });
    const users = async (email: string, orgs: string) =>
      (await get(email, '/api/assign-user/', { concept: 'true', users: orgs })).json<{ data: PickerUser[] }>().data;
    const both = `${h().ids.demoOrg},${h().ids.otherOrg}`;
    const forSuper = await users(DEMO.super, both);
    expect(forSuper.map((u) => u.value)).toEqual(
      expect.arrayContaining([h().ids.super, h().ids.admin, h().ids.user, h().ids.otherAdmin]),
    );
    expect(forSuper.some((u) => u.value === inactive.id)).toBe(false);
    expect(forSuper.find((u) => u.value === h().ids.admin)).toEqual({
      value: h().ids.admin,
      label: 'Ada Admin',
      organisation: h().ids.demoOrg,
      is_active: true,
    });
    const forAdmin = await users(DEMO.admin, both);
    expect(forAdmin.every((u) => u.organisation === h().ids.demoOrg)).toBe(true);
    expect(forAdmin.some((u) => u.value === h().ids.super)).toBe(false);
    expect(await users(DEMO.otherAdmin, `${h().ids.demoOrg}`)).toEqual([]);
    expect((await get(DEMO.user, '/api/assign-user/', { users: `${h().ids.demoOrg}` })).statusCode).toBe(403);
    expect((await get(DEMO.admin, '/api/assign-user/', { users: 'all' })).statusCode).toBe(400);
  });
});
