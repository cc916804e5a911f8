import { sql } from 'kysely';
import type { Db } from '../../db/database.types.ts';
import { likePattern } from '../../db/like.ts';
import { personName } from '../case-records/index.ts';
import { scoped } from '../../db/tenant-scope.ts';

export type AlertStatus = 'open' | 'due' | 'done' | 'all';

export interface AlertFilter {
  caseId?: number | undefined;
  status: AlertStatus;
  search?: string | undefined;
  /** YYYY-MM-DD: alerts due on or before it are due. */
  today: string;
  /** Only alerts on the user's matters: cases assigned to or created by them, or alerts they raised. */
  forUserId?: number;
  /** Open alerts due after today and up to this date (YYYY-MM-DD). */
  dueUntil?: string;
}

function alertsOf(db: Db, organisationId: number, filter: AlertFilter) {
  let query = scoped(db, organisationId).selectFrom('case_alerts as a').innerJoin('cases as c', 'c.id', 'a.case_id');
  if (filter.caseId !== undefined) query = query.where('a.case_id', '=', filter.caseId);
  if (filter.status === 'open') query = query.where('a.is_done', '=', 0);
  if (filter.status === 'done') query = query.where('a.is_done', '=', 1);
  if (filter.status === 'due') query = query.where('a.is_done', '=', 0).where('a.due_date', '<=', filter.today);
  if (filter.dueUntil) {
    query = query
      .where('a.is_done', '=', 0)
      .where('a.due_date', '>', filter.today)
      .where('a.due_date', '<=', filter.dueUntil);
  }
  if (filter.forUserId !== undefined) {
    const userId = filter.forUserId;
    query = query.where((eb) =>
      eb.or([
        eb('a.created_by_id', '=', userId),
        eb('c.created_by', '=', userId),
        eb.exists(
          eb
            .selectFrom('case_assigned_users as cau')
            .select('cau.user_id')
            .whereRef('cau.case_id', '=', 'a.case_id')
            .where('cau.user_id', '=', userId),
        ),
      ]),
    );
  }
  if (filter.search) {
    const pattern = sql<string>`${likePattern(filter.search)} escape '\\'`;
    query = query.where((eb) =>
      eb.or([eb(eb.fn('lower', ['c.title']), 'like', pattern), eb(eb.fn('lower', ['a.alert_type']), 'like', pattern)]),
    );
  }
  return query;
}

const COLUMNS = [
  'a.id',
  'a.case_id',
  'c.title as case_title',
  'a.alert_type',
  'a.due_date',
  'a.is_done',
  'a.created_at',
  'a.updated_at',
] as const;

/** Open alerts first, soonest due first; done alerts after them. */
export async function listAlerts(db: Db, organisationId: number, filter: AlertFilter, offset: number, limit: number) {
  const [rows, total] = await Promise.all([
    alertsOf(db, organisationId, filter)
      .leftJoin('users as u', 'u.id', 'a.created_by_id')
      .select([...COLUMNS, personName('u').as('created_by')])
      .orderBy('a.is_done')
      .orderBy('a.due_date')
      .orderBy('a.id')
      .limit(limit)
      .offset(offset)
      .execute(),
    alertsOf(db, organisationId, filter)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}
export type AlertRow = Awaited<ReturnType<typeof listAlerts>>['rows'][number];

export async function findAlert(db: Db, organisationId: number, id: number): Promise<AlertRow | undefined> {
  return scoped(db, organisationId)
    .selectFrom('case_alerts as a')
    .innerJoin('cases as c', 'c.id', 'a.case_id')
    .leftJoin('users as u', 'u.id', 'a.created_by_id')
    .select([...COLUMNS, personName('u').as('created_by')])
    .where('a.id', '=', id)
    .executeTakeFirst();
}

export async function documentsOf(db: Db, organisationId: number, alertIds: readonly number[]) {
  if (alertIds.length === 0) return [];
  return scoped(db, organisationId)
    .selectFrom('case_alert_documents as ad')
    .innerJoin('documents as d', 'd.id', 'ad.document_id')
    .select(['ad.alert_id', 'd.id', 'd.original_name as name'])
    .where('ad.alert_id', 'in', [...alertIds])
    .orderBy('d.id')
    .execute();
}

export async function commentsOf(db: Db, organisationId: number, alertIds: readonly number[]) {
  if (alertIds.length === 0) return [];
  return scoped(db, organisationId)
    .selectFrom('case_alert_comments as m')
    .leftJoin('users as u', 'u.id', 'm.created_by_id')
    .select(['m.alert_id', 'm.id', 'm.text', 'm.created_at', personName('u').as('created_by')])
    .where('m.alert_id', 'in', [...alertIds])
    .orderBy('m.id')
    .execute();
}

/** The ids among `ids` that are documents of the case (in the organisation). */
export async function documentIdsInCase(
  db: Db,
  organisationId: number,
  caseId: number,
  ids: readonly number[],
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await scoped(db, organisationId)
    .selectFrom('documents')
    .select('id')
    .where('case_id', '=', caseId)
    .where('id', 'in', [...ids])
    .execute();
  return rows.map((row) => row.id);
}

export async function insertAlert(
  db: Db,
  values: {
    organisation_id: number;
    case_id: number;
    alert_type: string;
    due_date: string;
    created_by_id: number;
    now: string;
  },
): Promise<number> {
  const { now, ...rest } = values;
  const row = await db
    .insertInto('case_alerts')
    .values({ ...rest, is_done: 0, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateAlert(
  db: Db,
  organisationId: number,
  id: number,
  patch: { alert_type: string; due_date: string; is_done: 0 | 1; updated_at: string },
): Promise<void> {
  await scoped(db, organisationId).updateTable('case_alerts').set(patch).where('id', '=', id).execute();
}

export async function setAlertDocuments(
  db: Db,
  organisationId: number,
  alertId: number,
  documentIds: readonly number[],
): Promise<void> {
  await scoped(db, organisationId).deleteFrom('case_alert_documents').where('alert_id', '=', alertId).execute();
  if (documentIds.length === 0) return;
  await db
    .insertInto('case_alert_documents')
    .values(documentIds.map((document_id) => ({ organisation_id: organisationId, alert_id: alertId, document_id })))
    .execute();
}

export async function insertComment(
  db: Db,
  values: { organisation_id: number; alert_id: number; text: string; created_by_id: number; created_at: string },
): Promise<number> {
  const row = await db.insertInto('case_alert_comments').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function deleteAlert(db: Db, organisationId: number, id: number): Promise<void> {
  await scoped(db, organisationId).deleteFrom('case_alerts').where('id', '=', id).execute();
}
