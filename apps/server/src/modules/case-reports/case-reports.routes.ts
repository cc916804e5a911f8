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
import { actorOf } from '../../platform/access/access.plugin.ts';
import type { AppContext } from '../../platform/context.ts';
import { withErrors } from '../../platform/http/route-schemas.ts';
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

  app.get(
    '/api/case-report/questions/',
    {
      config: { access: 'case.reportQuestions.read' },
      schema: {
        tags,
        summary: "The organisation's report questions, in the order they were added",
        querystring: reportQuestionQuery,
        response: withErrors({ 200: reportQuestionList }, 400, 401, 403),
      },
    },
    async (request) => service.listQuestions(actorOf(request), request.query),
  );

  app.post(
    '/api/case-report/questions/',
    {
      config: { access: 'case.reportQuestions.manage' },
      schema: {
        tags,
        summary: 'Add a report question',
        body: reportQuestionBody,
        response: withErrors({ 201: reportQuestion }, 400, 401, 403, 409),
      },
    },
    async (request, reply) => reply.status(201).send(await service.createQuestion(actorOf(request), request.body)),
  );

  app.get(
    '/api/case-report/questions/:question_id/',
    {
      config: { access: 'case.reportQuestions.read' },
      schema: {
        tags,
        summary: 'One report question',
        params: questionIdParams,
        response: withErrors({ 200: reportQuestion }, 400, 401, 403, 404),
      },
    },
    async (request) => service.question(actorOf(request), request.params.question_id),
  );

  app.put(
    '/api/case-report/questions/:question_id/',
    {
      config: { access: 'case.reportQuestions.manage' },
      schema: {
        tags,
        summary: 'Edit a report question (reports already given keep their text)',
        params: questionIdParams,
        body: reportQuestionBody,
        response: withErrors({ 200: reportQuestion }, 400, 401, 403, 404, 409),
      },
    },
    async (request) => service.updateQuestion(actorOf(request), request.params.question_id, request.body),
  );

  app.delete(
    '/api/case-report/questions/:question_id/',
    {
      config: { access: 'case.reportQuestions.manage' },
      schema: {
        tags,
        summary: 'Delete a report question',
        params: questionIdParams,
        response: withErrors({ 200: detailResponse }, 400, 401, 403, 404),
      },
    },
    async (request) => {
      await service.deleteQuestion(actorOf(request), request.params.question_id);
      return { detail: commonMessages.deleted('Question') };
    },
  );

  app.post(
    '/api/case-report/reports/',
    {
      config: { access: 'case.reports.answer' },
      schema: {
        tags,
        summary: 'Save a report: the answers given for one case now',
        body: reportCreateBody,
        response: withErrors({ 201: caseReportDetail }, 400, 401, 403, 404),
      },
    },
    async (request, reply) => reply.status(201).send(await service.createReport(actorOf(request), request.body)),
  );

  app.get(
    '/api/report/history/:case_id/',
    {
      config: { access: 'case.reports.read' },
      schema: {
        tags,
        summary: 'The report history of a case, newest first',
        params: caseHistoryParams,
        querystring: pageQuery,
        response: withErrors({ 200: caseReportList }, 400, 401, 403, 404),
      },
    },
    async (request) => service.history(actorOf(request), request.params.case_id, request.query),
  );

  app.get(
    '/api/case-report/reports/:report_id/',
    {
      config: { access: 'case.reports.read' },
      schema: {
        tags,
        summary: 'One report with its answers',
        params: reportIdParams,
        response: withErrors({ 200: caseReportDetail }, 400, 401, 403, 404),
      },
    },
    async (request) => service.report(actorOf(request), request.params.report_id),
  );

  app.get(
    '/api/case-report/reports/:report_id/download/',
    {
      config: { access: 'case.reports.read' },
      schema: {
        tags,
        summary: 'The report as a Word document (format=docx) or a spreadsheet (format=xlsx)',
        params: reportIdParams,
        querystring: reportDownloadQuery,
        response: withErrors({ 200: z.any() }, 400, 401, 403, 404),
      },
    },
    async (request, reply) => {
      const { format } = request.query;
      const file = await service.download(actorOf(request), request.params.report_id, format);
      return reply
        .header('content-type', MEDIA_TYPES[format])
        .header('content-disposition', attachmentDisposition(file.fileName))
        .send(file.data);
    },
  );

  app.delete(
    '/api/case-report/reports/:report_id/',
    {
      config: { access: 'case.reports.delete' },
      schema: {
        tags,
        summary: 'Delete a report',
        params: reportIdParams,
        response: withErrors({ 200: detailResponse }, 400, 401, 403, 404),
      },
    },
    async (request) => {
      await service.deleteReport(actorOf(request), request.params.report_id);
      return { detail: commonMessages.deleted('Report') };
    },
  );
};
