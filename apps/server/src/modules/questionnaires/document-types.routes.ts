import { conceptDocuments, conceptDocumentsQuery, detailResponse, idParam } from '@lexdesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { route } from '../../platform/http/define-route.ts';
import { documentTypesService } from './document-types.service.ts';

const tags = ['questionnaires'];

/** Document types as the concept list page reads and deletes them (spec 03 §7 "Document types"). */
export const conceptDocumentTypesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const documentTypes = documentTypesService(ctx);

  route(app, {
    method: 'GET',
    url: '/api/concept/documents/',
    access: 'questionnaires.document_types.read',
    tags,
    summary:
      "Document types with their organisation's name (`organization_ids=1,2`; own organisation only unless super)",
    query: conceptDocumentsQuery,
    reply: conceptDocuments,
    handler: ({ actor, query }) => documentTypes.listFor(actor, query.organization_ids),
  });
  route(app, {
    method: 'DELETE',
    url: '/api/concept/documents/delete/:document_type_id/',
    access: 'questionnaires.document_types.write',
    tags,
    summary: "Delete one of the organisation's document types",
    params: z.object({ document_type_id: idParam }),
    reply: detailResponse,
    handler: ({ actor, params }) => documentTypes.remove(actor, params.document_type_id),
  });
};
