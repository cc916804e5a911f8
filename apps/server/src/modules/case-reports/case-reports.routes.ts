import {
  caseHistoryParams,
  caseReportDetail,
  caseReportList,
  commonMessages,
  detailResponse,
  pageQuery,
  questionIdParams,
  reportCreateBody,
  reportDownloadQuery,
  reportIdParams,
  reportQuestion,
  reportQuestionBody,
  reportQuestionList,
  reportQuestionQuery,
} from '@lexdesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { route } from '../../platform/http/define-route.ts';
import { caseReportsService } from './case-reports.service.ts';
import { attachmentDisposition } from '../../platform/http/content-disposition.ts';

const tags = ['case reports'];
const MEDIA_TYPES = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/** Report questions (/case-report) and case reports with their history and downloads. */
export const caseReportsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = caseReportsService(ctx);

  route(app, {
    method: 'GET',
    url: '/api/case-report/questions/',
    access: 'case.reportQuestions.read',
    tags,
    summary: "The organisation's report questions, in the order they were added",
    query: reportQuestionQuery,
    reply: reportQuestionList,
    handler: ({ actor, query }) => service.listQuestions(actor, query),
  });

  route(app, {
    method: 'POST',
    url: '/api/case-report/questions/',
    access: 'case.reportQuestions.manage',
    tags,
    summary: 'Add a report question',
    body: reportQuestionBody,
    reply: reportQuestion,
    created: true,
    errors: [409],
    handler: ({ actor, body }) => service.createQuestion(actor, body),
  });

  route(app, {
    method: 'GET',
    url: '/api/case-report/questions/:question_id/',
    access: 'case.reportQuestions.read',
    tags,
    summary: 'One report question',
    params: questionIdParams,
    reply: reportQuestion,
    handler: ({ actor, params }) => service.question(actor, params.question_id),
  });

  route(app, {
    method: 'PUT',
    url: '/api/case-report/questions/:question_id/',
    access: 'case.reportQuestions.manage',
    tags,
    summary: 'Edit a report question (reports already given keep their text)',
    params: questionIdParams,
    body: reportQuestionBody,
    reply: reportQuestion,
    errors: [409],
    handler: ({ actor, params, body }) => service.updateQuestion(actor, params.question_id, body),
  });

  route(app, {
    method: 'DELETE',
    url: '/api/case-report/questions/:question_id/',
    access: 'case.reportQuestions.manage',
    tags,
    summary: 'Delete a report question',
    params: questionIdParams,
    reply: detailResponse,
    handler: async ({ actor, params }) => {
      await service.deleteQuestion(actor, params.question_id);
      return { detail: commonMessages.deleted('Question') };
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/case-report/reports/',
    access: 'case.reports.answer',
    tags,
    summary: 'Save a report: the answers given for one case now',
    body: reportCreateBody,
    reply: caseReportDetail,
    created: true,
    notFound: true,
    handler: ({ actor, body }) => service.createReport(actor, body),
  });

  route(app, {
    method: 'GET',
    url: '/api/report/history/:case_id/',
    access: 'case.reports.read',
    tags,
    summary: 'The report history of a case, newest first',
    params: caseHistoryParams,
    query: pageQuery,
    reply: caseReportList,
    handler: ({ actor, params, query }) => service.history(actor, params.case_id, query),
  });

  route(app, {
    method: 'GET',
    url: '/api/case-report/reports/:report_id/',
    access: 'case.reports.read',
    tags,
    summary: 'One report with its answers',
    params: reportIdParams,
    reply: caseReportDetail,
    handler: ({ actor, params }) => service.report(actor, params.report_id),
  });

  route(app, {
    method: 'GET',
    url: '/api/case-report/reports/:report_id/download/',
    access: 'case.reports.read',
    tags,
    summary: 'The report as a Word document (format=docx) or a spreadsheet (format=xlsx)',
    params: reportIdParams,
    query: reportDownloadQuery,
    reply: z.any(),
    handler: async ({ actor, params, query, reply }) => {
      const { format } = query;
      const file = await service.download(actor, params.report_id, format);
      return reply
        .header('content-type', MEDIA_TYPES[format])
        .header('content-disposition', attachmentDisposition(file.fileName))
        .send(file.data);
    },
  });

  route(app, {
    method: 'DELETE',
    url: '/api/case-report/reports/:report_id/',
    access: 'case.reports.delete',
    tags,
    summary: 'Delete a report',
    params: reportIdParams,
    reply: detailResponse,
    handler: async ({ actor, params }) => {
      await service.deleteReport(actor, params.report_id);
      return { detail: commonMessages.deleted('Report') };
    },
  });
};
