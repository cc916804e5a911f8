import { MODULE_FLAGS, type ModuleFlags, type OrganisationBody, type OrganisationItem } from '@lexdesk/contract';
import { expect } from 'vitest';
import { DEMO, type Harness } from '../../../test/harness.ts';

/** Test helpers of the organisations, users and plans API tests. */
export const ALL_ON = Object.fromEntries(MODULE_FLAGS.map((flag) => [flag, true])) as ModuleFlags;
export const ALL_OFF = Object.fromEntries(MODULE_FLAGS.map((flag) => [flag, false])) as ModuleFlags;

let counter = 0;
export function organisationBodyOf(overrides: Partial<OrganisationBody> = {}): OrganisationBody {
  counter += 1;
  return {
    name: `Firm ${process.pid}-${Date.now().toString(36)}-${counter}`,
    plan_name: 'Associate',
    duration: 6,
    user_limit: 5,
    contact_email: 'office@firm.example',
    contact_phone: '+44 20 7946 0000',
    modules: ALL_ON,
    ...overrides,
  };
}

export async function superToken(h: Harness): Promise<string> {
  return (await h.login(DEMO.super)).access;
}

/** A new organisation created through the API by the demo super user. */
export async function createOrganisation(
  h: Harness,
  overrides: Partial<OrganisationBody> = {},
): Promise<OrganisationItem> {
  const res = await h.request('POST', '/api/organisation/', {
    token: await superToken(h),
    body: organisationBodyOf(overrides),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<OrganisationItem>();
}

/** A new organisation with a signed-in admin (and the admin's token). */
export async function organisationWithAdmin(h: Harness, overrides: Partial<OrganisationBody> = {}) {
  const organisation = await createOrganisation(h, overrides);
  const admin = await h.createUser({ role: 'admin', organisationId: organisation.id });
  const { access } = await h.login(admin.email, admin.password);
  return { organisation, admin: { ...admin, token: access } };
}
