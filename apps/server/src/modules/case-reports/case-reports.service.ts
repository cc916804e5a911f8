import {
  answerProblem,
  reportMessages,
  type AnswerType,
  type CaseReportDetail,
  type CaseReportList,
  type PageQuery,
  type ReportCreateBody,
  type ReportFormat,
  type ReportQuestion,
  type ReportQuestionBody,
  type ReportQuestionList,
  type PagedSearchQuery,
} from '@lexdesk/contract';
import type { Actor } from '../../platform/access/actor.ts';
import { auditService } from '../../platform/audit/audit.service.ts';
import { inTransaction, nowIso, type AppContext } from '../../platform/context.ts';
import { badRequest, conflict, notFound } from '../../platform/errors/http-error.ts';
import { pageInfoOf } from '../../platform/http/route-schemas.ts';
import { requireCase } from '../case-records/index.ts';
import * as reports from './case-reports.repo.ts';
import { reportDocx, reportXlsx } from './report-export.ts';
import * as questions from './report-questions.repo.ts';

type QuestionRow = NonNullable<Awaited<ReturnType<typeof questions.findQuestion>>>;
const toQuestion = (row: QuestionRow): ReportQuestion => ({ ...row, answer_type: row.answer_type as AnswerType });

/** Report questions of an organisation, and the reports (sets of answers) given for its cases. */
export function caseReportsService(ctx: AppContext) {
  async function requireQuestion(actor: Actor, id: number): Promise<QuestionRow> {
    const row = await questions.findQuestion(ctx.db, actor.organisationId, id);
    if (!row) throw notFound();
    return row;
  }

  async function reportDetail(actor: Actor, id: number): Promise<CaseReportDetail> {
    const row = await reports.findReport(ctx.db, actor.organisationId, id);
    if (!row) throw notFound();
    const answers = await reports.answersOf(ctx.db, actor.organisationId, id);
    return {
      ...row,
      answer_count: answers.length,
      answers: answers.map((a) => ({ ...a, answer_type: a.answer_type as AnswerType })),
    };
  }

  return {
    async listQuestions(actor: Actor, query: PagedSearchQuery): Promise<ReportQuestionList> {
      const { rows, total } = await questions.listQuestions(ctx.db, actor.organisationId, {
        search: query.search_key,
        offset: (query.page_no - 1) * query.limits,
        limit: query.limits,
      });
      return { data: rows.map(toQuestion), page: pageInfoOf(query, total) };
    },

    async question(actor: Actor, id: number): Promise<ReportQuestion> {
      return toQuestion(await requireQuestion(actor, id));
    },

    /** Adds a question; the same text twice in one organisation is refused (409). */
    async createQuestion(actor: Actor, body: ReportQuestionBody): Promise<ReportQuestion> {
      const id = await inTransaction(ctx, async (tx) => {
        if (await questions.findSameQuestion(tx.db, actor.organisationId, body.question)) {
          throw conflict(reportMessages.questionDuplicate, { question: reportMessages.questionDuplicate });
        }
        const created = await questions.insertQuestion(tx.db, {
          organisation_id: actor.organisationId,
          question: body.question,
          answer_type: body.answer_type,
          created_by_id: actor.userId,
          now: nowIso(tx),
        });
        await auditService(tx).record(actor, 'report_question', created, 'created', { answer_type: body.answer_type });
        return created;
      });
      return toQuestion(await requireQuestion(actor, id));
    },

    /** Edits a question; reports already given keep the text they were answered with. */
    async updateQuestion(actor: Actor, id: number, body: ReportQuestionBody): Promise<ReportQuestion> {
      const before = await requireQuestion(actor, id);
      await inTransaction(ctx, async (tx) => {
        if (await questions.findSameQuestion(tx.db, actor.organisationId, body.question, id)) {
          throw conflict(reportMessages.questionDuplicate, { question: reportMessages.questionDuplicate });
        }
        await questions.updateQuestion(tx.db, actor.organisationId, id, { ...body, updated_at: nowIso(tx) });
        await auditService(tx).record(actor, 'report_question', id, 'updated', {
          answer_type: { from: before.answer_type, to: body.answer_type },
        });
      });
      return toQuestion(await requireQuestion(actor, id));
    },

    async deleteQuestion(actor: Actor, id: number): Promise<string> {
      const before = await requireQuestion(actor, id);
      await inTransaction(ctx, async (tx) => {
        await questions.deleteQuestion(tx.db, actor.organisationId, id);
        await auditService(tx).record(actor, 'report_question', id, 'deleted');
      });
      return before.question;
    },

    /** Saves one report: every answer is checked against its question's type; blank answers are left out. */
    async createReport(actor: Actor, body: ReportCreateBody): Promise<CaseReportDetail> {
      await requireCase(ctx, actor, body.case_id);
      const given = body.answers.filter((a) => a.answer !== '');
      const id = await inTransaction(ctx, async (tx) => {
        const found = await questions.questionsByIds(
          tx.db,
          actor.organisationId,
          given.map((a) => a.question_id),
        );
        const byId = new Map(found.map((q) => [q.id, q]));
        const fields: Record<string, string> = {};
        const answers = [];
        for (const answer of given) {
          const question = byId.get(answer.question_id);
          if (!question) throw badRequest(reportMessages.unknownQuestion);
          const problem = answerProblem(question.answer_type as AnswerType, answer.answer);
          if (problem) fields[`answers.${answer.question_id}`] = problem;
          answers.push({
            question_id: question.id,
            question: question.question,
            answer_type: question.answer_type,
            answer: answer.answer,
          });
        }
        const first = Object.values(fields)[0];
        if (first) throw badRequest(first, fields);
        // Asked in the order the questions were added.
        answers.sort((a, b) => a.question_id - b.question_id);
        const reportId = await reports.insertReport(tx.db, {
          organisationId: actor.organisationId,
          caseId: body.case_id,
          userId: actor.userId,
          now: nowIso(tx),
          answers,
        });
        await auditService(tx).record(actor, 'case', body.case_id, 'report.created', {
          report_id: reportId,
          answers: answers.length,
        });
        return reportId;
      });
      return reportDetail(actor, id);
    },

    /** The report history of a case, newest first. */
    async history(actor: Actor, caseId: number, query: PageQuery): Promise<CaseReportList> {
      await requireCase(ctx, actor, caseId);
      const { rows, total } = await reports.listReports(
        ctx.db,
        actor.organisationId,
        caseId,
        (query.page_no - 1) * query.limits,
        query.limits,
      );
      return {
        data: rows.map((row) => ({ ...row, answer_count: Number(row.answer_count ?? 0) })),
        page: pageInfoOf(query, total),
      };
    },

    report: reportDetail,

    async deleteReport(actor: Actor, id: number): Promise<void> {
      const report = await reportDetail(actor, id);
      await inTransaction(ctx, async (tx) => {
        await reports.deleteReport(tx.db, actor.organisationId, id);
        await auditService(tx).record(actor, 'case', report.case_id, 'report.deleted', { report_id: id });
      });
    },

    /** The report as .docx or .xlsx, with a file name made of the case title and the date. */
    async download(actor: Actor, id: number, format: ReportFormat): Promise<{ fileName: string; data: Buffer }> {
      const report = await reportDetail(actor, id);
      const data = format === 'docx' ? await reportDocx(report) : await reportXlsx(report);
      const base =
        report.case_title
          .replace(/[^\p{L}\p{N} _-]+/gu, '')
          .trim()
          .slice(0, 80) || 'case';
      return { fileName: `${base} report ${report.created_at.slice(0, 10)}.${format}`, data };
    },
  };
}
