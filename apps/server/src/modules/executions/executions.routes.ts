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
import type { AppContext } from '../../platform/context.ts';
import { route } from '../../platform/http/define-route.ts';
import { wakeJobRunners } from '../../platform/jobs/jobs.service.ts';
import { addCaseDocument } from '../documents/index.ts';
import { attachmentDisposition } from '../../platform/http/content-disposition.ts';
import { DOCX_TYPE, XLSX_TYPE } from '../templates/index.ts';
import { casePicker } from './case-picker.ts';
import { executionsService } from './executions.service.ts';
import { userWork } from '../../platform/queues/fair-queue.ts';

const tags = ['template execution'];
const RUN = 'templates.executions.run' as const;
const binary = z.any().describe('The file (binary)');
const PDF_TYPE = 'application/pdf';

/** Executing templates and their history (spec 02 §7): paths as the specification names them. */
export const executionsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const executions = executionsService(ctx);

  route(app, {
    method: 'GET',
    url: '/api/query/:template_id/',
    access: RUN,
    tags,
    summary: 'The template to execute: name, category list (active ones), questions (result) and the draft',
    params: templateIdParams,
    reply: executionQuery,
    handler: ({ actor, params }) => executions.query(actor, params.template_id),
  });

  route(app, {
    method: 'PUT',
    url: '/api/execute/draft/:template_id/',
    access: RUN,
    tags,
    summary: "Save the caller's answers so far for the template (id), so a reload loses nothing",
    params: templateIdParams,
    body: draftBody,
    reply: draftSaved,
    errors: [409],
    handler: ({ actor, params, body }) => executions.saveDraft(actor, params.template_id, body),
  });

  route(app, {
    method: 'DELETE',
    url: '/api/execute/draft/:template_id/',
    access: RUN,
    tags,
    summary: "Discard the caller's draft of the template (id): Start again, or Cancel",
    params: templateIdParams,
    reply: draftDiscarded,
    handler: ({ actor, params }) => executions.discardDraft(actor, params.template_id),
  });

  route(app, {
    method: 'POST',
    url: '/api/execute/',
    access: RUN,
    tags,
    summary: 'Execute a template: data (answers) and templateId; generates the document and records it',
    body: executeBody,
    reply: executed,
    created: true,
    notFound: true,
    handler: ({ actor, body, signal }) => executions.execute(actor, body, signal),
  });

  route(app, {
    method: 'GET',
    url: '/api/execute/:execution_id/',
    access: 'templates.history.read',
    tags,
    summary: 'A recorded execution (answers, version, document, who, when) with its questions, for the preview',
    params: executionIdParams,
    reply: executionDetail,
    handler: ({ actor, params }) => executions.detail(actor, params.execution_id),
  });

  route(app, {
    method: 'GET',
    url: '/api/execute/:execution_id/document/',
    access: 'templates.history.read',
    tags,
    summary: 'The generated .docx of an execution',
    params: executionIdParams,
    reply: binary,
    handler: async ({ actor, params, reply }) => {
      const file = await executions.document(actor, params.execution_id);
      return reply.type(DOCX_TYPE).header('content-disposition', attachmentDisposition(file.fileName)).send(file.data);
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/execute/:execution_id/document/pdf/',
    access: 'templates.history.read',
    tags,
    summary: "The generated document as PDF (LibreOffice, in the organisations' shared conversion queue)",
    params: executionIdParams,
    produces: [PDF_TYPE],
    reply: binary,
    errors: [429],
    handler: async ({ actor, params, reply, signal }) => {
      const file = await executions.documentPdf(actor, params.execution_id, signal);
      return reply
        .type(PDF_TYPE)
        .header('content-disposition', attachmentDisposition(file.fileName))
        .header('cache-control', 'private, no-store')
        .send(file.data);
    },
  });

  route(app, {
    method: 'DELETE',
    url: '/api/execute/:execution_id/',
    access: 'templates.history.delete',
    tags,
    summary: 'Delete an execution and its document (users: their own)',
    params: executionIdParams,
    reply: detailResponse,
    handler: ({ actor, params }) => executions.remove(actor, params.execution_id),
  });

  route(app, {
    method: 'GET',
    url: '/api/document-template/:template_id/history/',
    access: 'templates.history.read',
    tags,
    summary: "A template's executions (users: their own), newest first",
    params: templateIdParams,
    query: executionHistoryQuery,
    reply: executionHistoryResponse,
    handler: ({ actor, params, query }) => executions.history(actor, params.template_id, query),
  });

  route(app, {
    method: 'GET',
    url: '/api/document-template/history/users/',
    access: 'templates.history.users',
    tags,
    summary: 'Users who executed templates, with counts (super and admin)',
    query: pageQuery,
    reply: executionUsersResponse,
    handler: ({ actor, query }) => executions.historyUsers(actor, query),
  });

  route(app, {
    method: 'GET',
    url: '/api/document-template/history/user/:user_id/',
    access: 'templates.history.read',
    tags,
    summary: "One user's executions (super and admin: anyone of the organisation; users: themselves)",
    params: historyUserParams,
    query: executionHistoryQuery,
    reply: userExecutionHistoryResponse,
    handler: ({ actor, params, query }) => executions.userHistory(actor, params.user_id, query),
  });

  route(app, {
    method: 'POST',
    url: '/api/template/export/questionnaire/',
    access: RUN,
    tags,
    summary: 'Export the questions and answers (data, templateId, format docx or xlsx)',
    body: qaExportBody,
    reply: binary,
    notFound: true,
    handler: async ({ actor, body, reply }) => {
      const file = await executions.exportQa(actor, body);
      const type = file.fileName.endsWith('.xlsx') ? XLSX_TYPE : DOCX_TYPE;
      return reply.type(type).header('content-disposition', attachmentDisposition(file.fileName)).send(file.data);
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/template-casetask/:template_id/',
    access: RUN,
    tags,
    summary: 'Name the generated document (.docx added); download it, or add it to each chosen case',
    params: templateIdParams,
    body: caseTaskBody,
    reply: caseTaskResponse,
    errors: [429],
    handler: async ({ actor, params, body, signal }) => {
      const who = userWork(actor, signal);
      const result = await executions.caseTask(actor, params.template_id, body, async (tx, caseId, name, data) => {
        await addCaseDocument(tx, actor, { caseId, name, data, source: 'generated', who });
      });
      if (!body.is_download) wakeJobRunners();
      return result;
    },
  });

  for (const url of ['/api/concept/case/', '/api/concept/case-search/']) {
    route(app, {
      method: 'GET',
      url,
      access: RUN,
      tags,
      summary: 'Cases for the Assign To Case picker (page_no=1, limits=100, search_from=template, search)',
      query: casePickerQuery,
      reply: casePickerResponse,
      handler: ({ actor, query }) => casePicker(ctx, actor, query),
    });
  }
};
