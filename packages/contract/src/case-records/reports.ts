import { z } from 'zod';
import { idParam, paged, pagedSearchQuery } from '../common.ts';
import { REPORT_ANSWER_MAX, REPORT_QUESTION_MAX, REPORT_QUESTIONS_MAX } from './limits.ts';
import { reportMessages } from './messages.ts';

/** How a question is answered: a line, a paragraph, Yes/No, or a date. */
export const ANSWER_TYPES = ['short', 'long', 'yes_no', 'date'] as const;
export type AnswerType = (typeof ANSWER_TYPES)[number];
export const ANSWER_TYPE_LABELS: Record<AnswerType, string> = {
  short: 'Short answer',
  long: 'Paragraph',
  yes_no: 'Yes / No',
  date: 'Date',
};

export const reportQuestion = z.object({
  id: z.number().int(),
  question: z.string(),
  answer_type: z.enum(ANSWER_TYPES),
  created_at: z.string(),
  updated_at: z.string(),
  created_by: z.string().nullable(),
});
export type ReportQuestion = z.infer<typeof reportQuestion>;
export const reportQuestionList = paged(reportQuestion);
export type ReportQuestionList = z.infer<typeof reportQuestionList>;
export const reportQuestionQuery = pagedSearchQuery;

export const reportQuestionBody = z.object({
  question: z
    .string(reportMessages.questionRequired)
    .trim()
    .min(1, reportMessages.questionRequired)
    .max(REPORT_QUESTION_MAX, reportMessages.questionTooLong(REPORT_QUESTION_MAX)),
  answer_type: z.enum(ANSWER_TYPES, reportMessages.answerTypeRequired),
});
export type ReportQuestionBody = z.infer<typeof reportQuestionBody>;

export const questionIdParams = z.object({ question_id: idParam });
export const reportIdParams = z.object({ report_id: idParam });

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
export function isCalendarDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The problem with one answer for its question type, or null (server and form share it). */
export function answerProblem(type: AnswerType, answer: string): string | null {
  if (answer.length > REPORT_ANSWER_MAX) return reportMessages.answerTooLong(REPORT_ANSWER_MAX);
  if (answer === '') return null;
  if (type === 'yes_no' && answer !== 'Yes' && answer !== 'No') return reportMessages.answerYesNo;
  if (type === 'date' && !isCalendarDate(answer)) return reportMessages.answerDate;
  return null;
}

export const reportAnswerInput = z.object({
  question_id: idParam,
  answer: z.string().trim().max(REPORT_ANSWER_MAX, reportMessages.answerTooLong(REPORT_ANSWER_MAX)),
});

/** A report: the answers given for one case at one time; blank answers are kept out. */
export const reportCreateBody = z.object({
  case_id: z.number(reportMessages.caseRequired).int().positive(reportMessages.caseRequired),
  answers: z
    .array(reportAnswerInput, reportMessages.answersRequired)
    .max(REPORT_QUESTIONS_MAX)
    .refine((answers) => answers.some((a) => a.answer !== ''), reportMessages.answersRequired)
    .refine(
      (answers) => new Set(answers.map((a) => a.question_id)).size === answers.length,
      reportMessages.duplicateAnswer,
    ),
});
export type ReportCreateBody = z.infer<typeof reportCreateBody>;

export const reportAnswer = z.object({
  question_id: z.number().int().nullable(),
  question: z.string(),
  answer_type: z.enum(ANSWER_TYPES),
  answer: z.string(),
});
export type ReportAnswer = z.infer<typeof reportAnswer>;

export const caseReport = z.object({
  id: z.number().int(),
  case_id: z.number().int(),
  case_title: z.string(),
  answer_count: z.number().int(),
  created_at: z.string(),
  created_by: z.string().nullable(),
});
export type CaseReport = z.infer<typeof caseReport>;
export const caseReportDetail = caseReport.extend({ answers: z.array(reportAnswer) });
export type CaseReportDetail = z.infer<typeof caseReportDetail>;
export const caseReportList = paged(caseReport);
export type CaseReportList = z.infer<typeof caseReportList>;

export const REPORT_FORMATS = ['docx', 'xlsx'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
export const reportDownloadQuery = z.object({
  format: z.enum(REPORT_FORMATS, 'format must be docx or xlsx'),
});
