import {
  can,
  conceptMessages,
  type ConceptDocuments,
  type DetailResponse,
  documentTypeMessages as M,
  type DocumentType,
  type DocumentTypeBody,
  type DocumentTypeSaved,
} from '@lexdesk/contract';
import type { Actor } from '../../platform/access/actor.ts';
import { auditService } from '../../platform/audit/audit.service.ts';
import { inTransaction, nowIso, type AppContext } from '../../platform/context.ts';
import { conflict, forbidden, notFound } from '../../platform/errors/http-error.ts';
import {
  findDocumentTypeByKey,
  deleteDocumentType,
  findDocumentTypeWithOrganisation,
  insertDocumentType,
  listDocumentTypes,
  listDocumentTypesWithOrganisation,
  updateDocumentType,
} from './document-types.repo.ts';

const auditActor = (actor: Actor) => ({ userId: actor.userId, organisationId: actor.organisationId });

/** Document types of the caller's organisation (spec 02 §2.5): a trimmed name, unique without case, and a description. */
export function documentTypesService(ctx: AppContext) {
  return {
    /**
     * The type `id` with its organisation's name, within `organisationId` (null: any organisation, for the
     * super user's reads), or null. For other modules (a concept list's type).
     */
    async find(organisationId: number | null, id: number) {
      const row = await findDocumentTypeWithOrganisation(ctx.db, organisationId, id);
      return row
        ? {
            organisationId: row.organisation_id,
            doc: {
              id: row.id,
              type_name: row.type_name,
              description: row.description,
              organisation: row.organisation_name,
            },
          }
        : null;
    },

    /** Every document type of the organisation, by name. */
    async list(actor: Actor): Promise<{ data: DocumentType[] }> {
      return { data: await listDocumentTypes(ctx.db, actor.organisationId) };
    },

    /** The type is created, or 409 when the name is taken. */
    async create(actor: Actor, body: DocumentTypeBody): Promise<DocumentTypeSaved> {
      if (!can(actor, 'questionnaires.document_types.write')) throw forbidden();
      return inTransaction(ctx, async (tx) => {
        const key = body.type_name.toLowerCase();
        if (await findDocumentTypeByKey(tx.db, actor.organisationId, key))
          throw conflict(M.nameExists, { type_name: M.nameExists });
        const now = nowIso(tx);
        const id = await insertDocumentType(tx.db, {
          organisation_id: actor.organisationId,
          type_name: body.type_name,
          name_key: key,
          description: body.description,
          created_by: actor.userId,
          created_at: now,
          updated_at: now,
        });
        await auditService(tx).record(auditActor(actor), 'document_type', id, 'created');
        return { detail: M.saved, data: { id, type_name: body.type_name, description: body.description } };
      });
    },

    /** The type now has the given name and description, or 404 / 409. */
    async update(actor: Actor, id: number, body: DocumentTypeBody): Promise<DocumentTypeSaved> {
      if (!can(actor, 'questionnaires.document_types.write')) throw forbidden();
      return inTransaction(ctx, async (tx) => {
        const key = body.type_name.toLowerCase();
        const clash = await findDocumentTypeByKey(tx.db, actor.organisationId, key);
        if (clash && clash.id !== id) throw conflict(M.nameExists, { type_name: M.nameExists });
        const patch = {
          type_name: body.type_name,
          name_key: key,
          description: body.description,
          updated_at: nowIso(tx),
        };
        if (!(await updateDocumentType(tx.db, actor.organisationId, id, patch))) throw notFound();
        await auditService(tx).record(auditActor(actor), 'document_type', id, 'updated', { fields: ['type_name'] });
        return { detail: M.updated, data: { id, type_name: body.type_name, description: body.description } };
      });
    },

    /**
     * GET concept/documents/: the types of the caller's own organisation, with its name (the concept list page).
     * `organization_ids` narrows, never widens: the provider's super user picks organisations to assign lists
     * to, it does not read their document types (docs/security.md, "What the provider can see").
     */
    async listFor(actor: Actor, organisationIds: readonly number[] | undefined): Promise<ConceptDocuments> {
      const own = organisationIds === undefined || organisationIds.includes(actor.organisationId);
      const rows = own ? await listDocumentTypesWithOrganisation(ctx.db, actor.organisationId) : [];
      return {
        data: rows.map((row) => ({
          id: row.id,
          type_name: row.type_name,
          description: row.description,
          organization_name: row.organisation_name,
          own: row.organisation_id === actor.organisationId,
        })),
      };
    },

    /**
     * DELETE concept/documents/delete/{id}/: only the caller's own organisation's type (another organisation's
     * answers 404, the super user's too). A concept list using it keeps working untyped.
     */
    async remove(actor: Actor, id: number): Promise<DetailResponse> {
      if (!can(actor, 'questionnaires.document_types.write')) throw forbidden();
      return inTransaction(ctx, async (tx) => {
        if (!(await deleteDocumentType(tx.db, actor.organisationId, id))) throw notFound();
        await auditService(tx).record(auditActor(actor), 'document_type', id, 'deleted');
        return { detail: conceptMessages.documentTypeDeleted };
      });
    },
  };
}
