import {
  casePickerQuery,
  casePickerResponse,
  caseTaskBody,
  caseTaskResponse,
  detailResponse,
  draftBody,
  draftDiscarded,
  draftSaved,
  executeBody,
  executionDetail,
  executionHistoryQuery,
  executionHistoryResponse,
  executionIdParams,
  executionQuery,
  executed,
  executionUsersResponse,
  historyUserParams,
  pageQuery,
  qaExportBody,
  templateIdParams,
  userExecutionHistoryResponse,
} from '@lexdesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../platform/access/access.plugin.ts';
import type { AppContext } from '../../platform/context.ts';
import { withErrors } from '../../platform/http/route-schemas.ts';
import { wakeJobRunners } from '../../platform/jobs/jobs.service.ts';
import { addCaseDocument } from '../documents/index.ts';
import { attachmentDisposition } from '../../platform/http/content-disposition.ts';
import { DOCX_TYPE, XLSX_TYPE } from '../templates/index.ts';
import { casePicker } from './case-picker.ts';
import { executionsService } from './executions.service.ts';

const tags = ['template execution'];
const RUN = 'templates.executions.run' as const;
const binary = z.any().describe('The file (binary)');

/** Executing templates and their history (spec 02 §7): paths as the specification names them. */
export const executionsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const executions = executionsService(ctx);

  app.get(
    '/api/query/:template_id/',
    {
      config: { access: RUN },
      schema: {
        tags,
        summary: 'The template to execute: name, category list (active ones), questions (result) and the draft',
        params: templateIdParams,
        response: withErrors({ 200: executionQuery }, 400, 401, 403, 404),
      },
    },
    async (request) => executions.query(actorOf(request), request.params.template_id),
  );

  app.put(
    '/api/execute/draft/:template_id/',
    {
      config: { access: RUN },
      schema: {
        tags,
        summary: "Save the caller's answers so far for the template (id), so a reload loses nothing",
        params: templateIdParams,
        body: draftBody,
        response: withErrors({ 200: draftSaved }, 400, 401, 403, 404, 409),
      },
    },
    async (request) => executions.saveDraft(actorOf(request), request.params.template_id, request.body),
  );

  app.delete(
    '/api/execute/draft/:template_id/',
    {
      config: { access: RUN },
      schema: {
        tags,
        summary: "Discard the caller's draft of the template (id): Start again, or Cancel",
        params: templateIdParams,
        response: withErrors({ 200: draftDiscarded }, 400, 401, 403, 404),
      },
    },
    async (request) => executions.discardDraft(actorOf(request), request.params.template_id),
  );

  app.post(
    '/api/execute/',
    {
      config: { access: RUN },
      schema: {
        tags,
        summary: 'Execute a template: data (answers) and templateId; generates the document and records it',
        body: executeBody,
        response: withErrors({ 201: executed }, 400, 401, 403, 404),
      },
    },
    async (request, reply) => reply.code(201).send(await executions.execute(actorOf(request), request.body)),
  );

  app.get(
    '/api/execute/:execution_id/',
    {
      config: { access: 'templates.history.read' },
      schema: {
        tags,
        summary: 'A recorded execution (answers, version, document, who, when) with its questions, for the preview',
        params: executionIdParams,
        response: withErrors({ 200: executionDetail }, 400, 401, 403, 404),
      },
    },
    async (request) => executions.detail(actorOf(request), request.params.execution_id),
  );

  app.get(
    '/api/execute/:execution_id/document/',
    {
      config: { access: 'templates.history.read' },
      schema: {
        tags,
        summary: 'The generated .docx of an execution',
        params: executionIdParams,
        response: withErrors({ 200: binary }, 400, 401, 403, 404),
      },
    },
    async (request, reply) => {
      const file = await executions.document(actorOf(request), request.params.execution_id);
      return reply.type(DOCX_TYPE).header('content-disposition', attachmentDisposition(file.fileName)).send(file.data);
    },
  );

  app.delete(
    '/api/execute/:execution_id/',
    {
      config: { access: 'templates.history.delete' },
      schema: {
        tags,
        summary: 'Delete an execution and its document (users: their own)',
        params: executionIdParams,
        response: withErrors({ 200: detailResponse }, 400, 401, 403, 404),
      },
    },
    async (request) => executions.remove(actorOf(request), request.params.execution_id),
  );

  app.get(
    '/api/document-template/:template_id/history/',
    {
      config: { access: 'templates.history.read' },
      schema: {
        tags,
        summary: "A template's executions (users: their own), newest first",
        params: templateIdParams,
        querystring: executionHistoryQuery,
        response: withErrors({ 200: executionHistoryResponse }, 400, 401, 403, 404),
      },
    },
    async (request) => executions.history(actorOf(request), request.params.template_id, request.query),
  );

  app.get(
    '/api/document-template/history/users/',
    {
      config: { access: 'templates.history.users' },
      schema: {
        tags,
        summary: 'Users who executed templates, with counts (super and admin)',
        querystring: pageQuery,
        response: withErrors({ 200: executionUsersResponse }, 400, 401, 403),
      },
    },
    async (request) => executions.historyUsers(actorOf(request), request.query),
  );

  app.get(
    '/api/document-template/history/user/:user_id/',
    {
      config: { access: 'templates.history.read' },
      schema: {
        tags,
        summary: "One user's executions (super and admin: anyone of the organisation; users: themselves)",
        params: historyUserParams,
        querystring: executionHistoryQuery,
        response: withErrors({ 200: userExecutionHistoryResponse }, 400, 401, 403, 404),
      },
    },
    async (request) => executions.userHistory(actorOf(request), request.params.user_id, request.query),
  );

  app.post(
    '/api/template/export/questionnaire/',
    {
      config: { access: RUN },
      schema: {
        tags,
        summary: 'Export the questions and answers (data, templateId, format docx or xlsx)',
        body: qaExportBody,
        response: withErrors({ 200: binary }, 400, 401, 403, 404),
      },
    },
    async (request, reply) => {
      const file = await executions.exportQa(actorOf(request), request.body);
      const type = file.fileName.endsWith('.xlsx') ? XLSX_TYPE : DOCX_TYPE;
      return reply.type(type).header('content-disposition', attachmentDisposition(file.fileName)).send(file.data);
    },
  );

  app.post(
    '/api/template-casetask/:template_id/',
    {
      config: { access: RUN },
      schema: {
        tags,
        summary: 'Name the generated document (.docx added); download it, or add it to each chosen case',
        params: templateIdParams,
        body: caseTaskBody,
        response: withErrors({ 200: caseTaskResponse }, 400, 401, 403, 404),
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const result = await executions.caseTask(
        actor,
        request.params.template_id,
        request.body,
        async (tx, caseId, name, data) => {
          await addCaseDocument(tx, actor, { caseId, name, data, source: 'generated' });
        },
      );
      if (!request.body.is_download) wakeJobRunners();
      return result;
    },
  );

  for (const path of ['/api/concept/case/', '/api/concept/case-search/']) {
    app.get(
      path,
      {
        config: { access: RUN },
        schema: {
          tags,
          summary: 'Cases for the Assign To Case picker (page_no=1, limits=100, search_from=template, search)',
          querystring: casePickerQuery,
          response: withErrors({ 200: casePickerResponse }, 400, 401, 403),
        },
      },
      async (request) => casePicker(ctx, actorOf(request), request.query),
    );
  }
};
