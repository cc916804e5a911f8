import type { ExpressionBuilder, Insertable } from 'kysely';
import type { Database, Db } from '../../db/database.types.ts';
import type { ConceptAmendmentsTable } from '../../db/tables/concepts.ts';
import { acrossOrganisations, visibleTo, type Viewer } from './concept-lists.repo.ts';
import { scoped } from '../../db/tenant-scope.ts';

const searchPattern = (search: string) => `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A head's amendments, oldest first, with who added them; optionally of one type and matching a text. */
export async function amendmentsOf(
  db: Db,
  head: { id: number; organisation_id: number },
  filter: { type?: string | undefined; search?: string | undefined },
) {
  let query = db
    .selectFrom('concept_amendments as a')
    .leftJoin('users as u', 'u.id', 'a.created_by')
    .select(['a.id', 'a.head_id', 'a.amendment_type', 'a.amendment', 'a.created_at', 'u.first_name', 'u.last_name'])
    .where('a.organisation_id', '=', head.organisation_id)
    .where('a.head_id', '=', head.id);
  if (filter.type) query = query.where('a.amendment_type', '=', filter.type);
  if (filter.search) {
    const pattern = searchPattern(filter.search);
    query = query.where((eb) => eb(eb.fn('lower', ['a.amendment']), 'like', pattern));
  }
  return query.orderBy('a.created_at').orderBy('a.id').execute();
}

/** An amendment whose head's list `viewer` sees. */
export async function findVisibleAmendment(db: Db, viewer: Viewer, id: number) {
  return acrossOrganisations(db)
    .selectFrom('concept_amendments as a')
    .innerJoin('concept_heads', (join) =>
      join.onRef('concept_heads.id', '=', 'a.head_id').onRef('concept_heads.organisation_id', '=', 'a.organisation_id'),
    )
    .innerJoin('concept_lists', (join) =>
      join
        .onRef('concept_lists.id', '=', 'concept_heads.concept_list_id')
        .onRef('concept_lists.organisation_id', '=', 'concept_heads.organisation_id'),
    )
    .select(['a.id', 'a.head_id', 'a.organisation_id', 'a.group_key'])
    .where('a.id', '=', id)
    .whereRef('a.organisation_id', '=', 'concept_lists.organisation_id')
    .where(visibleTo(viewer))
    .executeTakeFirst();
}

/**
 * Every head with this head text in a list `viewer` sees: for the provider's super user, its "whole
 * repository" is the lists it curates (created by a super user or assigned to all) and its own organisation's,
 * never a firm's private list or a firm's own copy of a curated list.
 */
export async function headsNamedInVisibleLists(db: Db, viewer: Viewer, head: string) {
  return acrossOrganisations(db)
    .selectFrom('concept_heads')
    .innerJoin('concept_lists', (join) =>
      join
        .onRef('concept_lists.id', '=', 'concept_heads.concept_list_id')
        .onRef('concept_lists.organisation_id', '=', 'concept_heads.organisation_id'),
    )
    .select(['concept_heads.id', 'concept_heads.organisation_id'])
    .where('concept_heads.head', '=', head)
    .where(visibleTo(viewer))
    .execute();
}

export async function insertAmendments(db: Db, rows: readonly Insertable<ConceptAmendmentsTable>[]): Promise<void> {
  if (rows.length > 0)
    await db
      .insertInto('concept_amendments')
      .values([...rows])
      .execute();
}

/**
 * The amendments an edit touches: one (`groupKey` null), or its whole group, within one organisation or (the
 * super user's whole repository) on the heads of every list `viewer` sees, so a group never reaches into a
 * firm's private list (nor its own copy of a curated list, which keeps the group's key).
 */
export type AmendmentRows = { id: number; groupKey: string | null } & (
  { organisationId: number } | { visibleTo: Viewer }
);

export async function updateAmendments(
  db: Db,
  rows: AmendmentRows,
  patch: { amendment_type: string; amendment: string; updated_at: string },
): Promise<void> {
  if ('organisationId' in rows) {
    const query = scoped(db, rows.organisationId).updateTable('concept_amendments').set(patch);
    await (
      rows.groupKey === null ? query.where('id', '=', rows.id) : query.where('group_key', '=', rows.groupKey)
    ).execute();
    return;
  }
  const query = acrossOrganisations(db)
    .updateTable('concept_amendments')
    .set(patch)
    .where(onVisibleHeads(rows.visibleTo));
  await (
    rows.groupKey === null ? query.where('id', '=', rows.id) : query.where('group_key', '=', rows.groupKey)
  ).execute();
}

export async function deleteAmendments(db: Db, rows: AmendmentRows): Promise<void> {
  if ('organisationId' in rows) {
    const query = scoped(db, rows.organisationId).deleteFrom('concept_amendments');
    await (
      rows.groupKey === null ? query.where('id', '=', rows.id) : query.where('group_key', '=', rows.groupKey)
    ).execute();
    return;
  }
  const query = acrossOrganisations(db).deleteFrom('concept_amendments').where(onVisibleHeads(rows.visibleTo));
  await (
    rows.groupKey === null ? query.where('id', '=', rows.id) : query.where('group_key', '=', rows.groupKey)
  ).execute();
}

/** An amendment whose head is in a list `viewer` sees. */
function onVisibleHeads(viewer: Viewer) {
  return (eb: ExpressionBuilder<Database, 'concept_amendments'>) =>
    eb.exists(
      eb
        .selectFrom('concept_heads as h')
        .innerJoin('concept_lists', (join) =>
          join
            .onRef('concept_lists.id', '=', 'h.concept_list_id')
            .onRef('concept_lists.organisation_id', '=', 'h.organisation_id'),
        )
        .select('h.id')
        .whereRef('h.id', '=', 'concept_amendments.head_id')
        .whereRef('h.organisation_id', '=', 'concept_amendments.organisation_id')
        .where(visibleTo(viewer)),
    );
}
