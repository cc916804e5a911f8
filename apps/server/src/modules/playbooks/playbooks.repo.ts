import { sql, type ExpressionBuilder, type Insertable, type Selectable } from 'kysely';
import type { Database, Db, Dialect } from '../../db/database.types.ts';
import { idsIn } from '../../db/dialect.ts';
import { likePattern } from '../../db/like.ts';
import type { PlaybookEntriesTable, PlaybooksTable } from '../../db/tables/playbooks.ts';
import { crossTenant, scoped } from '../../db/tenant-scope.ts';

export type PlaybookRecord = Selectable<PlaybooksTable>;
export type PlaybookEntryRecord = Selectable<PlaybookEntriesTable>;
export type NewPlaybookEntry = Omit<Insertable<PlaybookEntriesTable>, 'id'>;

/** Who is looking: a playbook is seen by its organisation and by those it is shared with (docs/playbooks.md). */
export interface Viewer {
  organisationId: number;
  userId: number;
}

/**
 * The one deliberate exception to tenant isolation here: a playbook may be shared with other organisations,
 * so finding one by id runs past the tenant guard and `visibleTo` is its scope. Every read after that is
 * scoped to the playbook's own organisation.
 */
export const acrossOrganisations = (db: Db): Db =>
  crossTenant(db, 'playbooks are shared across organisations: visibleTo() decides who sees one');

type PlaybooksEb = ExpressionBuilder<Database, 'playbooks'>;

/**
 * Owned by the viewer's organisation, or assigned to it; when users of that organisation are named on the
 * assignment, only they see it.
 */
export function visibleTo(viewer: Viewer) {
  return (eb: PlaybooksEb) => {
    const assignment = (user: 'none' | 'any' | 'me') => {
      let query = eb
        .selectFrom('playbook_assignments as a')
        .select('a.id')
        .whereRef('a.playbook_id', '=', 'playbooks.id')
        .where('a.organisation_id', '=', viewer.organisationId);
      if (user === 'none') query = query.where('a.user_id', 'is', null);
      if (user === 'any') query = query.where('a.user_id', 'is not', null);
      if (user === 'me') query = query.where('a.user_id', '=', viewer.userId);
      return eb.exists(query);
    };
    return eb.or([
      eb('playbooks.organisation_id', '=', viewer.organisationId),
      eb.and([assignment('none'), eb.or([eb.not(assignment('any')), assignment('me')])]),
    ]);
  };
}

export async function findVisiblePlaybook(db: Db, viewer: Viewer, id: number): Promise<PlaybookRecord | undefined> {
  return acrossOrganisations(db)
    .selectFrom('playbooks')
    .selectAll()
    .where('id', '=', id)
    .where(visibleTo(viewer))
    .executeTakeFirst();
}

export interface PlaybookFilter {
  search?: string | undefined;
  name?: string | undefined;
  type?: string | undefined;
  categoryIds?: readonly number[] | undefined;
  updatedFrom?: string | undefined;
  updatedTo?: string | undefined;
  offset: number;
  limit: number;
}

/** Visible playbooks, newest change first, with their entry counts. */
export async function pageVisiblePlaybooks(db: Db, dialect: Dialect, viewer: Viewer, filter: PlaybookFilter) {
  let query = acrossOrganisations(db).selectFrom('playbooks').where(visibleTo(viewer));
  const text = filter.search || filter.name;
  if (text) {
    const pattern = likePattern(text);
    query = query.where(sql<boolean>`lower(playbooks.name) like ${pattern} escape '\\'`);
  }
  if (filter.type) query = query.where('playbooks.playbook_type', '=', filter.type);
  if (filter.categoryIds && filter.categoryIds.length > 0) {
    const ids = filter.categoryIds;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('playbook_category_links as l')
          .select('l.playbook_id')
          .whereRef('l.playbook_id', '=', 'playbooks.id')
          .whereRef('l.organisation_id', '=', 'playbooks.organisation_id')
          .where(idsIn(dialect, 'l.category_id', ids)),
      ),
    );
  }
  if (filter.updatedFrom) query = query.where('playbooks.updated_at', '>=', `${filter.updatedFrom}T00:00:00.000Z`);
  if (filter.updatedTo) query = query.where('playbooks.updated_at', '<=', `${filter.updatedTo}T23:59:59.999Z`);
  const total = await query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  const rows = await query
    .selectAll('playbooks')
    .select((eb) =>
      eb
        .selectFrom('playbook_entries as e')
        .select(eb.fn.countAll<number | string>().as('n'))
        .whereRef('e.playbook_id', '=', 'playbooks.id')
        .whereRef('e.organisation_id', '=', 'playbooks.organisation_id')
        .as('entry_count'),
    )
    .orderBy('playbooks.updated_at', 'desc')
    .orderBy('playbooks.id', 'desc')
    .offset(filter.offset)
    .limit(filter.limit)
    .execute();
  return { total: Number(total.n), rows };
}

/** Visible playbooks of one type (the term search). */
export async function visiblePlaybooksOfType(db: Db, viewer: Viewer, type: string) {
  return acrossOrganisations(db)
    .selectFrom('playbooks')
    .select(['id', 'organisation_id', 'name'])
    .where(visibleTo(viewer))
    .where('playbook_type', '=', type)
    .orderBy('name')
    .execute();
}

export async function nameTaken(db: Db, organisationId: number, nameKey: string, exceptId?: number) {
  let query = scoped(db, organisationId).selectFrom('playbooks').select('id').where('name_key', '=', nameKey);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertPlaybook(db: Db, row: Omit<Insertable<PlaybooksTable>, 'id'>): Promise<number> {
  const inserted = await db.insertInto('playbooks').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export async function updatePlaybook(
  db: Db,
  organisationId: number,
  id: number,
  patch: Partial<Pick<PlaybookRecord, 'name' | 'name_key' | 'playbook_type' | 'description' | 'updated_at'>>,
) {
  await scoped(db, organisationId).updateTable('playbooks').set(patch).where('id', '=', id).execute();
}

export async function deletePlaybook(db: Db, organisationId: number, id: number) {
  await scoped(db, organisationId).deleteFrom('playbooks').where('id', '=', id).execute();
}

/** The playbook's categories in their order. */
export async function linkedCategories(db: Db, organisationId: number, playbookId: number) {
  return scoped(db, organisationId)
    .selectFrom('playbook_category_links as l')
    .innerJoin('playbook_categories as c', 'c.id', 'l.category_id')
    .select(['c.id', 'c.name'])
    .where('l.playbook_id', '=', playbookId)
    .orderBy('l.position')
    .execute();
}

/** Category names of many playbooks of one organisation, each in its order. */
export async function categoryNamesOf(db: Db, organisationId: number, playbookIds: readonly number[]) {
  const names = new Map<number, string[]>();
  if (playbookIds.length === 0) return names;
  const rows = await scoped(db, organisationId)
    .selectFrom('playbook_category_links as l')
    .innerJoin('playbook_categories as c', 'c.id', 'l.category_id')
    .select(['l.playbook_id', 'c.name'])
    .where('l.playbook_id', 'in', [...playbookIds])
    .orderBy('l.playbook_id')
    .orderBy('l.position')
    .execute();
  for (const row of rows) names.set(row.playbook_id, [...(names.get(row.playbook_id) ?? []), row.name]);
  return names;
}

export async function setCategoryLinks(db: Db, organisationId: number, playbookId: number, ids: readonly number[]) {
  await scoped(db, organisationId)
    .deleteFrom('playbook_category_links')
    .where('playbook_id', '=', playbookId)
    .execute();
  if (ids.length === 0) return;
  await db
    .insertInto('playbook_category_links')
    .values(
      ids.map((category_id, position) => ({
        organisation_id: organisationId,
        playbook_id: playbookId,
        category_id,
        position,
      })),
    )
    .execute();
}

export async function entriesOf(db: Db, organisationId: number, playbookId: number): Promise<PlaybookEntryRecord[]> {
  return scoped(db, organisationId)
    .selectFrom('playbook_entries')
    .selectAll()
    .where('playbook_id', '=', playbookId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export async function insertEntry(db: Db, row: NewPlaybookEntry): Promise<number> {
  const inserted = await db.insertInto('playbook_entries').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export async function updateEntry(db: Db, organisationId: number, id: number, row: NewPlaybookEntry) {
  await scoped(db, organisationId).updateTable('playbook_entries').set(row).where('id', '=', id).execute();
}

export async function deleteEntries(db: Db, organisationId: number, ids: readonly number[]) {
  if (ids.length === 0) return;
  await scoped(db, organisationId)
    .deleteFrom('playbook_entries')
    .where('id', 'in', [...ids])
    .execute();
}

/** Ids of the organisation's playbooks (deletion). */
export async function playbookIdsOf(db: Db, organisationId: number): Promise<number[]> {
  const rows = await scoped(db, organisationId).selectFrom('playbooks').select('id').execute();
  return rows.map((row) => row.id);
}

export async function entryIdsOf(db: Db, organisationId: number, playbookIds: readonly number[]): Promise<number[]> {
  if (playbookIds.length === 0) return [];
  const rows = await scoped(db, organisationId)
    .selectFrom('playbook_entries')
    .select('id')
    .where('playbook_id', 'in', [...playbookIds])
    .execute();
  return rows.map((row) => row.id);
}

// Categories: the organisation's own list.

export async function listCategories(db: Db, organisationId: number) {
  return scoped(db, organisationId).selectFrom('playbook_categories').select(['id', 'name']).orderBy('name').execute();
}

export async function categoriesByIds(db: Db, organisationId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return scoped(db, organisationId)
    .selectFrom('playbook_categories')
    .select(['id', 'name'])
    .where('id', 'in', [...ids])
    .execute();
}

export async function findCategoryByName(db: Db, organisationId: number, nameKey: string) {
  return scoped(db, organisationId)
    .selectFrom('playbook_categories')
    .select(['id', 'name'])
    .where('name_key', '=', nameKey)
    .executeTakeFirst();
}

export async function insertCategory(db: Db, organisationId: number, name: string, now: string): Promise<number> {
  const row = await db
    .insertInto('playbook_categories')
    .values({ organisation_id: organisationId, name, name_key: name.toLowerCase(), created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function renameCategory(db: Db, organisationId: number, id: number, name: string) {
  await scoped(db, organisationId)
    .updateTable('playbook_categories')
    .set({ name, name_key: name.toLowerCase() })
    .where('id', '=', id)
    .execute();
}
