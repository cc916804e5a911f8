import {
  detailResponse,
  KNOWLEDGE_LIMITS as L,
  knowledgeAttachmentAdded,
  knowledgeAttachmentParams,
  knowledgeMe,
  knowledgeMessages as M,
  knowledgeNode,
  knowledgeNodeCreateBody,
  knowledgeNodeParams,
  knowledgeNodeSaved,
  knowledgeNodeUpdateBody,
  knowledgeRevisionDetail,
  knowledgeRevisionList,
  knowledgeRevisionParams,
  knowledgeSearchQuery,
  knowledgeSearchResult,
  knowledgeSession,
  knowledgeSessionBody,
  knowledgeTree,
} from '@lexdesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { attachmentDisposition } from '../../platform/http/content-disposition.ts';
import { route } from '../../platform/http/define-route.ts';
import { readUploadedFile } from '../../platform/http/read-uploaded-file.ts';
import { sendDownload } from '../../platform/http/send-download.ts';
import { knowledgeAttachmentsService } from './knowledge-attachments.service.ts';
import { knowledgeAuthService } from './knowledge-auth.service.ts';
import { exportNode } from './knowledge-export.service.ts';
import { knowledgeNodesService } from './knowledge-nodes.service.ts';
import { knowledgeSearchService } from './knowledge-search.service.ts';

export const KNOWLEDGE_TAGS = ['knowledge API'];
const tags = KNOWLEDGE_TAGS;
const TOKEN = 'knowledge_token';

/**
 * The knowledge API (its own base path, spec 01 §7): a knowledge token on every call but the code exchange;
 * never a main session token (platform/access, scheme 'knowledge_token'). Every read goes through policy.ts.
 */
export const knowledgeApiRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const auth = knowledgeAuthService(ctx);
  const nodes = knowledgeNodesService(ctx);
  const attachments = knowledgeAttachmentsService(ctx);
  const search = knowledgeSearchService(ctx);

  route(app, {
    method: 'POST',
    url: '/api/knowledge/session/',
    access: 'public',
    tags,
    summary: 'Exchange a one-time hand-over code for a knowledge token (400 when used, expired or unknown)',
    body: knowledgeSessionBody,
    reply: knowledgeSession,
    created: true,
    errors: [403],
    handler: ({ body }) => auth.exchange(body.code),
  });
  route(app, {
    method: 'DELETE',
    url: '/api/knowledge/session/',
    access: TOKEN,
    tags,
    summary: 'Revoke this knowledge token (the last knowledge tab closed)',
    reply: detailResponse,
    handler: ({ actor, request }) => auth.signOut(actor, request),
  });
  route(app, {
    method: 'GET',
    url: '/api/knowledge/me/',
    access: TOKEN,
    tags,
    summary: 'Who is reading, and what they may do',
    reply: knowledgeMe,
    handler: ({ actor }) => auth.me(actor),
  });
  route(app, {
    method: 'GET',
    url: '/api/knowledge/tree/',
    access: TOKEN,
    tags,
    summary: 'Every node the reader sees (domains, classes, articles)',
    reply: knowledgeTree,
    handler: ({ actor }) => nodes.tree(actor),
  });
  route(app, {
    method: 'GET',
    url: '/api/knowledge/search/',
    access: TOKEN,
    tags,
    summary: 'Full-text search of the articles and attachments the reader sees, with each hit in context',
    query: knowledgeSearchQuery,
    reply: knowledgeSearchResult,
    handler: ({ actor, query }) => search.search(actor, query),
  });
  route(app, {
    method: 'POST',
    url: '/api/knowledge/nodes/',
    access: TOKEN,
    tags,
    summary: 'Create a domain, class or article',
    body: knowledgeNodeCreateBody,
    reply: knowledgeNodeSaved,
    created: true,
    notFound: true,
    handler: ({ actor, body }) => nodes.create(actor, body),
  });
  route(app, {
    method: 'GET',
    url: '/api/knowledge/nodes/:node_id/',
    access: TOKEN,
    tags,
    summary: 'A node with its breadcrumb and children; an article with its body, attachments and links',
    params: knowledgeNodeParams,
    reply: knowledgeNode,
    handler: ({ actor, params }) => nodes.get(actor, params.node_id),
  });
  route(app, {
    method: 'PUT',
    url: '/api/knowledge/nodes/:node_id/',
    access: TOKEN,
    tags,
    summary: 'Save a node as a new revision (409 when someone saved since `revision`); managers may move it',
    params: knowledgeNodeParams,
    body: knowledgeNodeUpdateBody,
    reply: knowledgeNodeSaved,
    errors: [409],
    handler: ({ actor, params, body }) => nodes.update(actor, params.node_id, body),
  });
  route(app, {
    method: 'DELETE',
    url: '/api/knowledge/nodes/:node_id/',
    access: TOKEN,
    tags,
    summary: 'Delete an article, or an empty domain or class (409 when not empty)',
    params: knowledgeNodeParams,
    reply: detailResponse,
    errors: [409],
    handler: ({ actor, params }) => nodes.remove(actor, params.node_id),
  });
  route(app, {
    method: 'GET',
    url: '/api/knowledge/nodes/:node_id/revisions/',
    access: TOKEN,
    tags,
    summary: "A node's revisions, newest first, with who and when",
    params: knowledgeNodeParams,
    reply: knowledgeRevisionList,
    handler: ({ actor, params }) => nodes.revisions(actor, params.node_id),
  });
  route(app, {
    method: 'GET',
    url: '/api/knowledge/nodes/:node_id/revisions/:revision/',
    access: TOKEN,
    tags,
    summary: "One revision's title, body and keywords",
    params: knowledgeRevisionParams,
    reply: knowledgeRevisionDetail,
    handler: ({ actor, params }) => nodes.revision(actor, params.node_id, params.revision),
  });
  route(app, {
    method: 'POST',
    url: '/api/knowledge/nodes/:node_id/revisions/:revision/restore/',
    access: TOKEN,
    tags,
    summary: "Restore a revision's content as a new revision",
    params: knowledgeRevisionParams,
    reply: knowledgeNodeSaved,
    created: true,
    errors: [409],
    handler: ({ actor, params }) => nodes.restore(actor, params.node_id, params.revision),
  });
  route(app, {
    method: 'GET',
    url: '/api/knowledge/nodes/:node_id/export/',
    access: TOKEN,
    tags,
    summary: 'A standalone .html file of the node and everything visible below it',
    params: knowledgeNodeParams,
    produces: ['text/html'],
    reply: z.any(),
    handler: async ({ actor, params, reply }) => {
      const file = await exportNode(ctx, actor, params.node_id);
      return reply
        .type('text/html; charset=utf-8')
        .header('content-disposition', attachmentDisposition(file.name))
        .header('cache-control', 'private, no-store')
        .send(file.html);
    },
  });
  route(app, {
    method: 'POST',
    url: '/api/knowledge/nodes/:node_id/attachments/',
    access: TOKEN,
    tags,
    summary: 'Attach a file to an article (multipart field `file`: .docx, .pdf, .txt, 25 MB); indexed after',
    consumes: ['multipart/form-data'],
    params: knowledgeNodeParams,
    reply: knowledgeAttachmentAdded,
    created: true,
    errors: [413, 429],
    handler: async ({ actor, params, request, signal }) => {
      await attachments.checkRoom(actor, params.node_id);
      return attachments.add(
        actor,
        params.node_id,
        await readUploadedFile(request, L.attachmentBytes, M.attachmentTooLarge),
        signal,
      );
    },
  });
  route(app, {
    method: 'GET',
    url: '/api/knowledge/attachments/:knowledge_attachment_id/download/',
    access: TOKEN,
    tags,
    summary: 'An attachment as uploaded',
    params: knowledgeAttachmentParams,
    produces: ['application/octet-stream'],
    handler: async ({ actor, params, reply }) =>
      sendDownload(reply, await attachments.download(actor, params.knowledge_attachment_id)),
  });
  route(app, {
    method: 'DELETE',
    url: '/api/knowledge/attachments/:knowledge_attachment_id/',
    access: TOKEN,
    tags,
    summary: 'Delete an attachment (its file and its indexed text)',
    params: knowledgeAttachmentParams,
    reply: detailResponse,
    handler: ({ actor, params }) => attachments.remove(actor, params.knowledge_attachment_id),
  });
};
