import {
  isTimeZone,
  taskMessages as M,
  type TaskAssigneeOptions,
  type TaskBody,
  type TaskDetail,
  type TaskList,
  type TaskListQuery,
  type TaskSaved,
  type TaskUpdateBody,
} from '@lexdesk/contract';
import { dialectOf } from '../../db/dialect.ts';
import type { Actor } from '../../platform/access/actor.ts';
import { auditService } from '../../platform/audit/audit.service.ts';
import { inTransaction, nowIso, type AppContext } from '../../platform/context.ts';
import { badRequest, forbidden, HttpError } from '../../platform/errors/http-error.ts';
import { pageInfoOf } from '../../platform/http/route-schemas.ts';
import { refuseIfHeld } from '../../platform/modules/holds.ts';
import { removeBlobs } from '../../platform/storage/storage.service.ts';
import { sanitizeRichText } from '../../platform/rich-text/editor-html.ts';
import { casesService } from '../cases/index.ts';
import { notificationsService } from '../notifications/index.ts';
import { usersService } from '../users/index.ts';
import { mayDelete, editableTask, visibleTask } from './task-access.ts';
import { toAttachments, toComments } from './task-parts.service.ts';
import { timesOf, toTaskRows } from './task-rows.ts';
import {
  assigneesOf,
  attachmentsOf,
  checklistOf,
  commentsOf,
  deleteTask,
  insertTask,
  listTasks,
  replaceAssignees,
  updateTask,
} from './tasks.repo.ts';
import { entriesWhere, findTimer, moveEntriesToCase } from './time.repo.ts';
import { dayIn } from './time-zones.ts';

/** 409 with the invoice's reason when an invoice (draft or issued) bills some of the task's time. */
async function refuseIfTimeBilled(tx: AppContext, organisationId: number, taskId: number): Promise<void> {
  const entries = await entriesWhere(tx.db, dialectOf(tx), organisationId, { taskId });
  await refuseIfHeld(
    tx,
    'timeEntries',
    organisationId,
    entries.map((e) => e.id),
  );
}

/** Tasks: list, detail, create, edit, delete; assignees are notified (docs/tasks.md, "Model"). */
export function tasksService(ctx: AppContext) {
  const checkCase = async (actor: Actor, caseId: number | null | undefined) => {
    if (caseId === null || caseId === undefined) return;
    try {
      await casesService(ctx).brief(actor, caseId);
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 404)
        throw badRequest(M.unknownCase, { case_id: M.unknownCase });
      throw error;
    }
  };
  const checkAssignees = async (actor: Actor, ids: readonly number[]) => {
    const unique = [...new Set(ids)];
    const found = await usersService(ctx).activeIdsIn(actor.organisationId, unique);
    if (found.length !== unique.length) throw badRequest(M.unknownAssignee, { assignee_ids: M.unknownAssignee });
    return unique;
  };
  const notifyAssigned = async (
    tx: AppContext,
    actor: Actor,
    task: { id: number; title: string; case_id: number | null },
    userIds: readonly number[],
  ) => {
    for (const userId of userIds) {
      if (userId === actor.userId) continue;
      await notificationsService(tx).notify({
        organisationId: actor.organisationId,
        userId,
        text: M.assignedToYou(task.title),
        operation: 'task_assigned',
        type: 'task',
        createdById: actor.userId,
        caseId: task.case_id,
        taskId: task.id,
      });
    }
  };

  return {
    /** GET task/: one page of the organisation's tasks by the filters. */
    async list(actor: Actor, query: TaskListQuery): Promise<TaskList> {
      const zone = query.tz && isTimeZone(query.tz) ? query.tz : 'UTC';
      const today = dayIn(zone, ctx.now().getTime());
      const { rows, total } = await listTasks(
        ctx.db,
        actor.organisationId,
        { query, userId: actor.userId, today },
        { offset: (query.page_no - 1) * query.limits, limit: query.limits },
      );
      return { count: total, data: await toTaskRows(ctx, actor, rows), page: pageInfoOf(query, total) };
    },

    /** GET task/{task_id}/. */
    async detail(actor: Actor, taskId: number): Promise<TaskDetail> {
      const task = await visibleTask(ctx, actor, taskId);
      const [row] = await toTaskRows(ctx, actor, [task]);
      const times = (await timesOf(ctx, actor, [taskId])).get(taskId);
      const timer = await findTimer(ctx.db, actor.organisationId, actor.userId);
      const org = actor.organisationId;
      return {
        ...row!,
        description: task.description,
        checklist: (await checklistOf(ctx.db, org, taskId)).map((item) => ({
          id: item.id,
          text: item.text,
          done: item.done === 1,
          position: item.position,
        })),
        comments: await toComments(ctx, actor, await commentsOf(ctx.db, org, taskId)),
        attachments: await toAttachments(ctx, actor, row!.actions.edit, await attachmentsOf(ctx.db, org, taskId)),
        time: {
          logged_seconds: times?.all ?? 0,
          billable_seconds: times?.billable ?? 0,
          my_seconds: times?.mine ?? 0,
          entry_count: times?.count ?? 0,
          my_timer_on_task: timer?.task_id === taskId,
        },
      };
    },

    /** POST task/. */
    async create(actor: Actor, body: TaskBody): Promise<TaskSaved> {
      await checkCase(actor, body.case_id);
      const assignees = await checkAssignees(actor, body.assignee_ids);
      const id = await inTransaction(ctx, async (tx) => {
        const at = nowIso(tx);
        const id = await insertTask(tx.db, {
          organisation_id: actor.organisationId,
          case_id: body.case_id,
          title: body.title,
          description: sanitizeRichText(body.description),
          due_date: body.due_date,
          priority: body.priority,
          status: body.status,
          created_by: actor.userId,
          created_at: at,
          updated_at: at,
        });
        await replaceAssignees(tx.db, actor.organisationId, id, assignees);
        await auditService(tx).record(actor, 'task', id, 'created');
        await notifyAssigned(tx, actor, { id, title: body.title, case_id: body.case_id }, assignees);
        return id;
      });
      return { detail: M.created, id };
    },

    /** PUT task/{task_id}/: the fields sent; new assignees are notified. */
    async update(actor: Actor, taskId: number, body: TaskUpdateBody): Promise<TaskSaved> {
      const task = await editableTask(ctx, actor, taskId);
      await checkCase(actor, body.case_id);
      const assignees = body.assignee_ids === undefined ? undefined : await checkAssignees(actor, body.assignee_ids);
      await inTransaction(ctx, async (tx) => {
        const before = (await assigneesOf(tx.db, actor.organisationId, [taskId])).get(taskId) ?? [];
        const title = body.title ?? task.title;
        const caseId = body.case_id === undefined ? task.case_id : body.case_id;
        // Its time moves with it: refused while an invoice bills some of it for the case it is on.
        if (caseId !== task.case_id) await refuseIfTimeBilled(tx, actor.organisationId, taskId);
        await updateTask(tx.db, actor.organisationId, taskId, {
          title,
          ...(body.description === undefined ? {} : { description: sanitizeRichText(body.description) }),
          case_id: caseId,
          ...(body.due_date === undefined ? {} : { due_date: body.due_date }),
          ...(body.priority === undefined ? {} : { priority: body.priority }),
          ...(body.status === undefined ? {} : { status: body.status }),
          updated_at: nowIso(tx),
        });
        if (caseId !== task.case_id) await moveEntriesToCase(tx.db, actor.organisationId, taskId, caseId);
        if (assignees) {
          await replaceAssignees(tx.db, actor.organisationId, taskId, assignees);
          const added = assignees.filter((id) => !before.includes(id));
          await notifyAssigned(tx, actor, { id: taskId, title, case_id: caseId }, added);
        }
        const changed = Object.keys(body).filter((key) => body[key as keyof TaskUpdateBody] !== undefined);
        await auditService(tx).record(actor, 'task', taskId, 'updated', { fields: changed });
      });
      return { detail: M.updated, id: taskId };
    },

    /** DELETE task/{task_id}/: with its checklist, comments, attachments (files after the commit) and time. */
    async remove(actor: Actor, taskId: number): Promise<{ detail: string }> {
      const task = await visibleTask(ctx, actor, taskId);
      if (!mayDelete(actor, task)) throw forbidden(M.notYours);
      const keys = await inTransaction(ctx, async (tx) => {
        // Its time goes with it: refused while an invoice bills some of it.
        await refuseIfTimeBilled(tx, actor.organisationId, taskId);
        const keys = (await attachmentsOf(tx.db, actor.organisationId, taskId)).map((a) => a.storage_key);
        await deleteTask(tx.db, actor.organisationId, taskId);
        await auditService(tx).record(actor, 'task', taskId, 'deleted');
        return keys;
      });
      await removeBlobs(ctx, keys);
      return { detail: M.deleted };
    },

    /** GET task-assignee/: who the task forms offer as assignees. */
    async assigneeOptions(actor: Actor): Promise<TaskAssigneeOptions> {
      return { data: await usersService(ctx).activeWithModule(actor.organisationId, 'task_management_permission') };
    },
  };
}
