import {
  alertMessages,
  type AlertCommentBody,
  type AlertType,
  type CaseAlert,
  type CaseAlertCreateBody,
  type CaseAlertList,
  type CaseAlertQuery,
  type CaseAlertUpdateBody,
} from '@lexdesk/contract';
import type { Actor } from '../../platform/access/actor.ts';
import { auditService } from '../../platform/audit/audit.service.ts';
import { inTransaction, nowIso, type AppContext } from '../../platform/context.ts';
import { badRequest, notFound } from '../../platform/errors/http-error.ts';
import { pageInfoOf } from '../../platform/http/route-schemas.ts';
import { flag, requireCase, todayOf } from '../case-records/index.ts';
import * as repo from './case-alerts.repo.ts';

/** Case alerts (spec 01 §3, §6): what falls due on a case, with linked documents and a comment thread. */
export function caseAlertsService(ctx: AppContext) {
  const today = () => todayOf(ctx.now());

  /** Rows → alerts with their documents and comments, in two queries for the whole page. */
  async function hydrate(organisationId: number, rows: repo.AlertRow[]): Promise<CaseAlert[]> {
    const ids = rows.map((row) => row.id);
    const [documents, comments] = await Promise.all([
      repo.documentsOf(ctx.db, organisationId, ids),
      repo.commentsOf(ctx.db, organisationId, ids),
    ]);
    const day = today();
    return rows.map((row) => ({
      id: row.id,
      case_id: row.case_id,
      case_title: row.case_title,
      alert_type: row.alert_type as AlertType,
      due_date: row.due_date,
      is_done: flag(row.is_done),
      is_due: !flag(row.is_done) && row.due_date <= day,
      documents: documents.filter((d) => d.alert_id === row.id).map(({ id, name }) => ({ id, name })),
      comments: comments
        .filter((c) => c.alert_id === row.id)
        .map(({ id, text, created_at, created_by }) => ({ id, text, created_at, created_by })),
      created_by: row.created_by,
      created_at: row.created_at,
      updated_at: row.updated_at,
    }));
  }

  async function requireAlert(actor: Actor, id: number): Promise<CaseAlert> {
    const row = await repo.findAlert(ctx.db, actor.organisationId, id);
    if (!row) throw notFound();
    const [alert] = await hydrate(actor.organisationId, [row]);
    if (!alert) throw notFound();
    return alert;
  }

  async function checkDocuments(actor: Actor, caseId: number, ids: readonly number[]): Promise<number[]> {
    const unique = [...new Set(ids)];
    const found = await repo.documentIdsInCase(ctx.db, actor.organisationId, caseId, unique);
    if (found.length !== unique.length) {
      throw badRequest(alertMessages.documentNotInCase, { document_ids: alertMessages.documentNotInCase });
    }
    return unique;
  }

  return {
    async list(actor: Actor, query: CaseAlertQuery): Promise<CaseAlertList> {
      if (query.case_id !== undefined) await requireCase(ctx, actor, query.case_id);
      const { rows, total } = await repo.listAlerts(
        ctx.db,
        actor.organisationId,
        { caseId: query.case_id, status: query.status, search: query.search_key, today: today() },
        (query.page_no - 1) * query.limits,
        query.limits,
      );
      return { data: await hydrate(actor.organisationId, rows), page: pageInfoOf(query, total) };
    },

    /**
     * Open alerts due today or earlier on the actor's matters (cases assigned to or created by them, or
     * alerts they raised): the 'Attention required!' modal.
     */
    async myDueAlerts(actor: Actor, limit = 100): Promise<CaseAlert[]> {
      const filter = { status: 'due' as const, today: today(), forUserId: actor.userId };
      const { rows } = await repo.listAlerts(ctx.db, actor.organisationId, filter, 0, limit);
      return hydrate(actor.organisationId, rows);
    },

    /** Open alerts of the whole organisation due today or earlier (the dashboard), with their count. */
    async dueAlerts(actor: Actor, limit: number): Promise<{ alerts: CaseAlert[]; total: number }> {
      const { rows, total } = await repo.listAlerts(
        ctx.db,
        actor.organisationId,
        { status: 'due', today: today() },
        0,
        limit,
      );
      return { alerts: await hydrate(actor.organisationId, rows), total };
    },

    /** Open alerts of the organisation due in the next `days` days (not yet due). */
    async upcomingAlerts(actor: Actor, days: number, limit: number): Promise<CaseAlert[]> {
      const until = todayOf(new Date(ctx.now().getTime() + days * 86_400_000));
      const filter = { status: 'open' as const, today: today(), dueUntil: until };
      const { rows } = await repo.listAlerts(ctx.db, actor.organisationId, filter, 0, limit);
      return hydrate(actor.organisationId, rows);
    },

    detail: requireAlert,

    /** Raises an alert on a case of the organisation; linked documents must be that case's. */
    async create(actor: Actor, body: CaseAlertCreateBody): Promise<CaseAlert> {
      await requireCase(ctx, actor, body.case_id);
      const documentIds = await checkDocuments(actor, body.case_id, body.document_ids);
      const id = await inTransaction(ctx, async (tx) => {
        const now = nowIso(tx);
        const alertId = await repo.insertAlert(tx.db, {
          organisation_id: actor.organisationId,
          case_id: body.case_id,
          alert_type: body.alert_type,
          due_date: body.due_date,
          created_by_id: actor.userId,
          now,
        });
        await repo.setAlertDocuments(tx.db, actor.organisationId, alertId, documentIds);
        if (body.comment) {
          await repo.insertComment(tx.db, {
            organisation_id: actor.organisationId,
            alert_id: alertId,
            text: body.comment,
            created_by_id: actor.userId,
            created_at: now,
          });
        }
        await auditService(tx).record(actor, 'case', body.case_id, 'alert.created', {
          alert_id: alertId,
          alert_type: body.alert_type,
          due_date: body.due_date,
        });
        return alertId;
      });
      return requireAlert(actor, id);
    },

    async update(actor: Actor, id: number, body: CaseAlertUpdateBody): Promise<CaseAlert> {
      const before = await requireAlert(actor, id);
      const documentIds = await checkDocuments(actor, before.case_id, body.document_ids);
      await inTransaction(ctx, async (tx) => {
        await repo.updateAlert(tx.db, actor.organisationId, id, {
          alert_type: body.alert_type,
          due_date: body.due_date,
          is_done: body.is_done ? 1 : 0,
          updated_at: nowIso(tx),
        });
        await repo.setAlertDocuments(tx.db, actor.organisationId, id, documentIds);
        await auditService(tx).record(actor, 'case', before.case_id, 'alert.updated', {
          alert_id: id,
          from: { alert_type: before.alert_type, due_date: before.due_date, is_done: before.is_done },
          to: { alert_type: body.alert_type, due_date: body.due_date, is_done: body.is_done },
        });
      });
      return requireAlert(actor, id);
    },

    async addComment(actor: Actor, id: number, body: AlertCommentBody): Promise<CaseAlert> {
      const alert = await requireAlert(actor, id);
      await inTransaction(ctx, async (tx) => {
        await repo.insertComment(tx.db, {
          organisation_id: actor.organisationId,
          alert_id: id,
          text: body.text,
          created_by_id: actor.userId,
          created_at: nowIso(tx),
        });
        await auditService(tx).record(actor, 'case', alert.case_id, 'alert.commented', { alert_id: id });
      });
      return requireAlert(actor, id);
    },

    async remove(actor: Actor, id: number): Promise<void> {
      const alert = await requireAlert(actor, id);
      await inTransaction(ctx, async (tx) => {
        await repo.deleteAlert(tx.db, actor.organisationId, id);
        await auditService(tx).record(actor, 'case', alert.case_id, 'alert.deleted', {
          alert_id: id,
          alert_type: alert.alert_type,
        });
      });
    },
  };
}
