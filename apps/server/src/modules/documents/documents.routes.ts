import {
  detailResponse,
  documentListQuery,
  documentListResponse,
  documentMessages,
  documentRow,
  idParam,
  solrDocumentQuery,
  solrDocumentResponse,
} from '@lexdesk/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, tooLarge } from '../../platform/errors/http-error.ts';
import { route } from '../../platform/http/define-route.ts';
import { sendDownload } from '../../platform/http/send-download.ts';
import { documentsService } from './documents.service.ts';
import { userWork } from '../../platform/queues/fair-queue.ts';

const tags = ['documents'];
const caseParams = z.object({ case_id: idParam });
const documentParams = z.object({ document_id: idParam });

/** The multipart field `file`, at most UPLOAD_MAX_MB (413 beyond). */
async function readUpload(request: FastifyRequest, maxBytes: number): Promise<{ name: string; data: Buffer }> {
  const noFile = () => badRequest(documentMessages.noFile, { file: documentMessages.noFile });
  if (!request.isMultipart()) throw noFile();
  const part = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
  if (!part || part.fieldname !== 'file') throw noFile();
  const data = await part.toBuffer().catch((error: unknown) => {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw tooLarge(documentMessages.tooLarge(Math.round(maxBytes / 1024 / 1024)));
    throw error;
  });
  return { name: part.filename, data };
}

/** Case documents (issue 4 item 3): upload, list, download, metadata and text, delete. */
export const documentsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const documents = documentsService(ctx);

  route(app, {
    method: 'GET',
    url: '/api/case/:case_id/documents/',
    access: 'case.documents.read',
    tags,
    summary:
      'A case\'s documents with their indexing state, newest first; `text` keeps those holding every word or "phrase"',
    params: caseParams,
    query: documentListQuery,
    reply: documentListResponse,
    handler: ({ actor, params, query }) => documents.list(actor, params.case_id, query),
  });

  route(app, {
    method: 'POST',
    url: '/api/case/:case_id/documents/',
    access: 'case.documents.upload',
    tags,
    summary:
      'Upload one document (multipart field `file`: .docx, .pdf, .txt, .html, .eml, .msg); indexing starts in the background',
    consumes: ['multipart/form-data'],
    params: caseParams,
    reply: documentRow,
    created: true,
    errors: [413, 429],
    handler: async ({ actor, params, request, signal }) => {
      const upload = await readUpload(request, ctx.config.uploadMaxBytes);
      return documents.add(actor, { caseId: params.case_id, ...upload, who: userWork(actor, signal) });
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/document/:document_id/download/',
    access: 'case.documents.read',
    tags,
    summary: 'The original file, as an attachment',
    params: documentParams,
    handler: async ({ actor, params, reply }) => {
      return sendDownload(reply, await documents.download(actor, params.document_id));
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/solr/document/',
    access: 'case.documents.read',
    tags,
    summary: "A document's metadata and extracted text (documentUID: the document id)",
    query: solrDocumentQuery,
    reply: solrDocumentResponse,
    notFound: true,
    handler: ({ actor, query }) => documents.solrDocument(actor, query.documentUID),
  });

  route(app, {
    method: 'DELETE',
    url: '/api/document/:document_id/',
    access: 'case.documents.delete',
    tags,
    summary: 'Delete a document (super and admin: any; user: their own uploads)',
    params: documentParams,
    reply: detailResponse,
    handler: ({ actor, params }) => documents.remove(actor, params.document_id),
  });
};
