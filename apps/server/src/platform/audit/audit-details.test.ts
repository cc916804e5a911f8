/**
 * Issue 29 item 8: audit details of a firm's things hold ids and field names, never its client content. A
 * deleted task's activity reads "a deleted task", not its title; task titles, checklist text, file names,
 * client-account names, invoice recipients, playbook and category names and knowledge titles are looked up when
 * the log is read and are never written into `audit_events.changes`; the audit service refuses them.
 */
import type { TaskActivity } from '@lexdesk/contract';
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { DEMO, describeEachDatabase, multipartBody, type Harness } from '../../../test/harness.ts';
import { account, issuedInvoice } from '../../modules/invoices/invoice-test-helpers.ts';
import {
  createNode,
  knowledgeSignIn,
  nodeIdByTitle,
  seedKnowledge,
} from '../../modules/knowledge/knowledge-test-helpers.ts';
import { DEMO_KNOWLEDGE_DOMAIN } from '../../modules/knowledge/knowledge.seed.ts';
import { createCategory, createPlaybook } from '../../modules/playbooks/playbook-test-helpers.ts';
import { createTask, tokensOf } from '../../modules/tasks/task-test-helpers.ts';
import { auditService } from './audit.service.ts';

/** Every audit detail of the organisation that contains `marker` (case-insensitively). */
async function detailsWith(h: Harness, organisationId: number, marker: string) {
  const { rows } = await sql<{ entity: string; action: string; changes: string }>`
    select entity, action, changes from audit_events where organisation_id = ${organisationId}`.execute(h.database.db);
  return rows.filter((row) => row.changes.toLowerCase().includes(marker.toLowerCase()));
}

describeEachDatabase('audit details hold no client content (issue 29 item 8)', (h) => {
  beforeAll(async () => {
    await seedKnowledge(h());
  });

  it("reads a deleted task's activity without its title; no title, checklist text or file name is stored", async () => {
    const { admin } = await tokensOf(h());
    const marker = `Smith divorce ${Date.now().toString(36)}`;
    const task = await createTask(h(), admin, { title: `${marker} task` });
    const item = await h().request('POST', `/api/task/${task}/checklist/`, {
      token: admin,
      body: { text: `${marker} checklist` },
    });
    expect(item.statusCode, item.body).toBe(201);
    const { payload, headers } = multipartBody('file', `${marker}.txt`, 'text/plain', Buffer.from('Notes.'));
    const attached = await h().request('POST', `/api/task/${task}/attachment/`, { token: admin, payload, headers });
    expect(attached.statusCode, attached.body).toBe(201);

    // While the task exists, its activity reads by today's names.
    const day = { from: '2026-03-02', to: '2026-03-02', tz: 'UTC', task_id: task };
    const before = await h().request('GET', '/api/task-activity/', { token: admin, query: day });
    const live = before.json<TaskActivity>().events;
    expect(live.map((e) => e.text)).toContain(`Ada Admin created the task '${marker} task'`);
    expect(live.map((e) => e.text)).toContain(
      `Ada Admin added the checklist item '${marker} checklist' to the task '${marker} task'`,
    );
    expect(live.map((e) => e.text)).toContain(`Ada Admin attached '${marker}.txt' to the task '${marker} task'`);

    expect((await h().request('DELETE', `/api/task/${task}/`, { token: admin })).statusCode).toBe(200);
    const after = await h().request('GET', '/api/task-activity/', { token: admin, query: day });
    expect(after.statusCode, after.body).toBe(200);
    const events = after.json<TaskActivity>().events;
    expect(events.length).toBeGreaterThanOrEqual(4);
    expect(JSON.stringify(events)).not.toContain(marker);
    expect(events.map((e) => e.text)).toContain('Ada Admin created a deleted task');
    expect(events.map((e) => e.text)).toContain('Ada Admin deleted a deleted task');
    expect(events.every((e) => e.task_title === null)).toBe(true);
    expect(await detailsWith(h(), h().ids.demoOrg, marker)).toEqual([]);
  });

  it('stores no client-account name, invoice recipient, playbook, category or knowledge title', async () => {
    const { admin } = await tokensOf(h());
    const marker = `Acme Holdings ${Date.now().toString(36)}`;
    const client = `${marker.replace(/\s+/g, '-').toLowerCase()}@client.example`;
    const acc = await account(h(), admin, [], { name: `${marker} account`, email: client });
    const invoice = await issuedInvoice(h(), admin, acc.id);
    const sent = await h().request('POST', `/api/invoice/${invoice.id}/send/`, { token: admin, body: {} });
    expect(sent.statusCode, sent.body).toBe(200);

    const category = await createCategory(h(), admin, `${marker} category`);
    const playbook = await createPlaybook(h(), admin, { name: `${marker} playbook`, category_ids: [category] });
    expect((await h().request('DELETE', `/api/playbook/${playbook}/`, { token: admin })).statusCode).toBe(200);

    const knowledge = (await knowledgeSignIn(h(), DEMO.admin)).token;
    const domain = await nodeIdByTitle(h(), DEMO_KNOWLEDGE_DOMAIN);
    await createNode(h(), knowledge, { parent_id: domain, kind: 'class', title: `${marker} clause` });

    expect(await detailsWith(h(), h().ids.demoOrg, marker)).toEqual([]);
    expect(await detailsWith(h(), h().ids.demoOrg, client)).toEqual([]);
  });

  it('refuses free text in the details of an organisation-owned entity, not of accounts', async () => {
    const actor = { userId: h().ids.admin, organisationId: h().ids.demoOrg };
    const audit = auditService(h().ctx);
    await expect(audit.record(actor, 'task', 1, 'created', { title: 'Client matter' })).rejects.toThrow(
      /ids and field names.*title/,
    );
    await expect(audit.record(actor, 'invoice', 1, 'sent', { to: 'x@client.example', email: 'x' })).rejects.toThrow(
      /email/,
    );
    await expect(audit.record(actor, 'task', 1, 'updated', { fields: ['title'] })).resolves.toBeUndefined();
    await expect(
      audit.record(actor, 'user', h().ids.admin, 'profile_updated', { name: 'Ada Admin' }),
    ).resolves.toBeUndefined();
  });
});
