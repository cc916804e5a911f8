import type { ExpressionBuilder, Insertable, Selectable } from 'kysely';
import type { Database, Db } from '../../db/database.types.ts';
import type { ConceptHeadsTable, ConceptListsTable } from '../../db/tables/concepts.ts';
import { crossTenant } from '../../db/tenant-scope.ts';

export type ConceptListRecord = Selectable<ConceptListsTable>;
export type ConceptHeadRecord = Selectable<ConceptHeadsTable>;

/**
 * Who is looking: what is owned by or assigned to their organisation; the provider's super user also the lists
 * the provider curates (created by a super user, or assigned to all), never a firm's private list.
 */
export interface Viewer {
  organisationId: number;
  userId: number;
  /** The provider's super user: also the lists the provider curates (docs/analyser.md, "Who sees a list"). */
  provider: boolean;
  /**
   * Only the provider's curated lists among those the organisation sees (the super user picking an
   * organisation's lists, e.g. Copy Concept's targets): never that organisation's private lists.
   */
  curatedOnly?: boolean;
  /** A plain user sees only the lists they are named on (or assigned to all). */
  namedUsersOnly: boolean;
}

type ListsEb = ExpressionBuilder<Database, 'concept_lists'>;

/**
 * The one deliberate exception to tenant isolation (docs/analyser.md, "Who sees a list"): lists are shared
 * across organisations, so these reads and a list's assignment rows run past the tenant guard and `visibleTo`
 * (or a list the caller has been shown) is their scope.
 */
export const acrossOrganisations = (db: Db): Db =>
  crossTenant(db, 'concept lists are shared across organisations: visibleTo() decides who sees one');

/**
 * The lists `viewer` may see (docs/analyser.md, "Who sees a list"): owned by their organisation, assigned to
 * it and not removed from it, or assigned to all and not removed; a plain user also has to be named on the list
 * unless it is assigned to all. The provider's super user adds the lists the provider curates (created by a
 * super user or assigned to all, not an organisation's own copy of one) and nothing else: a firm's private list
 * answers like a missing one.
 */
export function visibleTo(viewer: Viewer) {
  return (eb: ListsEb) => {
    // An organisation's own copy of a provider's list keeps created_by_super (its title stays locked) but is the
    // organisation's private list: forked_from_id tells it from the provider's original (isCuratedByProvider).
    const curated = eb.or([
      eb.and([eb('concept_lists.created_by_super', '=', 1), eb('concept_lists.forked_from_id', 'is', null)]),
      eb('concept_lists.assigned_to_all', '=', 1),
    ]);
    const assignment = (hidden: 0 | 1) =>
      eb.exists(
        eb
          .selectFrom('concept_list_organisations as a')
          .select('a.concept_list_id')
          .whereRef('a.concept_list_id', '=', 'concept_lists.id')
          .where('a.organisation_id', '=', viewer.organisationId)
          .where('a.hidden', '=', hidden),
      );
    const inOrganisation = eb.or([
      eb('concept_lists.organisation_id', '=', viewer.organisationId),
      assignment(0),
      eb.and([eb('concept_lists.assigned_to_all', '=', 1), eb.not(assignment(1))]),
    ]);
    if (viewer.curatedOnly) return eb.and([inOrganisation, curated]);
    if (viewer.provider) return eb.or([inOrganisation, curated]);
    if (!viewer.namedUsersOnly) return inOrganisation;
    const named = eb.exists(
      eb
        .selectFrom('concept_list_users as u')
        .select('u.user_id')
        .whereRef('u.concept_list_id', '=', 'concept_lists.id')
        .where('u.user_id', '=', viewer.userId),
    );
    return eb.and([inOrganisation, eb.or([eb('concept_lists.assigned_to_all', '=', 1), named])]);
  };
}

export async function findVisibleList(db: Db, viewer: Viewer, listId: number): Promise<ConceptListRecord | undefined> {
  return acrossOrganisations(db)
    .selectFrom('concept_lists')
    .selectAll()
    .where('id', '=', listId)
    .where(visibleTo(viewer))
    .executeTakeFirst();
}

/** A head and its list, when the list is visible to `viewer`. */
export async function findVisibleHead(
  db: Db,
  viewer: Viewer,
  headId: number,
): Promise<{ head: ConceptHeadRecord; list: ConceptListRecord } | undefined> {
  // Through the list (visibleTo), so the head's read is scoped by its list's organisation.
  const [found] = await findVisibleHeads(db, viewer, [headId]);
  if (!found) return undefined;
  const { list_name: _name, ...head } = found;
  const list = await findVisibleList(db, viewer, head.concept_list_id);
  return list && { head, list };
}

export interface ListPageFilter {
  search: string;
  offset: number;
  limit: number;
}

const searchPattern = (search: string) => `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Visible lists by name, newest change first; `search` matches the name, a head or a term. */
export async function pageVisibleLists(db: Db, viewer: Viewer, filter: ListPageFilter) {
  let query = acrossOrganisations(db).selectFrom('concept_lists').where(visibleTo(viewer));
  if (filter.search !== '') {
    const pattern = searchPattern(filter.search);
    query = query.where((eb) =>
      eb.or([
        eb('concept_lists.name_key', 'like', pattern),
        eb.exists(
          eb
            .selectFrom('concept_heads as h')
            .select('h.id')
            .whereRef('h.concept_list_id', '=', 'concept_lists.id')
            .whereRef('h.organisation_id', '=', 'concept_lists.organisation_id')
            .where((inner) =>
              inner.or([
                inner(inner.fn('lower', ['h.head']), 'like', pattern),
                inner(inner.fn('lower', ['h.terms']), 'like', pattern),
                inner(inner.fn('lower', ['h.phrases']), 'like', pattern),
              ]),
            ),
        ),
      ]),
    );
  }
  const total = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await query
    .leftJoin('document_types as t', 't.id', 'concept_lists.document_type_id')
    .select([
      'concept_lists.id',
      'concept_lists.organisation_id',
      'concept_lists.name',
      'concept_lists.version',
      'concept_lists.assigned_to_all',
      'concept_lists.created_by_super',
      'concept_lists.updated_at',
      't.type_name',
    ])
    .select((eb) =>
      eb
        .selectFrom('concept_heads as h')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('h.concept_list_id', '=', 'concept_lists.id')
        .whereRef('h.organisation_id', '=', 'concept_lists.organisation_id')
        .as('heads_count'),
    )
    .orderBy('concept_lists.updated_at', 'desc')
    .orderBy('concept_lists.id', 'desc')
    .limit(filter.limit)
    .offset(filter.offset)
    .execute();
  return { total: Number(total.n), rows };
}

/** Every visible list's id and name, by name (select boxes). */
export async function visibleListOptions(db: Db, viewer: Viewer) {
  return acrossOrganisations(db)
    .selectFrom('concept_lists')
    .select(['id', 'name'])
    .where(visibleTo(viewer))
    .orderBy('name_key')
    .orderBy('id')
    .execute();
}

/** True when a list `viewer` sees already has this name (lower-cased), other than `exceptId`. */
export async function visibleNameTaken(db: Db, viewer: Viewer, nameKey: string, exceptId?: number): Promise<boolean> {
  let query = acrossOrganisations(db)
    .selectFrom('concept_lists')
    .select('id')
    .where('name_key', '=', nameKey)
    .where(visibleTo(viewer));
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function headsOf(db: Db, list: Pick<ConceptListRecord, 'id' | 'organisation_id'>) {
  return db
    .selectFrom('concept_heads')
    .selectAll()
    .where('concept_list_id', '=', list.id)
    .where('organisation_id', '=', list.organisation_id)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export async function pageHeadsOf(
  db: Db,
  list: Pick<ConceptListRecord, 'id' | 'organisation_id'>,
  filter: ListPageFilter,
) {
  let query = db
    .selectFrom('concept_heads')
    .where('concept_list_id', '=', list.id)
    .where('organisation_id', '=', list.organisation_id);
  if (filter.search !== '') {
    const pattern = searchPattern(filter.search);
    query = query.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['head']), 'like', pattern),
        eb(eb.fn('lower', ['terms']), 'like', pattern),
        eb(eb.fn('lower', ['phrases']), 'like', pattern),
      ]),
    );
  }
  const total = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await query
    .selectAll()
    .orderBy('position')
    .orderBy('id')
    .limit(filter.limit)
    .offset(filter.offset)
    .execute();
  return { total: Number(total.n), rows };
}

export async function insertList(db: Db, row: Insertable<ConceptListsTable>): Promise<number> {
  const { id } = await db.insertInto('concept_lists').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updateList(
  db: Db,
  list: Pick<ConceptListRecord, 'id' | 'organisation_id'>,
  patch: Partial<Insertable<ConceptListsTable>>,
): Promise<void> {
  await db
    .updateTable('concept_lists')
    .set(patch)
    .where('id', '=', list.id)
    .where('organisation_id', '=', list.organisation_id)
    .execute();
}

export async function deleteList(db: Db, list: Pick<ConceptListRecord, 'id' | 'organisation_id'>): Promise<void> {
  await db
    .deleteFrom('concept_lists')
    .where('id', '=', list.id)
    .where('organisation_id', '=', list.organisation_id)
    .execute();
}

export async function insertHead(db: Db, row: Insertable<ConceptHeadsTable>): Promise<number> {
  const { id } = await db.insertInto('concept_heads').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updateHead(
  db: Db,
  head: Pick<ConceptHeadRecord, 'id' | 'organisation_id'>,
  patch: Partial<Insertable<ConceptHeadsTable>>,
): Promise<void> {
  await db
    .updateTable('concept_heads')
    .set(patch)
    .where('id', '=', head.id)
    .where('organisation_id', '=', head.organisation_id)
    .execute();
}

export async function deleteHeads(db: Db, organisationId: number, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('concept_heads').where('organisation_id', '=', organisationId).where('id', 'in', ids).execute();
}

/** Visible heads by id (any list), in the order asked. */
export async function findVisibleHeads(db: Db, viewer: Viewer, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const rows = await acrossOrganisations(db)
    .selectFrom('concept_heads')
    .innerJoin('concept_lists', (join) =>
      join
        .onRef('concept_lists.id', '=', 'concept_heads.concept_list_id')
        .onRef('concept_lists.organisation_id', '=', 'concept_heads.organisation_id'),
    )
    .selectAll('concept_heads')
    .select('concept_lists.name as list_name')
    .where('concept_heads.id', 'in', ids)
    .whereRef('concept_heads.organisation_id', '=', 'concept_lists.organisation_id')
    .where(visibleTo(viewer))
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Organisations a list is assigned to (not removed), and users named on it. */
export async function assignmentsOf(db: Db, listId: number) {
  const organisations = await acrossOrganisations(db)
    .selectFrom('concept_list_organisations')
    .select('organisation_id')
    .where('concept_list_id', '=', listId)
    .where('hidden', '=', 0)
    .execute();
  const users = await acrossOrganisations(db)
    .selectFrom('concept_list_users')
    .select(['user_id', 'organisation_id'])
    .where('concept_list_id', '=', listId)
    .execute();
  return { organisationIds: organisations.map((row) => row.organisation_id), users };
}

/** Replaces a list's organisations (not touching rows that hide it) and named users. */
export async function setAssignments(
  db: Db,
  listId: number,
  organisationIds: readonly number[],
  users: readonly { user_id: number; organisation_id: number }[],
): Promise<void> {
  await acrossOrganisations(db)
    .deleteFrom('concept_list_organisations')
    .where('concept_list_id', '=', listId)
    .where('hidden', '=', 0)
    .execute();
  if (organisationIds.length > 0) {
    await acrossOrganisations(db)
      .insertInto('concept_list_organisations')
      .values(organisationIds.map((organisation_id) => ({ concept_list_id: listId, organisation_id })))
      .onConflict((oc) => oc.columns(['organisation_id', 'concept_list_id']).doUpdateSet({ hidden: 0 }))
      .execute();
  }
  await acrossOrganisations(db).deleteFrom('concept_list_users').where('concept_list_id', '=', listId).execute();
  if (users.length > 0) {
    await acrossOrganisations(db)
      .insertInto('concept_list_users')
      .values(users.map((user) => ({ concept_list_id: listId, ...user })))
      .execute();
  }
}

/** The organisation no longer sees the list (it removed it, or replaced it with its own copy). */
export async function hideListFor(db: Db, listId: number, organisationId: number): Promise<void> {
  await db
    .insertInto('concept_list_organisations')
    .values({ concept_list_id: listId, organisation_id: organisationId, hidden: 1 })
    .onConflict((oc) => oc.columns(['organisation_id', 'concept_list_id']).doUpdateSet({ hidden: 1 }))
    .execute();
  await db
    .deleteFrom('concept_list_users')
    .where('concept_list_id', '=', listId)
    .where('organisation_id', '=', organisationId)
    .execute();
}

export async function insertVersion(db: Db, row: Insertable<Database['concept_list_versions']>): Promise<void> {
  await db.insertInto('concept_list_versions').values(row).execute();
}

export async function versionsOf(db: Db, list: Pick<ConceptListRecord, 'id' | 'organisation_id'>) {
  return db
    .selectFrom('concept_list_versions as v')
    .leftJoin('users as u', 'u.id', 'v.changed_by')
    .select(['v.version', 'v.changes', 'v.renamed_to', 'v.changed_at', 'u.first_name', 'u.last_name'])
    .where('v.concept_list_id', '=', list.id)
    .where('v.organisation_id', '=', list.organisation_id)
    .orderBy('v.version', 'desc')
    .execute();
}

/** True when the organisation already owns a list of this (lower-cased) name. */
export async function ownedNameTaken(db: Db, organisationId: number, nameKey: string): Promise<boolean> {
  const row = await db
    .selectFrom('concept_lists')
    .select('id')
    .where('organisation_id', '=', organisationId)
    .where('name_key', '=', nameKey)
    .executeTakeFirst();
  return row !== undefined;
}
