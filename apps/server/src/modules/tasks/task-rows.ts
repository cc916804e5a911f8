import type { TaskRow, TaskPriority, TaskStatus } from '@lexdesk/contract';
import type { Actor } from '../../platform/access/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { caseSummaries } from '../cases/index.ts';
import { isManager, mayDelete } from './task-access.ts';
import { assigneesOf, checklistCounts, userNames, type TaskRecord } from './tasks.repo.ts';
import { openSpansOnTasks, secondsPerTask } from './time.repo.ts';
import { wholeSecondsNow } from './timer-clock.ts';

export interface TaskTimes {
  all: number;
  billable: number;
  mine: number;
  count: number;
  myTimer: boolean;
}

/** Time on each task: stored seconds plus the running timers' open spans up to now. */
export async function timesOf(ctx: AppContext, actor: Actor, taskIds: readonly number[]) {
  const stored = await secondsPerTask(ctx.db, actor.organisationId, taskIds, actor.userId);
  const open = await openSpansOnTasks(ctx.db, actor.organisationId, taskIds);
  const now = wholeSecondsNow(ctx).getTime();
  const times = new Map<number, TaskTimes>();
  for (const id of taskIds) {
    const s = stored.get(id) ?? { all: 0, billable: 0, mine: 0, count: 0 };
    times.set(id, { ...s, myTimer: false });
  }
  for (const span of open) {
    const t = times.get(span.task_id);
    if (!t) continue;
    const running = Math.max(0, Math.round((now - Date.parse(span.started_at)) / 1000));
    t.all += running;
    if (span.billable === 1) t.billable += running;
    if (span.user_id === actor.userId) t.mine += running;
  }
  return times;
}

/** Tasks as list rows: assignees, case titles, creators, time and checklist counts in a few queries. */
export async function toTaskRows(ctx: AppContext, actor: Actor, tasks: readonly TaskRecord[]): Promise<TaskRow[]> {
  const ids = tasks.map((t) => t.id);
  const org = actor.organisationId;
  const assignees = await assigneesOf(ctx.db, org, ids);
  const names = await userNames(ctx.db, org, [...tasks.map((t) => t.created_by), ...[...assignees.values()].flat()]);
  const cases = await caseSummaries(
    ctx,
    org,
    tasks.flatMap((t) => (t.case_id === null ? [] : [t.case_id])),
  );
  const checklist = await checklistCounts(ctx.db, org, ids);
  const times = await timesOf(ctx, actor, ids);
  const manager = isManager(actor);
  return tasks.map((task) => {
    const people = assignees.get(task.id) ?? [];
    const edit = manager || task.created_by === actor.userId || people.includes(actor.userId);
    return {
      id: task.id,
      title: task.title,
      case_id: task.case_id,
      case_title: task.case_id === null ? null : (cases.get(task.case_id)?.title ?? null),
      status: task.status as TaskStatus,
      priority: task.priority as TaskPriority,
      due_date: task.due_date,
      assignees: people.map((id) => ({ id, name: names.get(id) ?? '' })),
      created_by: task.created_by,
      created_by_name: task.created_by === null ? null : (names.get(task.created_by) ?? null),
      logged_seconds: times.get(task.id)?.all ?? 0,
      checklist_done: checklist.get(task.id)?.done ?? 0,
      checklist_total: checklist.get(task.id)?.total ?? 0,
      created_at: task.created_at,
      updated_at: task.updated_at,
      actions: { edit, delete: mayDelete(actor, task) },
    };
  });
}
