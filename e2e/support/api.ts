import { expect, type APIRequestContext } from '@playwright/test';
import type { LoginResponse, ManagedUser, OutboxList } from '@lexdesk/contract';

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

/** The newest outbox message to `email` (read as the super user), waiting until it has arrived. */
export async function latestMailTo(request: APIRequestContext, email: string) {
  const { access } = await apiLogin(request, DEMO.super);
  let body = '';
  await expect
    .poll(async () => {
      const res = await request.get('/api/admin/outbox/?page_no=1&limits=200', { headers: bearer(access) });
      const list = (await res.json()) as OutboxList;
      body = list.data.find((m) => m.to_address === email)?.body_text ?? '';
      return body;
    })
    .not.toBe('');
  return body;
}

/** The first link in the newest mail to `email`, as a path of this site. */
export async function linkFromMail(request: APIRequestContext, email: string) {
  const body = await latestMailTo(request, email);
  const match = body.match(/https?:\/\/\S+/);
  expect(match, `no link in mail: ${body}`).not.toBeNull();
  return new URL(match![0]).pathname;
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

/**
 * Changes one module flag of a user the way an administrator does: the Users API (`GET user/`, `PUT
 * user/{id}/`), signed in as the super user.
 */
export async function setModuleFlag(request: APIRequestContext, email: string, flag: string, value: boolean) {
  const { access } = await apiLogin(request, DEMO.super);
  const res = await request.get(`/api/user/?search_key=${encodeURIComponent(email)}`, { headers: bearer(access) });
  expect(res.status(), await res.text()).toBe(200);
  const list = (await res.json()) as { data: ManagedUser[] };
  const user = list.data.find((u) => u.email === email);
  expect(user, `no user ${email}`).toBeDefined();
  const { first_name, last_name, phone, role, modules, knowledge_role, knowledge_data_permission } = user!;
  const saved = await request.put(`/api/user/${user!.id}/`, {
    headers: bearer(access),
    data: {
      first_name,
      last_name,
      phone,
      role,
      knowledge_role,
      knowledge_data_permission,
      modules: { ...modules, [flag]: value },
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}
