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
import { actorOf } from '../../platform/access/access.plugin.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, tooLarge } from '../../platform/errors/http-error.ts';
import { attachmentDisposition } from '../../platform/http/content-disposition.ts';
import { withErrors } from '../../platform/http/route-schemas.ts';
import { documentsService } from './documents.service.ts';

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

  app.get(
    '/api/case/:case_id/documents/',
    {
      config: { access: 'case.documents.read' },
      schema: {
        tags,
        summary:
          'A case\'s documents with their indexing state, newest first; `text` keeps those holding every word or "phrase"',
        params: caseParams,
        querystring: documentListQuery,
        response: withErrors({ 200: documentListResponse }, 400, 401, 403, 404),
      },
    },
    async (request) => documents.list(actorOf(request), request.params.case_id, request.query),
  );

  app.post(
    '/api/case/:case_id/documents/',
    {
      config: { access: 'case.documents.upload' },
      schema: {
        tags,
        summary:
          'Upload one document (multipart field `file`: .docx, .pdf, .txt, .html, .eml, .msg); indexing starts in the background',
        consumes: ['multipart/form-data'],
        params: caseParams,
        response: withErrors({ 201: documentRow }, 400, 401, 403, 404, 413),
      },
    },
    async (request, reply) => {
      const upload = await readUpload(request, ctx.config.uploadMaxBytes);
      const row = await documents.add(actorOf(request), { caseId: request.params.case_id, ...upload });
      return reply.code(201).send(row);
    },
  );

  app.get(
    '/api/document/:document_id/download/',
    {
      config: { access: 'case.documents.read' },
      schema: {
        tags,
        summary: 'The original file, as an attachment',
        params: documentParams,
        response: withErrors({}, 400, 401, 403, 404),
      },
    },
    async (request, reply) => {
      const file = await documents.download(actorOf(request), request.params.document_id);
      return reply
        .header('content-type', file.mediaType)
        .header('content-length', file.size)
        .header('content-disposition', attachmentDisposition(file.name))
        .header('cache-control', 'private, no-store')
        .send(file.stream as never);
    },
  );

  app.get(
    '/api/solr/document/',
    {
      config: { access: 'case.documents.read' },
      schema: {
        tags,
        summary: "A document's metadata and extracted text (documentUID: the document id)",
        querystring: solrDocumentQuery,
        response: withErrors({ 200: solrDocumentResponse }, 400, 401, 403, 404),
      },
    },
    async (request) => documents.solrDocument(actorOf(request), request.query.documentUID),
  );

  app.delete(
    '/api/document/:document_id/',
    {
      config: { access: 'case.documents.delete' },
      schema: {
        tags,
        summary: 'Delete a document (super and admin: any; user: their own uploads)',
        params: documentParams,
        response: withErrors({ 200: detailResponse }, 400, 401, 403, 404),
      },
    },
    async (request) => documents.remove(actorOf(request), request.params.document_id),
  );
};
