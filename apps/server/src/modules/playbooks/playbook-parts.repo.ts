import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../../db/database.types.ts';
import type { PlaybookAttachmentsTable } from '../../db/tables/playbooks.ts';
import { scoped } from '../../db/tenant-scope.ts';
import { acrossOrganisations } from './playbooks.repo.ts';

export type PlaybookAttachmentRecord = Selectable<PlaybookAttachmentsTable>;

const personName = (alias: string) =>
  sql<string | null>`nullif(trim(${sql.ref(`${alias}.first_name`)} || ' ' || ${sql.ref(`${alias}.last_name`)}), '')`;

// Versions

export async function versionsOf(db: Db, organisationId: number, playbookId: number) {
  return scoped(db, organisationId)
    .selectFrom('playbook_versions as v')
    .leftJoin('users as u', 'u.id', 'v.published_by')
    .select(['v.version', 'v.published_at', personName('u').as('published_by')])
    .where('v.playbook_id', '=', playbookId)
    .orderBy('v.version', 'desc')
    .execute();
}

export async function findVersion(db: Db, organisationId: number, playbookId: number, version?: number) {
  let query = scoped(db, organisationId)
    .selectFrom('playbook_versions')
    .select(['version', 'content'])
    .where('playbook_id', '=', playbookId);
  query = version === undefined ? query.orderBy('version', 'desc').limit(1) : query.where('version', '=', version);
  return query.executeTakeFirst();
}

export async function insertVersion(
  db: Db,
  row: {
    organisation_id: number;
    playbook_id: number;
    version: number;
    content: string;
    published_by: number | null;
    published_at: string;
  },
) {
  await db.insertInto('playbook_versions').values(row).execute();
}

/** The latest version of each playbook (any organisation's: ids the caller was shown). */
export async function latestVersions(db: Db, playbookIds: readonly number[]): Promise<Map<number, number>> {
  if (playbookIds.length === 0) return new Map();
  const rows = await acrossOrganisations(db)
    .selectFrom('playbook_versions')
    .select(['playbook_id', (eb) => eb.fn.max<number>('version').as('version')])
    .where('playbook_id', 'in', [...playbookIds])
    .groupBy('playbook_id')
    .execute();
  return new Map(rows.map((row) => [row.playbook_id, Number(row.version)]));
}

// Attachments

export async function attachmentsOf(db: Db, organisationId: number, playbookId: number) {
  return scoped(db, organisationId)
    .selectFrom('playbook_attachments')
    .selectAll()
    .where('playbook_id', '=', playbookId)
    .orderBy('id')
    .execute();
}

export async function attachmentCount(db: Db, organisationId: number, playbookId: number): Promise<number> {
  const row = await scoped(db, organisationId)
    .selectFrom('playbook_attachments')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('playbook_id', '=', playbookId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** An attachment by id in any organisation: its playbook's visibility decides who may see it. */
export async function findAttachmentAnywhere(db: Db, id: number) {
  return acrossOrganisations(db).selectFrom('playbook_attachments').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findAttachment(db: Db, organisationId: number, id: number) {
  return scoped(db, organisationId)
    .selectFrom('playbook_attachments')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertAttachment(db: Db, row: Omit<Insertable<PlaybookAttachmentsTable>, 'id'>) {
  const inserted = await db.insertInto('playbook_attachments').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export async function setAttachmentState(db: Db, organisationId: number, id: number, state: string) {
  await scoped(db, organisationId).updateTable('playbook_attachments').set({ state }).where('id', '=', id).execute();
}

/** Attachments of playbooks (ids and keys), to delete them. */
export async function attachmentKeysOf(db: Db, organisationId: number, playbookIds: readonly number[]) {
  if (playbookIds.length === 0) return [];
  return scoped(db, organisationId)
    .selectFrom('playbook_attachments')
    .select(['id', 'storage_key'])
    .where('playbook_id', 'in', [...playbookIds])
    .execute();
}

export async function deleteAttachments(db: Db, organisationId: number, ids: readonly number[]) {
  if (ids.length === 0) return;
  await scoped(db, organisationId)
    .deleteFrom('playbook_attachments')
    .where('id', 'in', [...ids])
    .execute();
}

/** Indexed attachments of playbooks of one organisation (the term search). */
export async function indexedAttachmentsOf(db: Db, organisationId: number, playbookIds: readonly number[]) {
  if (playbookIds.length === 0) return [];
  return scoped(db, organisationId)
    .selectFrom('playbook_attachments')
    .select(['id', 'playbook_id', 'file_name'])
    .where('playbook_id', 'in', [...playbookIds])
    .where('state', '=', 'indexed')
    .orderBy('id')
    .execute();
}

// Assignments: rows of the organisations a playbook is shared with (their ids, so across organisations).

export async function assignmentRowsOf(db: Db, playbookId: number) {
  return acrossOrganisations(db)
    .selectFrom('playbook_assignments')
    .select(['organisation_id', 'user_id'])
    .where('playbook_id', '=', playbookId)
    .orderBy('organisation_id')
    .orderBy('user_id')
    .execute();
}

export async function replaceAssignments(
  db: Db,
  playbookId: number,
  organisationIds: readonly number[],
  users: readonly { id: number; organisationId: number }[],
) {
  await acrossOrganisations(db).deleteFrom('playbook_assignments').where('playbook_id', '=', playbookId).execute();
  const rows = [
    ...organisationIds.map((organisation_id) => ({ organisation_id, playbook_id: playbookId, user_id: null })),
    ...users.map((user) => ({ organisation_id: user.organisationId, playbook_id: playbookId, user_id: user.id })),
  ];
  if (rows.length > 0) await db.insertInto('playbook_assignments').values(rows).execute();
}

// Case pins: rows of the case's organisation.

export async function casePinsOf(db: Db, organisationId: number, caseId: number) {
  return scoped(db, organisationId)
    .selectFrom('case_playbooks as cp')
    .leftJoin('users as u', 'u.id', 'cp.added_by')
    .select(['cp.playbook_id', 'cp.version', 'cp.added_at', personName('u').as('added_by')])
    .where('cp.case_id', '=', caseId)
    .orderBy('cp.added_at')
    .orderBy('cp.playbook_id')
    .execute();
}

export async function findCasePin(db: Db, organisationId: number, caseId: number, playbookId: number) {
  return scoped(db, organisationId)
    .selectFrom('case_playbooks')
    .select(['version'])
    .where('case_id', '=', caseId)
    .where('playbook_id', '=', playbookId)
    .executeTakeFirst();
}

export async function insertCasePin(
  db: Db,
  row: {
    organisation_id: number;
    case_id: number;
    playbook_id: number;
    version: number;
    added_by: number;
    added_at: string;
  },
) {
  await db.insertInto('case_playbooks').values(row).execute();
}

export async function moveCasePin(db: Db, organisationId: number, caseId: number, playbookId: number, version: number) {
  await scoped(db, organisationId)
    .updateTable('case_playbooks')
    .set({ version })
    .where('case_id', '=', caseId)
    .where('playbook_id', '=', playbookId)
    .execute();
}

export async function deleteCasePin(db: Db, organisationId: number, caseId: number, playbookId: number) {
  await scoped(db, organisationId)
    .deleteFrom('case_playbooks')
    .where('case_id', '=', caseId)
    .where('playbook_id', '=', playbookId)
    .execute();
}
