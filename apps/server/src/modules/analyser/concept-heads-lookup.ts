import type { Actor } from '../../platform/access/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { acrossOrganisations, findVisibleHeads, visibleTo } from './concept-lists.repo.ts';
import { viewerOf } from './concept-viewer.ts';

export interface ConceptHeadName {
  id: number;
  list: string;
  head: string;
}

/** The heads among `ids` that `actor` sees, with their list's name, in the order asked (playbook entries). */
export async function visibleConceptHeads(
  ctx: AppContext,
  actor: Actor,
  ids: readonly number[],
): Promise<ConceptHeadName[]> {
  const rows = await findVisibleHeads(ctx.db, viewerOf(actor), [...new Set(ids)]);
  return rows.map((row) => ({ id: row.id, list: row.list_name, head: row.head }));
}

/** Ids of the heads `actor` sees, by list name and head name (a playbook package's import); unknown ones absent. */
export async function conceptHeadIdsByName(
  ctx: AppContext,
  actor: Actor,
  pairs: readonly { list: string; head: string }[],
): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  const lists = [...new Set(pairs.map((pair) => pair.list))];
  if (lists.length === 0) return found;
  const rows = await acrossOrganisations(ctx.db)
    .selectFrom('concept_heads')
    .innerJoin('concept_lists', (join) =>
      join
        .onRef('concept_lists.id', '=', 'concept_heads.concept_list_id')
        .onRef('concept_lists.organisation_id', '=', 'concept_heads.organisation_id'),
    )
    .select(['concept_heads.id', 'concept_heads.head', 'concept_lists.name as list'])
    .where('concept_lists.name', 'in', lists)
    .where(visibleTo(viewerOf(actor)))
    .orderBy('concept_lists.organisation_id')
    .orderBy('concept_heads.id')
    .execute();
  const key = (list: string, head: string) => `${list}\u0000${head.toLowerCase()}`;
  for (const row of rows) if (!found.has(key(row.list, row.head))) found.set(key(row.list, row.head), row.id);
  return new Map(
    pairs.flatMap((pair) => {
      const id = found.get(key(pair.list, pair.head));
      return id === undefined ? [] : [[`${pair.list}\u0000${pair.head}`, id] as const];
    }),
  );
}
