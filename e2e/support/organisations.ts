import { expect, type APIRequestContext } from '@playwright/test';
import PizZip from 'pizzip';
import { apiLogin, bearer, DEMO, linkFromMail, uniqueEmail, uniqueName } from './api.ts';
import { changeOneRowEach } from './database.ts';

export const ALL_MODULES = Object.fromEntries(
  [
    'knowledge_permission',
    'case_permission',
    'precedent_permission',
    'doc_analyzer_permission',
    'my_playbooks_permission',
    'task_management_permission',
    'invoice_permission',
  ].map((flag) => [flag, true]),
);

/**
 * A new organisation (created by the super user) with an admin who has set their password through the
 * emailed invitation link, and `extraUsers` more invited users: for journeys that change a plan or limit.
 */
export async function createOrganisationWithAdmin(
  request: APIRequestContext,
  { userLimit = 3, extraUsers = 0, password = 'OrgAdmin#2026' } = {},
) {
  const { access } = await apiLogin(request, DEMO.super);
  const name = uniqueName('Plan Firm');
  const org = await request.post('/api/organisation/', {
    headers: bearer(access),
    data: { name, plan_name: 'Associate', duration: 6, user_limit: userLimit, modules: ALL_MODULES },
  });
  expect(org.status(), await org.text()).toBe(201);
  const { id } = (await org.json()) as { id: number };
  const invite = async (role: 'admin' | 'user') => {
    const email = uniqueEmail(role);
    const res = await request.post('/api/user/', {
      headers: bearer(access),
      data: { first_name: 'Pat', last_name: 'Planner', email, role, modules: ALL_MODULES, org_id: id },
    });
    expect(res.status(), await res.text()).toBe(201);
    return email;
  };
  const email = await invite('admin');
  const link = decodeURIComponent(await linkFromMail(request, email));
  const token = /token=([^&/]+)/.exec(link)![1];
  const set = await request.put('/api/token/', { data: { token, password } });
  expect(set.status(), await set.text()).toBe(200);
  for (let i = 0; i < extraUsers; i += 1) await invite('user');
  return { id, name, email, password };
}

/**
 * Moves the end of an organisation's current plan, straight in the journeys' database (the SQLite file in
 * LEXDESK_E2E_DATA_DIR, or E2E_DATABASE_URL's PostgreSQL). No call moves a plan's end: plans start today and
 * run their months, and a journey cannot wait for one to run out.
 */
export async function setPlanExpiry(organisationId: number, expiresAt: Date) {
  await changeOneRowEach('update organisations set plan_expires_at = $1 where id = $2', [
    [expiresAt.toISOString(), organisationId],
  ]);
}

/** The sheet names and the rows (cell texts) of the first sheet of an XLSX workbook: proof it is a real one. */
export function readXlsx(file: Buffer) {
  expect(file.subarray(0, 4).toString('binary'), 'an XLSX file is a zip archive').toBe('PK\x03\x04');
  const zip = new PizZip(file);
  const text = (name: string) => zip.file(name)?.asText() ?? '';
  expect(text('[Content_Types].xml')).toContain('application/vnd.openxmlformats-officedocument.spreadsheetml');
  const unescape = (value: string) =>
    value
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&quot;', '"')
      .replaceAll('&apos;', "'")
      .replaceAll('&amp;', '&');
  const sheets = [...text('xl/workbook.xml').matchAll(/<sheet\b[^>]*\bname="([^"]*)"/g)].map((m) => unescape(m[1]!));
  const shared = [...text('xl/sharedStrings.xml').matchAll(/<si>([\s\S]*?)<\/si>/g)].map((m) =>
    unescape([...m[1]!.matchAll(/<t[^>]*>([\s\S]*?)<\/t>/g)].map((t) => t[1]).join('')),
  );
  const rows = [...text('xl/worksheets/sheet1.xml').matchAll(/<row\b[^>]*>([\s\S]*?)<\/row>/g)].map((row) =>
    [...row[1]!.matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)].map(([, attributes, body = '']) => {
      const value = /<v>([\s\S]*?)<\/v>/.exec(body)?.[1] ?? /<t[^>]*>([\s\S]*?)<\/t>/.exec(body)?.[1] ?? '';
      return /\bt="s"/.test(attributes!) ? (shared[Number(value)] ?? '') : unescape(value);
    }),
  );
  return { sheets, rows };
}
