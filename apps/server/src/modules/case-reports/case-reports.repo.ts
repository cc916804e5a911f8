import type { Db } from '../../db/database.types.ts';
import { personName } from '../case-records/index.ts';
import { scoped } from '../../db/tenant-scope.ts';

function reportsOf(db: Db, organisationId: number, caseId: number) {
  return scoped(db, organisationId).selectFrom('case_reports as r').where('r.case_id', '=', caseId);
}

function withDetails<T extends ReturnType<typeof reportsOf>>(query: T) {
  return query
    .innerJoin('cases as c', 'c.id', 'r.case_id')
    .leftJoin('users as u', 'u.id', 'r.created_by_id')
    .select(['r.id', 'r.case_id', 'c.title as case_title', 'r.created_at', personName('u').as('created_by')])
    .select((eb) =>
      eb
        .selectFrom('case_report_answers as a')
        .whereRef('a.report_id', '=', 'r.id')
        .select(eb.fn.countAll<number>().as('n'))
        .as('answer_count'),
    );
}

/** The reports of a case, newest first. */
export async function listReports(db: Db, organisationId: number, caseId: number, offset: number, limit: number) {
  const [rows, total] = await Promise.all([
    withDetails(reportsOf(db, organisationId, caseId))
      .orderBy('r.created_at', 'desc')
      .orderBy('r.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    reportsOf(db, organisationId, caseId)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export async function findReport(db: Db, organisationId: number, id: number) {
  return scoped(db, organisationId)
    .selectFrom('case_reports as r')
    .innerJoin('cases as c', 'c.id', 'r.case_id')
    .leftJoin('users as u', 'u.id', 'r.created_by_id')
    .select(['r.id', 'r.case_id', 'c.title as case_title', 'r.created_at', personName('u').as('created_by')])
    .where('r.id', '=', id)
    .executeTakeFirst();
}

export async function answersOf(db: Db, organisationId: number, reportId: number) {
  return scoped(db, organisationId)
    .selectFrom('case_report_answers')
    .select(['question_id', 'question', 'answer_type', 'answer'])
    .where('report_id', '=', reportId)
    .orderBy('position')
    .execute();
}

export async function insertReport(
  db: Db,
  values: {
    organisationId: number;
    caseId: number;
    userId: number;
    now: string;
    answers: { question_id: number; question: string; answer_type: string; answer: string }[];
  },
): Promise<number> {
  const report = await db
    .insertInto('case_reports')
    .values({
      organisation_id: values.organisationId,
      case_id: values.caseId,
      created_by_id: values.userId,
      created_at: values.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (values.answers.length > 0) {
    await db
      .insertInto('case_report_answers')
      .values(
        values.answers.map((answer, position) => ({
          organisation_id: values.organisationId,
          report_id: report.id,
          ...answer,
          position,
        })),
      )
      .execute();
  }
  return report.id;
}

export async function deleteReport(db: Db, organisationId: number, id: number): Promise<void> {
  await scoped(db, organisationId).deleteFrom('case_reports').where('id', '=', id).execute();
}
