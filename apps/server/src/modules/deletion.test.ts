import type { ExecutionResult } from '@lexdesk/contract';
import { sql } from 'kysely';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { recordFeedback } from './analyser/index.ts';
import { describeEachDatabase, multipartBody, type Harness } from '../../test/harness.ts';
import { appTableColumns } from '../../test/schema-columns.ts';
import { runDueJobs } from '../platform/jobs/jobs.service.ts';
import { storageRoot } from '../platform/storage/storage.service.ts';
import { createCase, importEmail, sampleEml, uploadDocument } from './case-records/test-support.ts';
import { setUp as templateSetUp } from './executions/execution-test-setup.ts';
import { organisationWithAdmin, superToken } from './organisations/organisations.fixtures.ts';
import { account, approvedEntry, draft, expenseOf } from './invoices/invoice-test-helpers.ts';
import { insertRegistration } from './registration/registration.repo.ts';
import { attach, createCategory, createPlaybook, publish, share } from './playbooks/playbook-test-helpers.ts';
import { MODULES } from './registry.ts';
import { handoverCode, setKnowledge } from './knowledge/knowledge-test-helpers.ts';

/**
 * Deleting an organisation, a user or a case leaves nothing of it behind: no row names it and no stored file
 * of it stays on disk. The organisation is filled through the modules' own APIs, as a firm would fill it.
 */

/** Every `table.column` of the schema whose name says it points at `kind` (organisation, user or case). */
async function columnsNaming(h: Harness, kind: 'organisation' | 'user' | 'case'): Promise<string[]> {
  const names: Record<typeof kind, RegExp> = {
    organisation: /^(organisation_id|target_organisation_id)$/,
    // The audit trail's actor_user_id stays on purpose: the history reads "A deleted user" (docs/organisations.md).
    user: /^(user_id|created_by|created_by_id|uploaded_by|changed_by|deleted_by_id|updated_by_user_id)$/,
    case: /^case_id$/,
  };
  const columns = await appTableColumns(h.database);
  return columns.filter(({ column }) => names[kind].test(column)).map(({ table, column }) => `${table}.${column}`);
}

async function rowsNaming(h: Harness, kind: 'organisation' | 'user' | 'case', id: number): Promise<string[]> {
  const found: string[] = [];
  for (const tableColumn of await columnsNaming(h, kind)) {
    const [table, column] = tableColumn.split('.') as [string, string];
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}
      where ${sql.ref(column)} = ${id}`.execute(h.database.db);
    if (Number(rows[0]?.n) > 0) found.push(`${tableColumn} (${rows[0]?.n})`);
  }
  return found;
}

/** The storage keys the modules' declared file columns hold for rows of one organisation. */
async function storedKeysOf(h: Harness, organisationId: number): Promise<string[]> {
  const keys: string[] = [];
  for (const tableColumn of MODULES.flatMap((module) => module.data?.files ?? [])) {
    const [table, column] = tableColumn.split('.') as [string, string];
    const { rows } = await sql<{ key: string }>`select ${sql.ref(column)} as key from ${sql.table(table)}
      where organisation_id = ${organisationId}`.execute(h.database.db);
    // A draft invoice has no PDF yet (null).
    keys.push(...rows.map((row) => row.key).filter((key) => key !== null));
  }
  return [...new Set(keys)];
}

const onDisk = (h: Harness, keys: readonly string[]) =>
  keys.filter((key) => existsSync(path.join(storageRoot(h.ctx), key)));

/**
 * The analyser: a list of its own with every kind of head part, a vote on a list the super user assigned to
 * all, and its own copy of that list (which hides the original from it).
 */
async function fillConceptLists(h: Harness, organisationId: number, adminId: number, token: string, caseId: number) {
  const head = { head: 'Deleted law', definition: '', terms: 'law', phrases: '' };
  const own = await h.request('POST', '/api/concept-list/', {
    token,
    body: { name: 'To delete', organisationIDs: [organisationId], userIDs: [adminId], concepts: [head] },
  });
  expect(own.statusCode, own.body).toBe(201);
  const conceptID = own.json().ids.concept_ids[0] as number;
  await saveReviewOf(h, token, own.json().ids.concept_list_id as number, caseId);
  for (const [url, body] of [
    ['/api/concept-list/create/clause/', { conceptID, clause_description: 'A clause' }],
    ['/api/concept-list/create/scope/', { conceptID, scope_description: 'Scope', examples: [{ example_text: 'E' }] }],
    [
      '/api/concept-list/create/term-rule/',
      { conceptID, rule_description: 'Rule', suggestions: [{ suggestion_text: 'S' }] },
    ],
    [`/api/concept/amendments/${conceptID}/`, { amendment_type: 'Text', amendment: 'A' }],
  ] as const) {
    const res = await h.request('POST', url, { token, body });
    expect(res.statusCode, res.body).toBe(201);
  }
  const shared = await h.request('POST', '/api/concept-list/', {
    token: await superToken(h),
    body: {
      name: `Shared ${organisationId}`,
      organisationIDs: [h.ids.demoOrg],
      userIDs: [h.ids.super],
      concepts: [head],
      is_assigned_to_all: true,
    },
  });
  const sharedHead = shared.json().ids.concept_ids[0] as number;
  await recordFeedback(h.ctx, await h.actorOf(token), sharedHead, { thumbs_up: true, comments: 'x', term: 'law' });
  const copied = await h.request('PUT', '/api/concept-content/single/', {
    token,
    query: { conceptID: sharedHead },
    body: [{ ...head, terms: 'mine' }],
  });
  expect(copied.statusCode, copied.body).toBe(200);
}

/**
 * Playbooks: one with a category, an indexed attachment and a version, pinned on the case; and a Demo Law LLP
 * playbook shared with the organisation (its assignment row names the organisation).
 */
async function fillPlaybooks(h: Harness, organisationId: number, token: string, caseId: number) {
  const category = await createCategory(h, token, 'Deleted category');
  const id = await createPlaybook(h, token, {
    category_ids: [category],
    entries: [{ topic: 'Deleted topic', category_id: category }],
  });
  expect((await attach(h, token, id, 'note.txt', Buffer.from('A deletable playbook note.'))).statusCode).toBe(201);
  await runDueJobs(h.ctx);
  await publish(h, token, id);
  const pinned = await h.request('POST', `/api/case/${caseId}/playbooks/`, { token, body: { playbook_id: id } });
  expect(pinned.statusCode, pinned.body).toBe(201);
  const superAccess = await superToken(h);
  const shared = await createPlaybook(h, superAccess);
  await share(h, superAccess, shared, [organisationId]);
}

/**
 * Tasks: one on the case with an assignee, a checklist item, a comment, an attachment, typed time, a timer with
 * its spans, and the organisation's task settings; `token`'s user does it all.
 */
async function fillTasks(h: Harness, token: string, caseId: number | null, assigneeId: number) {
  const created = await h.request('POST', '/api/task/', {
    token,
    body: { title: 'Deletable task', case_id: caseId, assignee_ids: [assigneeId] },
  });
  expect(created.statusCode, created.body).toBe(201);
  const taskId = created.json<{ id: number }>().id;
  const calls: [string, string, object?][] = [
    ['POST', `/api/task/${taskId}/checklist/`, { text: 'Step' }],
    ['POST', `/api/task/${taskId}/comment/`, { body: 'Noted' }],
    ['POST', '/api/time-entry/', { task_id: taskId, duration: '1h20m', date: '2026-03-02' }],
    ['POST', `/api/task/${taskId}/timer/start/`, {}],
  ];
  for (const [method, url, body] of calls) {
    const res = await h.request(method as 'POST', url, { token, body });
    expect(res.statusCode, `${url} ${res.body}`).toBeLessThan(300);
  }
  const { payload, headers } = multipartBody('file', 'task-note.txt', 'text/plain', Buffer.from('A task note.'));
  const attached = await h.request('POST', `/api/task/${taskId}/attachment/`, { token, payload, headers });
  expect(attached.statusCode, attached.body).toBe(201);
  return taskId;
}

/**
 * Invoices: a client account on the case, an approved time entry and an expense billed on an invoice that is
 * issued (its PDF stored), paid in part and credited, and a draft. Answers the issued invoice's id.
 */
async function fillInvoices(h: Harness, token: string, caseId: number) {
  const acc = await account(h, token, [caseId]);
  const entry = await approvedEntry(h, token, caseId, '50m');
  const expense = await expenseOf(h, token, acc.id, { case_id: caseId });
  const inv = await draft(h, token, { account_id: acc.id, time_entry_ids: [entry], expense_ids: [expense] });
  const calls: [string, object][] = [
    [`/api/invoice/${inv.id}/issue/`, {}],
    [`/api/invoice/${inv.id}/payments/`, { date: '2026-03-02', amount: '10.00' }],
    [`/api/invoice/${inv.id}/credit-note/`, { reason: 'Goodwill', line_ids: [inv.lines[1]!.id] }],
  ];
  for (const [url, body] of calls) {
    const res = await h.request('POST', url, { token, body });
    expect(res.statusCode, `${url} ${res.body}`).toBeLessThan(300);
  }
  const settings = await h.request('PUT', '/api/invoice/settings/', { token, body: { firm_address: '1 Firm Way' } });
  expect(settings.statusCode, settings.body).toBe(200);
  await draft(h, token, { account_id: acc.id, lines: [{ kind: 'fixed_fee', description: 'Later', unit_price: '5' }] });
  return inv.id;
}

/** A saved review of the list over the case's documents (its rows name the case, its documents and the saver). */
async function saveReviewOf(h: Harness, token: string, listId: number, caseId: number) {
  const run = await h.request('POST', '/api/solr-search/review/', {
    token,
    body: { concept_list_id: listId, case_ids: [caseId] },
  });
  expect(run.statusCode, run.body).toBe(200);
  const saved = await h.request('POST', '/api/save-search/', { token, body: { run_id: run.json().run_id } });
  expect(saved.statusCode, saved.body).toBe(201);
}

/** An organisation with a case (documents, emails, an alert, a report, a saved search) and a generated document. */
/**
 * Knowledge: a domain, a class and an article with an indexed attachment, a restricted rule, an API key and a
 * knowledge session of the organisation's admin (a knowledge manager).
 */
async function fillKnowledge(h: Harness, adminId: number, mainToken: string) {
  await setKnowledge(h, adminId, 'manager', true);
  const session = await h.request('POST', '/api/knowledge/session/', {
    body: { code: await handoverCode(h, mainToken) },
  });
  expect(session.statusCode, session.body).toBe(201);
  const token = session.json().knowledge_token as string;
  const create = async (body: object) => {
    const res = await h.request('POST', '/api/knowledge/nodes/', { token, body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().node.id as number;
  };
  const domain = await create({ parent_id: null, kind: 'domain', title: 'Deleted domain' });
  const cls = await create({ parent_id: domain, kind: 'class', title: 'Deleted class' });
  const article = await create({ parent_id: cls, kind: 'instance', title: 'Deleted article', body: '<p>Gone.</p>' });
  const { payload, headers } = multipartBody('file', 'gone.txt', 'text/plain', Buffer.from('A deletable note.'));
  const attached = await h.request('POST', `/api/knowledge/nodes/${article}/attachments/`, { token, payload, headers });
  expect(attached.statusCode, attached.body).toBe(201);
  await runDueJobs(h.ctx);
  const rules = await h.request('PUT', '/api/knowledge/access/rules/', {
    token,
    body: { rules: [{ node_id: cls, mode: 'restricted' }] },
  });
  expect(rules.statusCode, rules.body).toBe(200);
  const key = await h.request('POST', '/api/knowledge/api-keys/', { token, body: { name: 'Deleted key' } });
  expect(key.statusCode, key.body).toBe(201);
}

async function filledOrganisation(h: Harness) {
  const { organisation, admin } = await organisationWithAdmin(h);
  const token = admin.token;
  const theCase = await createCase(h, token);
  await uploadDocument(h, token, theCase.id, 'lease.txt');
  expect((await importEmail(h, token, theCase.id, sampleEml())).statusCode).toBe(201);
  await runDueJobs(h.ctx);
  const alert = await h.request('POST', '/api/case-alerts/', {
    token,
    body: { case_id: theCase.id, alert_type: 'Meeting', due_date: '2026-03-10', document_ids: [], comment: 'Call' },
  });
  expect(alert.statusCode, alert.body).toBe(201);
  const search = await h.request('POST', `/api/case/${theCase.id}/saved-searches/`, {
    token,
    body: { terms: 'payment', name: 'Payment' },
  });
  expect(search.statusCode, search.body).toBe(201);
  const precedent = await templateSetUp(h, { access: token });
  // A sign-up's row (it keeps the registrant's contact details) and a mail in the outbox.
  await insertRegistration(h.ctx.db, {
    token_hash: `deleted-${organisation.id}`,
    organisation_name: organisation.name,
    email: admin.email,
    phone: '',
    plan_name: 'Associate',
    duration: 12,
    user_limit: 5,
    otp_hash: '',
    otp_channel: 'email',
    otp_sent_at: h.ctx.now().toISOString(),
    expires_at: h.ctx.now().toISOString(),
    resends: 0,
    failed_checks: 0,
    completed_at: h.ctx.now().toISOString(),
    organisation_id: organisation.id,
    user_id: admin.id,
    created_at: h.ctx.now().toISOString(),
  });
  const forgot = await h.request('POST', '/api/forgotpassword/', { body: { username: admin.email } });
  expect(forgot.statusCode, forgot.body).toBe(200);
  expect(await h.mailsTo(admin.email)).toHaveLength(1);
  const executed = await h.request('POST', '/api/execute/', {
    token,
    body: { templateId: precedent.template.id, data: precedent.answers('Yes') },
  });
  expect(executed.statusCode, executed.body).toBe(201);
  await fillConceptLists(h, organisation.id, admin.id, token, theCase.id);
  await fillPlaybooks(h, organisation.id, token, theCase.id);
  await fillTasks(h, token, theCase.id, admin.id);
  const settings = await h.request('PUT', '/api/task-settings/', {
    token,
    body: { idle_minutes: 5, billing_increment_minutes: 6 },
  });
  expect(settings.statusCode, settings.body).toBe(200);
  await fillInvoices(h, token, theCase.id);
  await fillKnowledge(h, admin.id, token);
  return { organisation, admin, theCase, execution: executed.json<ExecutionResult>() };
}

describeEachDatabase('deleting leaves nothing behind', (h) => {
  it('an organisation: no row with its id and none of its files remain, and its usage counted them before', async () => {
    const { organisation, admin } = await filledOrganisation(h());
    const token = await superToken(h());
    const usage = await h().request('GET', '/api/organisation/usage/', {
      token,
      query: { format: 'csv', id: organisation.id },
    });
    // Users, active users, bytes, documents (the upload and the email's two attachments), executions, searches.
    const [, values] = usage.body.replace(/^\uFEFF/, '').split('\r\n');
    const [, users, active, bytes, documents, executions, searches, playbooks, tasks] = (values ?? '')
      .split(',')
      .map(Number);
    expect({ users, active, documents, executions, searches, playbooks, tasks }).toEqual({
      users: 1,
      active: 1,
      documents: 3,
      executions: 1,
      searches: 1,
      playbooks: 1,
      // The deletable task and the one whose time is billed.
      tasks: 2,
    });
    expect(bytes).toBeGreaterThan(1000);

    const keys = await storedKeysOf(h(), organisation.id);
    // 3 documents, the email, the template, the generated document, the playbook's attachment, the invoices' PDFs
    expect(keys.length).toBeGreaterThanOrEqual(8);
    const pdfs = await sql<{ key: string }>`select pdf_storage_key as key from invoices
      where organisation_id = ${organisation.id} and pdf_storage_key is not null`.execute(h().database.db);
    // The invoice and its credit note, both issued with a stored PDF.
    expect(pdfs.rows).toHaveLength(2);
    expect(keys).toEqual(expect.arrayContaining(pdfs.rows.map((r) => r.key)));
    expect(onDisk(h(), keys)).toEqual(keys);
    const before = await rowsNaming(h(), 'organisation', organisation.id);
    for (const table of [
      'audit_events',
      'outbox',
      'registrations',
      'documents',
      'case_emails',
      'template_executions',
      'playbooks',
      'playbook_attachments',
      'playbook_assignments',
      'case_playbooks',
      'tasks',
      'task_attachments',
      'time_entries',
      'time_entry_spans',
      'task_settings',
      'client_accounts',
      'client_account_cases',
      'expenses',
      'invoice_series',
      'invoices',
      'invoice_lines',
      'billed_time_entries',
      'billed_expenses',
      'invoice_payments',
      'invoice_settings',
      'knowledge_nodes',
      'knowledge_attachments',
      'knowledge_rules',
      'knowledge_api_keys',
      'knowledge_handover_codes',
      'knowledge_sessions',
    ])
      expect(before.join('\n')).toContain(`${table}.organisation_id`);

    const res = await h().request('DELETE', `/api/organisation/${organisation.id}/`, { token });
    expect(res.statusCode, res.body).toBe(200);
    expect(await rowsNaming(h(), 'organisation', organisation.id)).toEqual([]);
    expect(await rowsNaming(h(), 'user', admin.id)).toEqual([]);
    expect(onDisk(h(), keys)).toEqual([]);
  }, 60_000); // every module filled with real files, then the organisation deleted

  it("a case: no row names it and its documents' and emails' files are gone", async () => {
    const { organisation, theCase, admin } = await filledOrganisation(h());
    const keys = await storedKeysOf(h(), organisation.id);
    const res = await h().request('DELETE', `/api/case/${theCase.id}/`, { token: admin.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(await rowsNaming(h(), 'case', theCase.id)).toEqual([]);
    // What remains on disk is the precedent's: the template, its version and the generated document.
    const remaining = await storedKeysOf(h(), organisation.id);
    expect(remaining.length).toBeGreaterThanOrEqual(2);
    expect(onDisk(h(), keys).sort()).toEqual(remaining.sort());
  });

  it('a user: their assignments pass to the deleting admin, and no row names them any more', async () => {
    const { organisation, admin, theCase } = await filledOrganisation(h());
    const colleague = await h().createUser({ organisationId: organisation.id });
    const assigned = await h().request('PUT', `/api/case/${theCase.id}/`, {
      token: admin.token,
      body: { title: theCase.title, status: 'open', assigned_user_ids: [colleague.id] },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const { access } = await h().login(colleague.email, colleague.password);
    const colleagueCase = await createCase(h(), access);
    const list = await h().request('POST', '/api/concept-list/', {
      token: admin.token,
      body: {
        name: 'Colleague list',
        organisationIDs: [organisation.id],
        userIDs: [admin.id, colleague.id],
        concepts: [{ head: 'Law', definition: '', terms: 'law', phrases: '' }],
      },
    });
    expect(list.statusCode, list.body).toBe(201);
    await saveReviewOf(h(), access, list.json().ids.concept_list_id as number, theCase.id);
    // The colleague's task (on the case, assigned to themselves) with their time and a running timer, and an
    // admin's task assigned to them.
    await fillTasks(h(), access, theCase.id, colleague.id);
    await fillTasks(h(), admin.token, null, colleague.id);

    const res = await h().request('DELETE', `/api/user/${colleague.id}/`, { token: admin.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(await rowsNaming(h(), 'user', colleague.id)).toEqual([]);
    const detail = await h().request('GET', `/api/case/${theCase.id}/`, { token: admin.token });
    expect(detail.json<{ assigned_users: { id: number }[] }>().assigned_users.map((u) => u.id)).toEqual([admin.id]);
    // The case the colleague created stays, with the organisation.
    expect((await h().request('GET', `/api/case/${colleagueCase.id}/`, { token: admin.token })).statusCode).toBe(200);
  });
});
