import { MODULE_FLAGS, parseDuration } from '@lexdesk/contract';
import type { Actor } from '../../platform/access/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { inTransaction, nowIso } from '../../platform/context.ts';
import { casesService, DEMO_CASES } from '../cases/index.ts';
import { usersService } from '../users/index.ts';
import { insertTask, listTasks, replaceAssignees } from './tasks.repo.ts';
import { insertEntry } from './time.repo.ts';
import { addDays, dayIn } from './time-zones.ts';

/** The demo tasks on the first demo case (docs/tasks.md): made by the admin, some assigned to the user. */
export const DEMO_TASKS = [
  {
    title: 'Reply to the letter before claim',
    priority: 'high',
    status: 'in_progress',
    dueInDays: 2,
    assignUser: true,
    description: '<p>Answer the carrier’s insurer point by point; attach the surveyor’s note.</p>',
    time: [{ who: 'user', duration: '1h20m', daysAgo: 1, activity: 'Drafting', billable: true }],
  },
  {
    title: 'Review the surveyor’s note',
    priority: 'normal',
    status: 'to_do',
    dueInDays: -1,
    assignUser: true,
    description: '<p>Check the findings on containers 4 and 7 against the bill of lading.</p>',
    time: [{ who: 'admin', duration: '45m', daysAgo: 2, activity: 'Review', billable: true }],
  },
  {
    title: 'Prepare the mediation bundle',
    priority: 'low',
    status: 'to_do',
    dueInDays: null,
    assignUser: false,
    description: '',
    time: [{ who: 'admin', duration: '0:30', daysAgo: 0, activity: 'Meeting', billable: false }],
  },
] as const;

/**
 * Demo tasks with typed time (no running timer), written straight to the tables: no notifications, no audit.
 * Idempotent: nothing is added when the first demo task exists.
 */
export async function seedDemoTasks(ctx: AppContext): Promise<void> {
  const users = usersService(ctx);
  const admin = await users.findByEmail('admin@example.com');
  const user = await users.findByEmail('user@example.com');
  const caseTitle = DEMO_CASES.find((c) => c.organisation === 'demo')?.body.title;
  if (!admin || !user || !caseTitle) return;
  const organisationId = admin.organisationId;
  const actor: Actor = {
    userId: admin.id,
    organisationId,
    role: admin.role,
    plan: 'Associate',
    modules: Object.fromEntries(MODULE_FLAGS.map((flag) => [flag, true])) as Actor['modules'],
    sessionId: 0,
  };
  const found = await casesService(ctx).list(actor, {
    page_no: 1,
    limits: 10,
    search_key: caseTitle,
    sort_by: 'updated',
    sort_order: 'desc',
  });
  const caseId = found.data.find((row) => row.title === caseTitle)?.id ?? null;
  const already = await listTasks(
    ctx.db,
    organisationId,
    {
      query: {
        page_no: 1,
        limits: 10,
        scope: 'all',
        sort: 'created_at',
        order: 'asc',
        search_key: DEMO_TASKS[0].title,
      },
      userId: admin.id,
      today: '',
    },
    { offset: 0, limit: 1 },
  );
  if (already.total > 0) return;
  const today = dayIn('UTC', ctx.now().getTime());
  await inTransaction(ctx, async (tx) => {
    const at = nowIso(tx);
    for (const sample of DEMO_TASKS) {
      const taskId = await insertTask(tx.db, {
        organisation_id: organisationId,
        case_id: caseId,
        title: sample.title,
        description: sample.description,
        due_date: sample.dueInDays === null ? null : addDays(today, sample.dueInDays),
        priority: sample.priority,
        status: sample.status,
        created_by: admin.id,
        created_at: at,
        updated_at: at,
      });
      await replaceAssignees(tx.db, organisationId, taskId, sample.assignUser ? [user.id] : [admin.id]);
      for (const time of sample.time)
        await insertEntry(tx.db, {
          organisation_id: organisationId,
          task_id: taskId,
          user_id: time.who === 'user' ? user.id : admin.id,
          case_id: caseId,
          state: 'stopped',
          date: addDays(today, -time.daysAgo),
          seconds: parseDuration(time.duration) ?? 0,
          billable: time.billable ? 1 : 0,
          activity_type: time.activity,
          note: '',
          source: 'manual',
          last_activity_at: null,
          flagged: 0,
          approved_by: null,
          approved_at: null,
          created_at: at,
          updated_at: at,
        });
    }
  });
}
