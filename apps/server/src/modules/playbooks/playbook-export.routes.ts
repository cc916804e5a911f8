import { playbookExportBody, playbookImported, PLAYBOOK_LIMITS as L, playbookMessages as M } from '@lexdesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { attachmentDisposition } from '../../platform/http/content-disposition.ts';
import { route } from '../../platform/http/define-route.ts';
import { playbookExportService } from './playbook-export.service.ts';
import { readUploadedFile } from '../../platform/http/read-uploaded-file.ts';
import { playbookParams, READ, tags, WRITE } from './playbooks.routes.ts';

/** Export (.docx, .pdf, the JSON package) and import of a package (spec 01 §7; docs/playbooks.md). */
export const playbookExportRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const exports = playbookExportService(ctx);

  route(app, {
    method: 'POST',
    url: '/api/playbook-export/:playbook_id/',
    access: READ,
    tags,
    summary: 'The draft or a published version as .docx, .pdf or the lossless JSON package',
    params: playbookParams,
    body: playbookExportBody,
    produces: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'application/pdf'],
    reply: z.any(),
    errors: [429],
    handler: async ({ actor, params, body, reply, signal }) => {
      const file = await exports.export(actor, params.playbook_id, body, signal);
      return reply
        .type(file.contentType)
        .header('content-disposition', attachmentDisposition(file.fileName))
        .header('cache-control', 'private, no-store')
        .send(file.data);
    },
  });
  route(app, {
    method: 'POST',
    url: '/api/playbook/import/',
    access: WRITE,
    tags,
    summary: 'A new draft from a package (multipart field `file`), read on a parsing worker',
    consumes: ['multipart/form-data'],
    reply: playbookImported,
    created: true,
    errors: [413, 429],
    handler: async ({ actor, request, signal }) => {
      const file = await readUploadedFile(request, L.importBytes, M.invalidPackage);
      return exports.import(actor, file.data, signal);
    },
  });
};
