import type { Db } from '../../db/database.types.ts';

type PartTable = 'concept_clauses' | 'concept_scopes' | 'concept_rules';
const CHILDREN = {
  concept_scopes: ['concept_scope_examples', 'scope_id'],
  concept_rules: ['concept_rule_suggestions', 'rule_id'],
} as const;

/**
 * Copies a head's clauses, out-of-scope items (with examples), rules (with suggestions) and amendments to
 * another head, owned by `organisationId` (a copy of a list, or heads copied into another list).
 */
export async function copyHeadParts(
  db: Db,
  from: { id: number; organisation_id: number },
  to: { id: number; organisation_id: number },
  now: string,
): Promise<void> {
  for (const table of ['concept_clauses', 'concept_scopes', 'concept_rules'] as const satisfies PartTable[]) {
    const parts = await db
      .selectFrom(table)
      .selectAll()
      .where('head_id', '=', from.id)
      .where('organisation_id', '=', from.organisation_id)
      .orderBy('position')
      .execute();
    for (const part of parts) {
      const { id } = await db
        .insertInto(table)
        .values({
          organisation_id: to.organisation_id,
          head_id: to.id,
          description: part.description,
          position: part.position,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (table === 'concept_clauses') continue;
      const [childTable, parentColumn] = CHILDREN[table];
      const children = await db
        .selectFrom(childTable)
        .select(['text', 'position'])
        .where(parentColumn as 'scope_id', '=', part.id)
        .where('organisation_id', '=', from.organisation_id)
        .execute();
      if (children.length === 0) continue;
      await db
        .insertInto(childTable)
        .values(
          children.map((child) => ({
            organisation_id: to.organisation_id,
            [parentColumn]: id,
            text: child.text,
            position: child.position,
          })) as never,
        )
        .execute();
    }
  }
  const amendments = await db
    .selectFrom('concept_amendments')
    .selectAll()
    .where('head_id', '=', from.id)
    .where('organisation_id', '=', from.organisation_id)
    .execute();
  if (amendments.length > 0) {
    await db
      .insertInto('concept_amendments')
      .values(
        amendments.map((a) => ({
          organisation_id: to.organisation_id,
          head_id: to.id,
          amendment_type: a.amendment_type,
          amendment: a.amendment,
          group_key: a.group_key,
          created_by: a.created_by,
          created_at: a.created_at,
          updated_at: now,
        })),
      )
      .execute();
  }
}

/** The organisation's votes on a head follow the head into the organisation's own copy. */
export async function moveFeedback(
  db: Db,
  organisationId: number,
  fromHeadId: number,
  toHeadId: number,
): Promise<void> {
  await db
    .updateTable('concept_feedback')
    .set({ head_id: toHeadId })
    .where('organisation_id', '=', organisationId)
    .where('head_id', '=', fromHeadId)
    .execute();
}
