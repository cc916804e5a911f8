import {
  can,
  conceptMessages as M,
  draftText,
  duplicateHeads,
  normaliseHead,
  parseDraft,
  type ConceptContentPage,
  type ConceptHead,
  type ConceptHeadInput,
  type ConceptListCreateBody,
  type ConceptListCreated,
  type ConceptListDetail,
  type ConceptListOptions,
  type ConceptListUpdateBody,
  type ConceptListUpdated,
  type ConceptListUpdateQuery,
  type DetailResponse,
  type PageQuery,
} from '@lexdesk/contract';
import type { Actor } from '../../platform/access/actor.ts';
import { auditService } from '../../platform/audit/audit.service.ts';
import { inTransaction, nowIso, type AppContext } from '../../platform/context.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors/http-error.ts';
import { pageInfoOf } from '../../platform/http/route-schemas.ts';
import { documentTypesService } from '../questionnaires/index.ts';
import { checkedAssignment } from './concept-assignment.ts';
import { auditActor, ownCopy } from './concept-edit-target.ts';
import { recordFirstVersion, recordVersion, replaceHeads } from './concept-list-writes.ts';
import {
  assignmentsOf,
  deleteList,
  findVisibleList,
  headsOf,
  hideListFor,
  insertList,
  pageHeadsOf,
  pageVisibleLists,
  setAssignments,
  updateList,
  versionsOf,
  visibleListOptions,
  visibleNameTaken,
  type ConceptHeadRecord,
  type ConceptListRecord,
} from './concept-lists.repo.ts';
import { editTargetOf, listActionsOf, viewerOf } from './concept-viewer.ts';

export function headOf(head: ConceptHeadRecord, listName: string): ConceptHead {
  return {
    concept_id: head.id,
    concept_list_id: head.concept_list_id,
    head: head.head,
    definition: head.definition,
    terms: head.terms,
    phrases: head.phrases,
    concept_title: listName,
    organisation_id: head.organisation_id,
    user_id: head.created_by,
  };
}

/** 400 'This concept head is already drafted.' when two heads share a name. */
export function refuseDuplicateHeads(heads: readonly ConceptHeadInput[]): void {
  const repeated = duplicateHeads(heads);
  if (repeated.length > 0) throw badRequest(M.headAlreadyDrafted, { concepts: M.duplicateHeads(repeated.join(', ')) });
}

/** Concept lists and their heads (spec 03 §2.1, §4, §7; docs/analyser.md). */
export function conceptListsService(ctx: AppContext) {
  const visibleList = async (actor: Actor, listId: number): Promise<ConceptListRecord> => {
    const list = await findVisibleList(ctx.db, viewerOf(actor), listId);
    if (!list) throw notFound();
    return list;
  };

  return {
    visibleList,

    /**
     * GET concept-list/: every list the caller sees; for the super user naming an organisation, the provider's
     * curated lists that organisation sees (never its private lists).
     */
    async options(actor: Actor, organisationId?: number): Promise<ConceptListOptions> {
      const viewer = viewerOf(actor);
      const forOrganisation =
        viewer.provider && organisationId !== undefined && organisationId !== actor.organisationId
          ? { ...viewer, organisationId, provider: false, curatedOnly: true }
          : viewer;
      const rows = await visibleListOptions(ctx.db, forOrganisation);
      return { concept_list: rows.map((row) => ({ concept_list_id: row.id, concept_list: row.name })) };
    },

    /** The repository page: lists (newest change first), or one list's heads when it names one. */
    async content(actor: Actor, query: PageQuery & { listId?: number; search: string }): Promise<ConceptContentPage> {
      const filter = { search: query.search, offset: (query.page_no - 1) * query.limits, limit: query.limits };
      if (query.listId !== undefined) {
        const list = await visibleList(actor, query.listId);
        const { total, rows } = await pageHeadsOf(ctx.db, list, filter);
        return { kind: 'heads', data: rows.map((row) => headOf(row, list.name)), page: pageInfoOf(query, total) };
      }
      const { total, rows } = await pageVisibleLists(ctx.db, viewerOf(actor), filter);
      const actions = listActionsOf(actor);
      return {
        kind: 'lists',
        data: rows.map((row) => ({
          concept_list_id: row.id,
          concept_list: row.name,
          concept_doc: row.type_name,
          heads_count: Number(row.heads_count ?? 0),
          is_assigned_to_all: row.assigned_to_all === 1,
          isCreatedBysuperadmin: row.created_by_super === 1,
          own: row.organisation_id === actor.organisationId,
          version: row.version,
          updated_at: row.updated_at,
          actions,
        })),
        page: pageInfoOf(query, total),
      };
    },

    /** GET concept-list/create/: the list for the edit page, with its draft. */
    async detail(actor: Actor, listId: number): Promise<ConceptListDetail> {
      const list = await visibleList(actor, listId);
      const heads = await headsOf(ctx.db, list);
      const assigned = await assignmentsOf(ctx.db, list.id);
      const everyOrganisation = can(actor, 'organisations.any_organisation.access');
      const organisations = [list.organisation_id, ...assigned.organisationIds];
      // Another organisation's ids are never shown: a non-super caller sees their own organisation only.
      const mine = (id: number) => everyOrganisation || id === actor.organisationId;
      const documentType = list.document_type_id
        ? await documentTypesService(ctx).find(actor.organisationId, list.document_type_id)
        : null;
      return {
        concept_list_id: list.id,
        concept_list: list.name,
        organisation_id: [...new Set(organisations.filter(mine))],
        user_id: assigned.users.filter((user) => mine(user.organisation_id)).map((user) => user.user_id),
        draft: draftText(heads),
        is_assigned_to_all: list.assigned_to_all === 1,
        isCreatedBysuperadmin: list.created_by_super === 1,
        own: list.organisation_id === actor.organisationId,
        version: list.version,
        concept_doc: documentType?.doc ?? null,
        heads: heads.map((head) => headOf(head, list.name)),
        actions: listActionsOf(actor),
      };
    },

    /** POST concept-list/: a new list owned by the caller's organisation, its first version numbered 1. */
    async create(actor: Actor, body: ConceptListCreateBody): Promise<ConceptListCreated> {
      if (!can(actor, 'analyser.concepts.write')) throw forbidden();
      if (body.is_assigned_to_all && !can(actor, 'analyser.concepts.assign_all')) throw forbidden(M.assignAllSuperOnly);
      refuseDuplicateHeads(body.concepts);
      const assignment = await checkedAssignment(ctx, actor, body.organisationIDs, body.userIDs);
      await checkDocumentType(ctx, actor, body.concept_doc_id);
      return inTransaction(ctx, async (tx) => {
        const nameKey = body.name.toLowerCase();
        if (await visibleNameTaken(tx.db, viewerOf(actor), nameKey))
          throw conflict(M.nameExists, { name: M.nameExists });
        const now = nowIso(tx);
        const list = {
          organisation_id: actor.organisationId,
          name: body.name,
          name_key: nameKey,
          document_type_id: body.concept_doc_id,
          forked_from_id: null,
          assigned_to_all: body.is_assigned_to_all ? 1 : 0,
          created_by_super: can(actor, 'organisations.any_organisation.access') ? 1 : 0,
          created_by: actor.userId,
          created_at: now,
          updated_at: now,
        };
        const id = await insertList(tx.db, list);
        const others = assignment.organisationIds.filter((org) => org !== actor.organisationId);
        await setAssignments(tx.db, id, others, assignment.users);
        const { ids } = await replaceHeads(
          tx,
          { id, organisation_id: actor.organisationId },
          body.concepts,
          actor.userId,
        );
        await recordFirstVersion(
          tx,
          { id, organisation_id: actor.organisationId },
          actor.userId,
          body.concepts.map((h) => normaliseHead(h.head)),
        );
        await auditService(tx).record(auditActor(actor), 'concept_list', id, 'created', { heads: ids.length });
        return { detail: M.listAdded, ids: { concept_list_id: id, concept_ids: ids } };
      });
    },

    /**
     * PUT concept-list/: name, type, organisations, users and heads (or the draft); what is absent stays. The
     * change lands where `editTargetOf` says: in place, or in the organisation's own copy (its id is answered).
     */
    async update(
      actor: Actor,
      query: ConceptListUpdateQuery,
      body: ConceptListUpdateBody,
    ): Promise<ConceptListUpdated> {
      if (!can(actor, 'analyser.concepts.write')) throw forbidden();
      const heads = body.concepts ?? (body.draft === undefined ? undefined : headsFromDraft(body.draft));
      if (heads) refuseDuplicateHeads(heads);
      if (body.is_assigned_to_all !== undefined && !can(actor, 'analyser.concepts.assign_all')) {
        throw forbidden(M.assignAllSuperOnly);
      }
      const original = await visibleList(actor, query.concept_list_id);
      const superUser = can(actor, 'organisations.any_organisation.access');
      if (original.created_by_super === 1 && !superUser) {
        const renamed = body.name !== undefined && body.name !== original.name;
        if (renamed || body.userIDs !== undefined || body.organisationIDs !== undefined)
          throw forbidden(M.superListLocked);
      }
      if (body.concept_doc_id !== undefined) await checkDocumentType(ctx, actor, body.concept_doc_id);
      const assignment =
        body.organisationIDs || body.userIDs
          ? await checkedAssignment(ctx, actor, body.organisationIDs ?? [actor.organisationId], body.userIDs ?? [])
          : null;
      return inTransaction(ctx, async (tx) => {
        const target = editTargetOf(actor, original, {
          updateAll: query.updateAll,
          organisationId: query.organisationID,
        });
        let list = original;
        if (target.kind === 'own_copy') {
          list = (await ownCopy(tx, actor, original, target.organisationId)).list;
        }
        const renamedTo = body.name !== undefined && body.name !== list.name ? body.name : null;
        if (renamedTo !== null) {
          const nameKey = renamedTo.toLowerCase();
          if (await visibleNameTaken(tx.db, viewerOf(actor), nameKey, list.id))
            throw conflict(M.nameExists, { name: M.nameExists });
          await updateList(tx.db, list, { name: renamedTo, name_key: nameKey });
        }
        if (body.concept_doc_id !== undefined) await updateList(tx.db, list, { document_type_id: body.concept_doc_id });
        if (body.is_assigned_to_all !== undefined) {
          await updateList(tx.db, list, { assigned_to_all: body.is_assigned_to_all ? 1 : 0 });
        }
        if (assignment) {
          // The super user sets every organisation and user; anyone else only their own organisation's users.
          const current = await assignmentsOf(tx.db, list.id);
          const organisations = superUser
            ? assignment.organisationIds.filter((org) => org !== list.organisation_id)
            : current.organisationIds;
          const otherUsers = superUser ? [] : current.users.filter((u) => u.organisation_id !== actor.organisationId);
          await setAssignments(tx.db, list.id, organisations, [...otherUsers, ...assignment.users]);
        }
        const changes = heads ? (await replaceHeads(tx, list, heads, actor.userId)).changes : [];
        await recordVersion(tx, list, actor.userId, changes, renamedTo);
        await updateList(tx.db, list, { updated_at: nowIso(tx) });
        await auditService(tx).record(auditActor(actor), 'concept_list', list.id, 'updated', {
          heads: changes.length,
          ...(renamedTo ? { renamed: true } : {}),
        });
        return { detail: M.listUpdated, id: list.id, new_name: renamedTo ?? list.name };
      });
    },

    /**
     * DELETE concept-list/: the owner organisation (or the super user) deletes the list for everyone; another
     * organisation removes it from its own repository only.
     */
    async remove(actor: Actor, listId: number): Promise<DetailResponse> {
      if (!can(actor, 'analyser.concepts.write')) throw forbidden();
      const list = await visibleList(actor, listId);
      return inTransaction(ctx, async (tx) => {
        const owner =
          list.organisation_id === actor.organisationId || can(actor, 'organisations.any_organisation.access');
        if (owner) await deleteList(tx.db, list);
        else await hideListFor(tx.db, list.id, actor.organisationId);
        await auditService(tx).record(auditActor(actor), 'concept_list', list.id, owner ? 'deleted' : 'removed');
        return { detail: M.listDeleted };
      });
    },

    /** The list's versions, newest first: who changed which head. */
    async versions(actor: Actor, listId: number) {
      const list = await visibleList(actor, listId);
      const rows = await versionsOf(ctx.db, list);
      return {
        data: rows.map((row) => ({
          version: row.version,
          changed_by: row.first_name === null ? 'a deleted user' : `${row.first_name} ${row.last_name ?? ''}`.trim(),
          changed_at: row.changed_at,
          changes: JSON.parse(row.changes) as { head: string; change: 'added' | 'changed' | 'removed' }[],
          renamed_to: row.renamed_to,
        })),
      };
    },
  };
}

/** The heads of a draft text, or 400 naming the line that is not a draft line. */
function headsFromDraft(draft: string): ConceptHeadInput[] {
  const parsed = parseDraft(draft);
  if (!parsed.ok) throw badRequest(parsed.problem, { draft: parsed.problem });
  if (parsed.heads.length === 0) throw badRequest(M.draftRequired, { draft: M.draftRequired });
  return parsed.heads;
}

/**
 * A chosen document type must be one of the caller's organisation's, the super user's too: the provider does not
 * read a firm's types (nor name one on the lists it curates, where every organisation would read its name).
 */
async function checkDocumentType(ctx: AppContext, actor: Actor, id: number | null): Promise<void> {
  if (id === null) return;
  if (!(await documentTypesService(ctx).find(actor.organisationId, id))) {
    throw badRequest(M.unknownDocumentType, { concept_doc_id: M.unknownDocumentType });
  }
}
