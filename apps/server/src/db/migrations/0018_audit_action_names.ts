import { sql, type Kysely } from 'kysely';

/**
 * One audit vocabulary (issue 11, the contract's AUDIT_EVENTS): every action in the past tense. The case
 * events were written as verbs ('create', 'document.add') and template packages as 'export'/'import'.
 */
const RENAMES: readonly [entity: string, from: string, to: string][] = [
  ['case', 'create', 'created'],
  ['case', 'update', 'updated'],
  ['case', 'delete', 'deleted'],
  ['case', 'document.add', 'document.added'],
  ['case', 'document.delete', 'document.deleted'],
  ['case', 'email.import', 'email.imported'],
  ['case', 'email.delete', 'email.deleted'],
  ['case', 'email.restore', 'email.restored'],
  ['case', 'email.purge', 'email.purged'],
  ['case', 'alert.create', 'alert.created'],
  ['case', 'alert.update', 'alert.updated'],
  ['case', 'alert.delete', 'alert.deleted'],
  ['case', 'alert.comment', 'alert.commented'],
  ['case', 'report.create', 'report.created'],
  ['case', 'report.delete', 'report.deleted'],
  ['case', 'search.save', 'search.saved'],
  ['case', 'search.delete', 'search.deleted'],
  ['template_package', 'export', 'exported'],
  ['template_package', 'import', 'imported'],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [entity, from, to] of RENAMES) {
    await sql`update audit_events set action = ${to} where entity = ${entity} and action = ${from}`.execute(db);
  }
}
