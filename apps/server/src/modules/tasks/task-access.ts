import { can, taskMessages as M } from '@lexdesk/contract';
import type { Actor } from '../../platform/access/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { forbidden, notFound } from '../../platform/errors/http-error.ts';
import { findTask, isAssignee, type TaskRecord } from './tasks.repo.ts';

/** Staff edit and delete any task, entry and comment of the organisation (contract `tasks.manage`). */
export const isManager = (actor: Actor): boolean => can(actor, 'tasks.manage');

/** A task of the actor's organisation (everyone with the module reads all of them), or 404. */
export async function visibleTask(ctx: AppContext, actor: Actor, taskId: number): Promise<TaskRecord> {
  const task = await findTask(ctx.db, actor.organisationId, taskId);
  if (!task) throw notFound();
  return task;
}

/** May the actor change the task: staff, its creator or an assignee. */
export async function mayEdit(ctx: AppContext, actor: Actor, task: TaskRecord): Promise<boolean> {
  if (isManager(actor) || task.created_by === actor.userId) return true;
  return isAssignee(ctx.db, actor.organisationId, task.id, actor.userId);
}

/** May the actor delete the task: staff or its creator. */
export const mayDelete = (actor: Actor, task: TaskRecord): boolean =>
  isManager(actor) || task.created_by === actor.userId;

/** A task the actor may change (403 when they only read it, 404 when it is not theirs to see). */
export async function editableTask(ctx: AppContext, actor: Actor, taskId: number): Promise<TaskRecord> {
  const task = await visibleTask(ctx, actor, taskId);
  if (!(await mayEdit(ctx, actor, task))) throw forbidden(M.notYours);
  return task;
}
