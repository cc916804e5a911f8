import { sql, type Kysely } from 'kysely';

/**
 * Issue 29 items 2 and 8: the provider's staff read no firm's client content in the outbox or the audit trail.
 *
 * 1. Every outbox row gets a kind (the contract's OUTBOX_KINDS); the installation-wide outbox shows another
 *    organisation's rows only for account kinds. Rows written before are told by what their senders wrote
 *    (the subjects and SMS texts are fixed; an invoice mail is the only one with an attachment); a row that
 *    cannot be told is `unclassified`, which the provider does not see.
 * 2. Audit details of organisation-owned entities keep ids and field names only: the free text the new modules
 *    wrote (task titles and checklist text, client-account names, invoice recipients, knowledge titles, file
 *    names, playbook and category names, concept terms and list names) is removed from stored events; the log
 *    reads today's names by id, and "a deleted task" once the row is gone.
 */

/** Account kinds by their exact text (no attachment): [kind, column, LIKE pattern]. */
const ACCOUNT_MAIL: readonly [kind: string, column: 'subject' | 'body_text', pattern: string][] = [
  ['reset_password', 'subject', 'Reset your Lexdesk password'],
  ['set_password', 'subject', 'Set your Lexdesk password'],
  ['admin_invitation', 'subject', 'You are invited to administer % on Lexdesk'],
  ['registration_code', 'subject', 'Your Lexdesk registration code'],
  ['account_exists', 'subject', 'You already have a Lexdesk account'],
  ['registration_code', 'body_text', 'Your Lexdesk registration code is %'],
  ['phone_code', 'body_text', 'Your Lexdesk phone verification code is %'],
  ['sign_in_code', 'body_text', 'Your Lexdesk sign-in code is %'],
];

/** The free-text keys removed from stored events, by entity (the keys each module wrote before this rule). */
const FREE_TEXT_DETAILS: Record<string, readonly string[]> = {
  // Case events written before issue 10's rule: a document's file name, an email's subject, a search's name.
  case: ['name', 'subject', 'file_name'],
  task: ['title', 'text', 'file_name'],
  client_account: ['name'],
  expense: ['description'],
  invoice: ['account', 'to'],
  knowledge_node: ['name', 'file_name'],
  knowledge_api_key: ['name'],
  playbook: ['name', 'file_name'],
  playbook_category: ['name', 'from'],
  concept_head: ['term'],
  review_search: ['concept_list'],
};

/** Older case updates kept each edited field's from → to values: only the field's name stays, in `fields`. */
const FIELD_VALUES: Record<string, readonly string[]> = {
  case: ['title', 'client', 'description', 'parties'],
};

const BATCH = 500;

async function scrubAuditDetails(db: Kysely<unknown>): Promise<void> {
  const entities = Object.keys(FREE_TEXT_DETAILS);
  for (const entity of Object.keys(FIELD_VALUES)) if (!entities.includes(entity)) entities.push(entity);
  let after = 0;
  for (;;) {
    const { rows } = await sql<{ id: number; entity: string; changes: string }>`
      select id, entity, changes from audit_events
      where id > ${after} and entity in (${sql.join(entities)}) order by id limit ${BATCH}`.execute(db);
    if (rows.length === 0) return;
    for (const row of rows) {
      let changes: unknown;
      try {
        changes = JSON.parse(row.changes);
      } catch {
        continue;
      }
      if (!changes || typeof changes !== 'object' || Array.isArray(changes)) continue;
      const kept = { ...(changes as Record<string, unknown>) };
      let removed = false;
      for (const key of FREE_TEXT_DETAILS[row.entity] ?? []) {
        // A duplicated playbook's `from` is the source's id, not a name: keep numbers.
        if (key in kept && typeof kept[key] !== 'number') {
          delete kept[key];
          removed = true;
        }
      }
      for (const field of FIELD_VALUES[row.entity] ?? []) {
        if (!(field in kept)) continue;
        delete kept[field];
        const fields = Array.isArray(kept.fields) ? (kept.fields as unknown[]) : [];
        kept.fields = fields.includes(field) ? fields : [...fields, field];
        removed = true;
      }
      if (removed) {
        await sql`update audit_events set changes = ${JSON.stringify(kept)} where id = ${row.id}`.execute(db);
      }
    }
    after = Number(rows[rows.length - 1]!.id);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('outbox')
    .addColumn('kind', 'text', (col) => col.notNull().defaultTo('unclassified'))
    .execute();
  await sql`update outbox set kind = 'invoice' where attachments is not null`.execute(db);
  for (const [kind, column, pattern] of ACCOUNT_MAIL) {
    await sql`update outbox set kind = ${kind}
      where kind = 'unclassified' and attachments is null and ${sql.ref(column)} like ${pattern}`.execute(db);
  }
  await scrubAuditDetails(db);
}
