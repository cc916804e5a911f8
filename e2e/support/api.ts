import { expect, type APIRequestContext } from '@playwright/test';
import type { LoginResponse, ManagedUser } from '@lexdesk/contract';
import { waitForMessageTo } from './mail.ts';

export const DEMO_PASSWORD = 'Demo#2026pass';
export const DEMO = {
  super: 'super@example.com',
  admin: 'admin@example.com',
  user: 'user@example.com',
  otherAdmin: 'admin@other.example.com',
} as const;

/** Signs in through the API and answers the login response. */
export async function apiLogin(request: APIRequestContext, email: string, password = DEMO_PASSWORD) {
  const res = await request.post('/api/login/', { data: { username: email, password, mode: 'webapp' } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as LoginResponse;
}

export function bearer(token: string) {
  return { Authorization: `Bearer ${token}` };
}

/** A unique address per test, so tests never share the data they change. */
/** A suffix no other test run or journey shares, so each test makes its own data. */
export const uniqueSuffix = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** `prefix` and a unique suffix, for names a test creates (cases, categories, firms). */
export const uniqueName = (prefix: string) => `${prefix} ${uniqueSuffix()}`;

export function uniqueEmail(prefix: string) {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** Links this worker has answered already: each call waits for a mail it has not handed out yet. */
const linksHandedOut = new Set<string>();
const firstLinkIn = (text: string) => /https?:\/\/\S+token=\S+/.exec(text)?.[0];

/**
 * The link in the newest mail to `email` that no earlier call answered, as a path of this site, waiting
 * until it has arrived: read from the mail sink, as the recipient reads their mailbox (the outbox keeps
 * links masked). So a journey that asks after an action gets the mail of that action, not an older one.
 * `_request` is unused: kept so the journeys' calls read as before.
 */
export async function linkFromMail(_request: APIRequestContext, email: string) {
  const mail = await waitForMessageTo(email, (message) => {
    const link = firstLinkIn(message.text);
    return link !== undefined && !linksHandedOut.has(link);
  });
  const link = firstLinkIn(mail.text)!;
  linksHandedOut.add(link);
  return new URL(link).pathname;
}

/** A fresh admin of Demo Law LLP with its own password: for tests that change a user. */
export async function createDemoAdmin(request: APIRequestContext, password = 'Fresh#2026pass') {
  const email = uniqueEmail('admin');
  const { access } = await apiLogin(request, DEMO.super);
  const orgs = (await (await request.get('/api/admin/organisations/', { headers: bearer(access) })).json()) as {
    data: { id: number; name: string }[];
  };
  const demo = orgs.data.find((o) => o.name === 'Demo Law LLP');
  expect(demo).toBeDefined();
  const sent = await request.post('/api/admin/links/', {
    headers: bearer(access),
    data: { kind: 'create_admin', email, organisation_id: demo!.id },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const link = await linkFromMail(request, email);
  const token = decodeURIComponent(link).match(/token=([^&/]+)/)![1];
  const created = await request.post('/api/user/create/', {
    data: { username: email, token, first_name: 'Fresh', last_name: 'Admin', password, phone: '' },
  });
  expect(created.status(), await created.text()).toBe(200);
  return { email, password };
}

type UserEdit = Pick<
  ManagedUser,
  | 'first_name'
  | 'last_name'
  | 'phone'
  | 'role'
  | 'modules'
  | 'knowledge_role'
  | 'knowledge_data_permission'
  | 'billing_permission'
>;

/** Edits a user the way an administrator does: the Users API (`GET user/`, `PUT user/{id}/`), as the super user. */
async function editUser(request: APIRequestContext, email: string, edit: (user: UserEdit) => UserEdit) {
  const { access } = await apiLogin(request, DEMO.super);
  const res = await request.get(`/api/user/?search_key=${encodeURIComponent(email)}`, { headers: bearer(access) });
  expect(res.status(), await res.text()).toBe(200);
  const list = (await res.json()) as { data: ManagedUser[] };
  const user = list.data.find((u) => u.email === email);
  expect(user, `no user ${email}`).toBeDefined();
  const { first_name, last_name, phone, role, modules, knowledge_role, knowledge_data_permission, billing_permission } =
    user!;
  const saved = await request.put(`/api/user/${user!.id}/`, {
    headers: bearer(access),
    data: edit({
      first_name,
      last_name,
      phone,
      role,
      modules,
      knowledge_role,
      knowledge_data_permission,
      billing_permission,
    }),
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

/** Changes one module flag of a user. */
export async function setModuleFlag(request: APIRequestContext, email: string, flag: string, value: boolean) {
  await editUser(request, email, (user) => ({ ...user, modules: { ...user.modules, [flag]: value } }));
}

/** Gives a plain user the Billing grant (reads the firm's invoices and client accounts), or takes it. */
export async function setBillingGrant(request: APIRequestContext, email: string, value: boolean) {
  await editUser(request, email, (user) => ({ ...user, billing_permission: value }));
}

/** Gives a user a knowledge role. */
export async function setKnowledgeRole(
  request: APIRequestContext,
  email: string,
  knowledgeRole: NonNullable<ManagedUser['knowledge_role']>,
) {
  await editUser(request, email, (user) => ({ ...user, knowledge_role: knowledgeRole }));
}

/**
 * Gives Demo Law LLP room for more users. The journeys share the demo firm and many add an admin to it
 * (createDemoAdmin), so a journey that invites one more must not depend on how many ran before it.
 */
export async function makeRoomInDemoFirm(request: APIRequestContext, userLimit = 200) {
  const { access } = await apiLogin(request, DEMO.super);
  const orgs = (await (await request.get('/api/admin/organisations/', { headers: bearer(access) })).json()) as {
    data: { id: number; name: string }[];
  };
  const demo = orgs.data.find((o) => o.name === 'Demo Law LLP')!;
  const current = (await (
    await request.get(`/api/organisation/${demo.id}/`, { headers: bearer(access) })
  ).json()) as Record<string, unknown>;
  const saved = await request.put(`/api/organisation/${demo.id}/`, {
    headers: bearer(access),
    data: {
      name: current.name,
      plan_name: current.plan_name,
      duration: current.duration,
      user_limit: Math.max(userLimit, Number(current.user_limit)),
      contact_email: current.contact_email ?? '',
      contact_phone: current.contact_phone ?? '',
      modules: current.modules,
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}
