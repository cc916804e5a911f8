import {
  can,
  caseMessages,
  type CaseActions,
  type CaseBody,
  type CaseDetail,
  type CaseListQuery,
  type CaseListResponse,
  type CaseRow,
  type CaseStatus,
  type CaseStatusChange,
  type CaseUser,
} from '@lexdesk/contract';
import { dialectOf } from '../../db/dialect.ts';
import type { Actor } from '../../platform/access/actor.ts';
import { auditService } from '../../platform/audit/audit.service.ts';
import { inTransaction, nowIso, type AppContext } from '../../platform/context.ts';
import { badRequest, notFound } from '../../platform/errors/http-error.ts';
import { pageInfoOf } from '../../platform/http/route-schemas.ts';
import { releaseOnCaseDelete } from '../../platform/modules/lifecycle.ts';
import { removeBlobs } from '../../platform/storage/storage.service.ts';
import { documentSearch } from '../documents/index.ts';
import {
  assignedUsersOf,
  deleteCaseRow,
  findCase,
  findCaseBrief,
  insertCase,
  insertStatusChange,
  listCases,
  matchedDocumentsOf,
  organisationUsers,
  partiesOf,
  replaceAssignedUsers,
  replaceParties,
  statusHistory,
  touchCase,
  updateCase,
  userNames,
  type CaseRowData,
  type UserName,
} from './cases.repo.ts';

const userName = (u: UserName) => [u.first_name, u.last_name].filter(Boolean).join(' ') || u.email;
const toUser = (u: UserName): CaseUser => ({ id: u.id, name: userName(u), email: u.email });

function actionsFor(actor: Actor): CaseActions {
  return {
    edit: true,
    copy_link: true,
    delete: can(actor, 'case.cases.delete'),
    upload: true,
    download: true,
    status_history: true,
    save_search: true,
  };
}

function toRow(row: CaseRowData, parties: string[], actor: Actor): CaseRow {
  return {
    id: row.id,
    title: row.title,
    client: row.client,
    parties,
    status: row.status as CaseStatus,
    documents_count: row.documents_count,
    created_at: row.created_at,
    updated_at: row.updated_at,
    actions: actionsFor(actor),
  };
}

/** Cases (matters) of the actor's organisation: every query is scoped to it; others' ids answer 404. */
export function casesService(ctx: AppContext) {
  const requireCase = async (actor: Actor, caseId: number) => {
    const row = await findCase(ctx.db, actor.organisationId, caseId);
    if (!row) throw notFound();
    return row;
  };

  const checkAssignable = async (actor: Actor, ids: readonly number[]) => {
    const unique = [...new Set(ids)];
    const found = await organisationUsers(ctx.db, actor.organisationId, unique);
    if (found.length !== unique.length)
      throw badRequest(caseMessages.unknownUser, { assigned_user_ids: caseMessages.unknownUser });
    return unique;
  };

  const detail = async (actor: Actor, caseId: number): Promise<CaseDetail> => {
    const row = await requireCase(actor, caseId);
    const parties = (await partiesOf(ctx.db, actor.organisationId, [caseId])).get(caseId) ?? [];
    const assigned = await assignedUsersOf(ctx.db, actor.organisationId, caseId);
    const creator = row.created_by
      ? (await userNames(ctx.db, actor.organisationId, [row.created_by])).get(row.created_by)
      : undefined;
    return {
      ...toRow(row, parties, actor),
      description: row.description,
      assigned_users: assigned.map(toUser),
      created_by: creator ? userName(creator) : '',
    };
  };

  return {
    /** Moves the case up the list: something of it (a document) changed `at`. For services that checked access. */
    touch: (organisationId: number, caseId: number, at: string) => touchCase(ctx.db, organisationId, caseId, at),

    /** The id and title of a case of the actor's organisation, or 404: the case records' scope check. */
    async brief(actor: Actor, caseId: number): Promise<{ id: number; title: string }> {
      const row = await findCaseBrief(ctx.db, actor.organisationId, caseId);
      if (!row) throw notFound();
      return row;
    },

    /** One page of cases; `text` keeps cases with a document holding every word or "phrase". */
    async list(actor: Actor, query: CaseListQuery): Promise<CaseListResponse> {
      const documentIds = query.text ? await documentSearch(ctx).find(actor.organisationId, query.text) : null;
      const { rows, total } = await listCases(ctx.db, dialectOf(ctx), actor.organisationId, query, documentIds);
      const parties = await partiesOf(
        ctx.db,
        actor.organisationId,
        rows.map((r) => r.id),
      );
      const matched = documentIds
        ? await matchedDocumentsOf(
            ctx.db,
            dialectOf(ctx),
            actor.organisationId,
            rows.map((r) => r.id),
            documentIds,
          )
        : null;
      return {
        data: rows.map((row) => {
          const caseRow = toRow(row, parties.get(row.id) ?? [], actor);
          if (!matched) return caseRow;
          const documents = matched.get(row.id) ?? [];
          return { ...caseRow, matched_documents: documents.slice(0, 3), matched_documents_count: documents.length };
        }),
        page: pageInfoOf(query, total),
      };
    },

    detail,

    /** Creates a case with its parties, assigned users and first status entry, in one transaction. */
    async create(actor: Actor, body: CaseBody): Promise<CaseDetail> {
      const assigned = await checkAssignable(actor, body.assigned_user_ids);
      const id = await inTransaction(ctx, async (tx) => {
        const now = nowIso(tx);
        const caseId = await insertCase(tx.db, {
          organisation_id: actor.organisationId,
          title: body.title,
          client: body.client,
          description: body.description,
          status: body.status,
          created_by: actor.userId,
          created_at: now,
        });
        await replaceParties(tx.db, actor.organisationId, caseId, body.parties);
        await replaceAssignedUsers(tx.db, actor.organisationId, caseId, assigned);
        await insertStatusChange(tx.db, {
          organisation_id: actor.organisationId,
          case_id: caseId,
          from_status: null,
          to_status: body.status,
          changed_by: actor.userId,
          changed_at: now,
        });
        await auditService(tx).record(actor, 'case', caseId, 'created', {
          status: body.status,
          assigned_user_ids: assigned,
        });
        return caseId;
      });
      return detail(actor, id);
    },

    /** Saves a case; a new status is added to its status history. */
    async update(actor: Actor, caseId: number, body: CaseBody): Promise<CaseDetail> {
      const before = await requireCase(actor, caseId);
      const assigned = await checkAssignable(actor, body.assigned_user_ids);
      await inTransaction(ctx, async (tx) => {
        const now = nowIso(tx);
        const parties = (await partiesOf(tx.db, actor.organisationId, [caseId])).get(caseId) ?? [];
        const assignedBefore = (await assignedUsersOf(tx.db, actor.organisationId, caseId)).map((u) => u.id);
        await updateCase(tx.db, actor.organisationId, caseId, {
          title: body.title,
          client: body.client,
          description: body.description,
          status: body.status,
          updated_at: now,
        });
        await replaceParties(tx.db, actor.organisationId, caseId, body.parties);
        await replaceAssignedUsers(tx.db, actor.organisationId, caseId, assigned);
        if (before.status !== body.status) {
          await insertStatusChange(tx.db, {
            organisation_id: actor.organisationId,
            case_id: caseId,
            from_status: before.status,
            to_status: body.status,
            changed_by: actor.userId,
            changed_at: now,
          });
        }
        // The event names the edited fields but keeps none of their client content (docs/security.md);
        // the status, a fixed vocabulary, keeps from → to for the history's sentence.
        const changes: Record<string, unknown> = {};
        const fields: string[] = (['title', 'client', 'description'] as const).filter(
          (field) => before[field] !== body[field],
        );
        if (parties.join('\n') !== body.parties.join('\n')) fields.push('parties');
        if (fields.length > 0) changes.fields = fields;
        if (before.status !== body.status) changes.status = { from: before.status, to: body.status };
        const sortedIds = (ids: readonly number[]) => [...ids].sort((a, b) => a - b).join(',');
        if (sortedIds(assignedBefore) !== sortedIds(assigned)) {
          changes.assigned_users = { from: assignedBefore, to: assigned };
        }
        await auditService(tx).record(actor, 'case', caseId, 'updated', { ...changes, assigned_user_ids: assigned });
      });
      return detail(actor, caseId);
    },

    /**
     * Deletes a case in one transaction: every module releases what it keeps of the case (documents, emails,
     * notifications; alerts, reports and saved searches go by foreign key); stored files go after the commit.
     */
    async remove(actor: Actor, caseId: number): Promise<{ detail: string }> {
      const row = await requireCase(actor, caseId);
      const keys = await inTransaction(ctx, async (tx) => {
        const released = await releaseOnCaseDelete(tx, { organisationId: actor.organisationId, caseId });
        await deleteCaseRow(tx.db, actor.organisationId, caseId);
        await auditService(tx).record(actor, 'case', caseId, 'deleted', { documents: row.documents_count });
        return released;
      });
      await removeBlobs(ctx, keys);
      return { detail: caseMessages.deleted(row.title) };
    },

    /** Status changes, newest first. */
    async statusHistory(actor: Actor, caseId: number): Promise<{ data: CaseStatusChange[] }> {
      await requireCase(actor, caseId);
      const rows = await statusHistory(ctx.db, actor.organisationId, caseId);
      const names = await userNames(
        ctx.db,
        actor.organisationId,
        rows.flatMap((r) => (r.changed_by ? [r.changed_by] : [])),
      );
      return {
        data: rows.map((r) => {
          const who = r.changed_by ? names.get(r.changed_by) : undefined;
          return {
            id: r.id,
            from_status: r.from_status as CaseStatus | null,
            to_status: r.to_status as CaseStatus,
            changed_by: who ? userName(who) : '',
            changed_at: r.changed_at,
          };
        }),
      };
    },

    /** Active users of the organisation a case can be assigned to. */
    async assignableUsers(actor: Actor): Promise<{ data: CaseUser[] }> {
      return { data: (await organisationUsers(ctx.db, actor.organisationId)).map(toUser) };
    },
  };
}
