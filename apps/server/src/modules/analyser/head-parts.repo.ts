import type { Db } from '../../db/database.types.ts';

type PartTable = 'concept_clauses' | 'concept_scopes' | 'concept_rules';
const CHILDREN = {
  concept_scopes: ['concept_scope_examples', 'scope_id'],
  concept_rules: ['concept_rule_suggestions', 'rule_id'],
} as const;

/** Old → new ids of copied parts, keyed `table:oldId` (an edit that made a copy finds its part in it). */
export type PartIdMap = Map<string, number>;

/**
 * Copies a head's clauses, out-of-scope items (with examples), rules (with suggestions) and amendments to
 * another head, owned by `organisationId` (a copy of a list, or heads copied into another list).
 */
export async function copyHeadParts(
  db: Db,
  from: { id: number; organisation_id: number },
  to: { id: number; organisation_id: number },
  now: string,
  ids: PartIdMap = new Map(),
): Promise<PartIdMap> {
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
      ids.set(`${table}:${part.id}`, id);
      if (table === 'concept_clauses') continue;
      const [childTable, parentColumn] = CHILDREN[table];
      const children = await db
        .selectFrom(childTable)
        .select(['id', 'text', 'position'])
        .where(parentColumn as 'scope_id', '=', part.id)
        .where('organisation_id', '=', from.organisation_id)
        .orderBy('position')
        .orderBy('id')
        .execute();
      for (const child of children) {
        const inserted = await db
          .insertInto(childTable)
          .values({
            organisation_id: to.organisation_id,
            [parentColumn]: id,
            text: child.text,
            position: child.position,
          } as never)
          .returning('id')
          .executeTakeFirstOrThrow();
        ids.set(`${childTable}:${child.id}`, inserted.id);
      }
    }
  }
  const amendments = await db
    .selectFrom('concept_amendments')
    .selectAll()
    .where('head_id', '=', from.id)
    .where('organisation_id', '=', from.organisation_id)
    .orderBy('id')
    .execute();
  for (const a of amendments) {
    const inserted = await db
      .insertInto('concept_amendments')
      .values({
        organisation_id: to.organisation_id,
        head_id: to.id,
        amendment_type: a.amendment_type,
        amendment: a.amendment,
        group_key: a.group_key,
        created_by: a.created_by,
        created_at: a.created_at,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.set(`concept_amendments:${a.id}`, inserted.id);
  }
  return ids;
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

export type HeadRef = { id: number; organisation_id: number };
export type PartKind = 'clause' | 'scope' | 'rule';
const PART_TABLE = { clause: 'concept_clauses', scope: 'concept_scopes', rule: 'concept_rules' } as const;
const CHILD_OF = { scope: CHILDREN.concept_scopes, rule: CHILDREN.concept_rules } as const;

export interface PartRow {
  id: number;
  description: string;
  children: { id: number; text: string }[];
}

/** A head's clauses, scope items or rules in order, each with its examples or suggestions. */
export async function partsOf(db: Db, kind: PartKind, heads: readonly HeadRef[]): Promise<Map<number, PartRow[]>> {
  const byHead = new Map<number, PartRow[]>(heads.map((head) => [head.id, []]));
  for (const organisationId of new Set(heads.map((head) => head.organisation_id))) {
    const ids = heads.filter((head) => head.organisation_id === organisationId).map((head) => head.id);
    const parts = await db
      .selectFrom(PART_TABLE[kind])
      .select(['id', 'head_id', 'description'])
      .where('organisation_id', '=', organisationId)
      .where('head_id', 'in', ids)
      .orderBy('position')
      .orderBy('id')
      .execute();
    const children = new Map<number, { id: number; text: string }[]>();
    if (kind !== 'clause' && parts.length > 0) {
      const [childTable, parentColumn] = CHILD_OF[kind];
      const rows = await db
        .selectFrom(childTable)
        .select(['id', 'text', `${parentColumn} as parent_id` as 'scope_id'])
        .where('organisation_id', '=', organisationId)
        .where(
          parentColumn as 'scope_id',
          'in',
          parts.map((part) => part.id),
        )
        .orderBy('position')
        .orderBy('id')
        .execute();
      for (const row of rows as unknown as { id: number; text: string; parent_id: number }[]) {
        const list = children.get(row.parent_id) ?? [];
        list.push({ id: row.id, text: row.text });
        children.set(row.parent_id, list);
      }
    }
    for (const part of parts) {
      byHead
        .get(part.head_id)
        ?.push({ id: part.id, description: part.description, children: children.get(part.id) ?? [] });
    }
  }
  return byHead;
}

/** The part `id` of the head, or undefined. */
export async function findPart(db: Db, kind: PartKind, head: HeadRef, id: number) {
  return db
    .selectFrom(PART_TABLE[kind])
    .select(['id', 'description'])
    .where('organisation_id', '=', head.organisation_id)
    .where('head_id', '=', head.id)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertPart(db: Db, kind: PartKind, head: HeadRef, description: string): Promise<number> {
  const table = PART_TABLE[kind];
  const last = await db
    .selectFrom(table)
    .select((eb) => eb.fn.max('position').as('position'))
    .where('organisation_id', '=', head.organisation_id)
    .where('head_id', '=', head.id)
    .executeTakeFirst();
  const { id } = await db
    .insertInto(table)
    .values({
      organisation_id: head.organisation_id,
      head_id: head.id,
      description,
      position: Number(last?.position ?? 0) + 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updatePart(db: Db, kind: PartKind, head: HeadRef, id: number, description: string) {
  await db
    .updateTable(PART_TABLE[kind])
    .set({ description })
    .where('organisation_id', '=', head.organisation_id)
    .where('head_id', '=', head.id)
    .where('id', '=', id)
    .execute();
}

export async function deletePart(db: Db, kind: PartKind, head: HeadRef, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom(PART_TABLE[kind])
    .where('organisation_id', '=', head.organisation_id)
    .where('head_id', '=', head.id)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Makes a scope item's examples or a rule's suggestions the given ones: a saved id (> 0) of this parent is
 * updated, any other entry is inserted, saved ones missing from `items` are deleted. Answers false when an
 * item names a saved id that is not the parent's.
 */
export async function replaceChildren(
  db: Db,
  kind: 'scope' | 'rule',
  organisationId: number,
  parentId: number,
  items: readonly { id: number | undefined; text: string }[],
): Promise<boolean> {
  const [table, parentColumn] = CHILD_OF[kind];
  const existing = await db
    .selectFrom(table)
    .select('id')
    .where('organisation_id', '=', organisationId)
    .where(parentColumn as 'scope_id', '=', parentId)
    .execute();
  const saved = new Set(existing.map((row) => row.id));
  const kept = new Set<number>();
  for (const item of items) {
    if (item.id !== undefined && item.id > 0) {
      if (!saved.has(item.id)) return false;
      kept.add(item.id);
    }
  }
  const gone = [...saved].filter((id) => !kept.has(id));
  if (gone.length > 0) {
    await db.deleteFrom(table).where('organisation_id', '=', organisationId).where('id', 'in', gone).execute();
  }
  for (const [position, item] of items.entries()) {
    if (item.id !== undefined && item.id > 0) {
      await db
        .updateTable(table)
        .set({ text: item.text, position })
        .where('organisation_id', '=', organisationId)
        .where('id', '=', item.id)
        .execute();
    } else {
      await db
        .insertInto(table)
        .values({ organisation_id: organisationId, [parentColumn]: parentId, text: item.text, position } as never)
        .execute();
    }
  }
  return true;
}

/** Deletes one example of a scope item or suggestion of a rule; false when it is not the parent's. */
export async function deleteChild(
  db: Db,
  kind: 'scope' | 'rule',
  organisationId: number,
  parentId: number,
  id: number,
): Promise<boolean> {
  const [table, parentColumn] = CHILD_OF[kind];
  const result = await db
    .deleteFrom(table)
    .where('organisation_id', '=', organisationId)
    .where(parentColumn as 'scope_id', '=', parentId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The table names used in copy id maps (`table:oldId`). */
export const partTableOf = (kind: PartKind) => PART_TABLE[kind];
export const childTableOf = (kind: 'scope' | 'rule') => CHILD_OF[kind][0];
