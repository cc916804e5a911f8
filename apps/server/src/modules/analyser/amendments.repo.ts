import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.types.ts';
import type { ConceptAmendmentsTable } from '../../db/tables/concepts.ts';
import { acrossOrganisations, visibleTo, type Viewer } from './concept-lists.repo.ts';
import { scoped } from '../../db/tenant-scope.ts';
import { ALL_ORGANISATIONS } from '../../platform/access/actor.ts';

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

/** Every head with this head text, in every list of every organisation (the super user's "whole repository"). */
export async function headsNamedEverywhere(db: Db, head: string) {
  return scoped(db, ALL_ORGANISATIONS)
    .selectFrom('concept_heads')
    .select(['id', 'organisation_id'])
    .where('head', '=', head)
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
 * The amendments an edit touches: one (`groupKey` null), or its whole group, within one organisation or (null:
 * the super user's whole repository) every organisation.
 */
export async function updateAmendments(
  db: Db,
  target: { id: number; groupKey: string | null; organisationId: number | null },
  patch: { amendment_type: string; amendment: string; updated_at: string },
): Promise<void> {
  let query = scoped(db, target.organisationId ?? ALL_ORGANISATIONS)
    .updateTable('concept_amendments')
    .set(patch);
  query = target.groupKey === null ? query.where('id', '=', target.id) : query.where('group_key', '=', target.groupKey);
  await query.execute();
}

export async function deleteAmendments(
  db: Db,
  target: { id: number; groupKey: string | null; organisationId: number | null },
): Promise<void> {
  let query = scoped(db, target.organisationId ?? ALL_ORGANISATIONS).deleteFrom('concept_amendments');
  query = target.groupKey === null ? query.where('id', '=', target.id) : query.where('group_key', '=', target.groupKey);
  await query.execute();
}
