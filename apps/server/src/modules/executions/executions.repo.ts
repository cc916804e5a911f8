import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.types.ts';
import type { TemplateExecutionsTable } from '../../db/tables/templates.ts';
import { scoped } from '../../db/tenant-scope.ts';

export type ExecutionRowData = Selectable<TemplateExecutionsTable> & {
  template_name: string;
  creator_first: string | null;
  creator_last: string | null;
  creator_email: string | null;
};

/** Whose executions: the organisation's (staff), or one user's own. */
export interface ExecutionScope {
  organisationId: number;
  /** Only this user's executions (null: everyone's). */
  userId: number | null;
}

function executionsIn(db: Db, scope: ExecutionScope) {
  let query = scoped(db, scope.organisationId)
    .selectFrom('template_executions')
    .innerJoin('document_templates', 'document_templates.id', 'template_executions.template_id')
    .leftJoin('users', 'users.id', 'template_executions.created_by')
    .where('document_templates.organisation_id', '=', scope.organisationId);
  if (scope.userId !== null) query = query.where('template_executions.created_by', '=', scope.userId);
  return query;
}

const columns = [
  'document_templates.name as template_name',
  'users.first_name as creator_first',
  'users.last_name as creator_last',
  'users.email as creator_email',
] as const;

export async function listExecutions(
  db: Db,
  scope: ExecutionScope,
  filter: { templateId?: number; search?: string | undefined },
  page: { page_no: number; limits: number },
): Promise<{ rows: ExecutionRowData[]; total: number }> {
  let base = executionsIn(db, scope);
  if (filter.templateId !== undefined) base = base.where('template_executions.template_id', '=', filter.templateId);
  if (filter.search) {
    const pattern = `%${filter.search.toLowerCase()}%`;
    base = base.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['template_executions.document_name']), 'like', pattern),
        eb(eb.fn('lower', ['document_templates.name']), 'like', pattern),
      ]),
    );
  }
  const count = await base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst();
  const rows = await base
    .selectAll('template_executions')
    .select(columns)
    .orderBy('template_executions.created_at', 'desc')
    .orderBy('template_executions.id', 'desc')
    .limit(page.limits)
    .offset((page.page_no - 1) * page.limits)
    .execute();
  return { rows, total: Number(count?.n ?? 0) };
}

export async function findExecution(db: Db, scope: ExecutionScope, id: number): Promise<ExecutionRowData | undefined> {
  return executionsIn(db, scope)
    .selectAll('template_executions')
    .select(columns)
    .where('template_executions.id', '=', id)
    .executeTakeFirst();
}

export async function insertExecution(db: Db, values: Insertable<TemplateExecutionsTable>): Promise<number> {
  const row = await db.insertInto('template_executions').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function renameExecution(db: Db, organisationId: number, id: number, documentName: string): Promise<void> {
  await scoped(db, organisationId)
    .updateTable('template_executions')
    .set({ document_name: documentName })
    .where('id', '=', id)
    .execute();
}

export async function deleteExecution(db: Db, organisationId: number, id: number): Promise<void> {
  await scoped(db, organisationId).deleteFrom('template_executions').where('id', '=', id).execute();
}

/** Users who executed templates, with how many and when last (the per-user history list). */
export async function executionUsers(
  db: Db,
  organisationId: number,
  page: { page_no: number; limits: number },
): Promise<{
  rows: { user_id: number; first_name: string; last_name: string; email: string; executions: number; last: string }[];
  total: number;
}> {
  const base = scoped(db, organisationId)
    .selectFrom('template_executions')
    .innerJoin('users', 'users.id', 'template_executions.created_by');
  const count = await base
    .select((eb) => eb.fn.count<string | number>('users.id').distinct().as('n'))
    .executeTakeFirst();
  const rows = await base
    .select((eb) => [
      'users.id as user_id',
      'users.first_name',
      'users.last_name',
      'users.email',
      eb.fn.countAll<string | number>().as('executions'),
      eb.fn.max('template_executions.created_at').as('last'),
    ])
    .groupBy(['users.id', 'users.first_name', 'users.last_name', 'users.email'])
    .orderBy('last', 'desc')
    .limit(page.limits)
    .offset((page.page_no - 1) * page.limits)
    .execute();
  return {
    rows: rows.map((row) => ({ ...row, executions: Number(row.executions), last: String(row.last) })),
    total: Number(count?.n ?? 0),
  };
}

/** A draft is the caller's own, per template (the row is scoped by organisation like every other). */
export type DraftKey = { organisation_id: number; template_id: number; user_id: number };

const NO_ANSWERS = '[]';

export async function findDraft(db: Db, key: DraftKey) {
  return scoped(db, key.organisation_id)
    .selectFrom('template_drafts')
    .select(['answers', 'updated_at', 'round'])
    .where('template_id', '=', key.template_id)
    .where('user_id', '=', key.user_id)
    .executeTakeFirst();
}

/**
 * Saves the answers of `round` in one statement that checks the round, so a save racing a Submit either lands
 * before it (and is emptied by it) or is refused: false when the round is over.
 */
export async function saveDraft(
  db: Db,
  key: DraftKey,
  round: number,
  answers: string,
  updatedAt: string,
): Promise<boolean> {
  const updated = await scoped(db, key.organisation_id)
    .updateTable('template_drafts')
    .set({ answers, updated_at: updatedAt })
    .where('template_id', '=', key.template_id)
    .where('user_id', '=', key.user_id)
    .where('round', '=', round)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) > 0) return true;
  // No row yet: only the first round has none (a Submit always leaves its row behind).
  if (round !== 0) return false;
  const inserted = await db
    .insertInto('template_drafts')
    .values({ ...key, answers, updated_at: updatedAt, round: 0 })
    .onConflict((conflict) => conflict.columns(['template_id', 'user_id']).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** After a Submit: the draft is emptied and the next round starts; answers the round that starts. */
export async function startNextRound(db: Db, key: DraftKey, updatedAt: string): Promise<number> {
  const row = await db
    .insertInto('template_drafts')
    .values({ ...key, answers: NO_ANSWERS, updated_at: updatedAt, round: 1 })
    .onConflict((conflict) =>
      conflict.columns(['template_id', 'user_id']).doUpdateSet((eb) => ({
        answers: NO_ANSWERS,
        updated_at: updatedAt,
        round: eb(eb.ref('template_drafts.round'), '+', 1),
      })),
    )
    .returning('round')
    .executeTakeFirstOrThrow();
  return Number(row.round);
}

/** "Start again": the draft is emptied; the round stays, so the screen keeps saving. */
export async function discardDraft(db: Db, key: DraftKey, updatedAt: string): Promise<void> {
  await scoped(db, key.organisation_id)
    .updateTable('template_drafts')
    .set({ answers: NO_ANSWERS, updated_at: updatedAt })
    .where('template_id', '=', key.template_id)
    .where('user_id', '=', key.user_id)
    .execute();
}
