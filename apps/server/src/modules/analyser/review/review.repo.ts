import type { Db } from '../../../db/database.types.ts';

/** Amendments per head of one list (the review's amendments icon), within the list's organisation. */
export async function amendmentCounts(
  db: Db,
  list: { id: number; organisation_id: number },
): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('concept_amendments as a')
    .innerJoin('concept_heads as h', (join) =>
      join.onRef('h.id', '=', 'a.head_id').on('h.organisation_id', '=', list.organisation_id),
    )
    .select(['a.head_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('a.organisation_id', '=', list.organisation_id)
    .where('h.concept_list_id', '=', list.id)
    .groupBy('a.head_id')
    .execute();
  return new Map(rows.map((row) => [row.head_id, Number(row.n)]));
}
