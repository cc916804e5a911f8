import {
  TASK_TIMER_MAX_SECONDS as MAX,
  taskMessages as M,
  type OngoingTimer,
  type TimerAnswer,
  type TimerIdleBody,
  type TimerStartBody,
  type TimerStopBody,
} from '@lexdesk/contract';
import type { Actor } from '../../platform/access/actor.ts';
import { auditService, type AuditActor } from '../../platform/audit/audit.service.ts';
import { inTransaction, type AppContext } from '../../platform/context.ts';
import { dialectOf } from '../../db/dialect.ts';
import { conflict } from '../../platform/errors/http-error.ts';
import { notificationsService } from '../notifications/index.ts';
import { settingsOf } from './settings.service.ts';
import { visibleTask } from './task-access.ts';
import { findTask } from './tasks.repo.ts';
import {
  closeSpan,
  findOpenSpan,
  findTimer,
  insertEntry,
  lockUser,
  openSpan,
  runningTimersEverywhere,
  updateEntry,
  type EntryRecord,
  type SpanRecord,
} from './time.repo.ts';
import { secondsBetween, wholeSecondsNow } from './timer-clock.ts';
import { dayIn } from './time-zones.ts';

interface Timer {
  entry: EntryRecord;
  open: SpanRecord | undefined;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** A second start of the same user lost the race for the partial unique index (SQLite or PostgreSQL). */
function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** Reads the user's timer; stops it at 12 hours of running time when it ran past them (inside `tx`). */
async function settle(tx: AppContext, who: AuditActor & { userId: number }): Promise<Timer | null> {
  const entry = await findTimer(tx.db, who.organisationId, who.userId);
  if (!entry) return null;
  const open = await findOpenSpan(tx.db, who.organisationId, entry.id);
  const now = wholeSecondsNow(tx).getTime();
  if (entry.state !== 'running' || !open) return { entry, open };
  if (entry.seconds + secondsBetween(open.started_at, now) < MAX) return { entry, open };
  const end = Date.parse(open.started_at) + Math.max(0, MAX - entry.seconds) * 1000;
  await closeSpan(tx.db, who.organisationId, open.id, iso(end));
  await updateEntry(tx.db, who.organisationId, entry.id, {
    state: 'stopped',
    seconds: Math.max(entry.seconds, MAX),
    flagged: 1,
    updated_at: iso(now),
  });
  const task = await findTask(tx.db, who.organisationId, entry.task_id);
  await auditService(tx).record(who, 'task', entry.task_id, 'timer.auto_stopped', {
    entry_id: entry.id,
    seconds: MAX,
  });
  await notificationsService(tx).notify({
    organisationId: who.organisationId,
    userId: who.userId,
    text: M.timerAutoStopped(task?.title ?? ''),
    operation: 'timer_auto_stopped',
    type: 'task',
    caseId: entry.case_id,
    taskId: entry.task_id,
  });
  return null;
}

/** The running total of a timer at `now` (closed spans plus the open one). */
export const timerSeconds = (entry: EntryRecord, open: SpanRecord | undefined, now: number): number =>
  entry.seconds + (entry.state === 'running' && open ? secondsBetween(open.started_at, now) : 0);

/**
 * The server's timer (docs/tasks.md, "Timers"): one per user, kept as span start times, so it survives closed
 * browsers and restarted servers; every read and write first stops a timer that ran past 12 hours.
 */
export function timerService(ctx: AppContext) {
  const dialect = dialectOf(ctx);

  /** One timer call of the actor in a transaction that holds the user's lock, with the timer settled. */
  const locked = <T>(actor: Actor, work: (tx: AppContext, timer: Timer | null) => Promise<T>) =>
    inTransaction(ctx, async (tx) => {
      await lockUser(tx.db, dialect, actor.organisationId, actor.userId);
      return work(tx, await settle(tx, actor));
    });

  const closeOpen = async (tx: AppContext, timer: Timer, atMs: number) => {
    if (!timer.open) return timer.entry.seconds;
    const end = Math.max(atMs, Date.parse(timer.open.started_at));
    await closeSpan(tx.db, timer.entry.organisation_id, timer.open.id, iso(end));
    return timer.entry.seconds + secondsBetween(timer.open.started_at, end);
  };

  const stopTimer = async (tx: AppContext, actor: Actor, timer: Timer, atMs: number, body: TimerStopBody = {}) => {
    const seconds = await closeOpen(tx, timer, atMs);
    await updateEntry(tx.db, actor.organisationId, timer.entry.id, {
      state: 'stopped',
      seconds,
      ...(body.note === undefined ? {} : { note: body.note }),
      ...(body.billable === undefined ? {} : { billable: body.billable ? 1 : 0 }),
      ...(body.activity_type === undefined ? {} : { activity_type: body.activity_type }),
      updated_at: iso(wholeSecondsNow(tx).getTime()),
    });
    await auditService(tx).record(actor, 'task', timer.entry.task_id, 'timer.stopped', {
      entry_id: timer.entry.id,
      seconds,
    });
    return timer.entry.id;
  };

  /** No timer: the organisation's idle limit and the server's clock only. */
  const none = async (actor: Actor, now = wholeSecondsNow(ctx)): Promise<OngoingTimer> => {
    const settings = await settingsOf(ctx, actor.organisationId);
    return {
      task_id: null,
      task_name: null,
      timer_seconds: 0,
      task_created_by: null,
      entry_id: null,
      state: null,
      case_id: null,
      idle_seconds: 0,
      idle_limit_seconds: settings.idle_minutes * 60,
      server_time: now.toISOString(),
    };
  };

  const ongoing = async (actor: Actor): Promise<OngoingTimer> => {
    const now = wholeSecondsNow(ctx);
    const empty = await none(actor, now);
    let entry = await findTimer(ctx.db, actor.organisationId, actor.userId);
    if (!entry) return empty;
    let open = await findOpenSpan(ctx.db, actor.organisationId, entry.id);
    if (entry.state === 'running' && open && timerSeconds(entry, open, now.getTime()) >= MAX) {
      const settled = await locked(actor, async (_tx, timer) => timer);
      if (!settled) return empty;
      ({ entry, open } = settled);
    }
    const task = await findTask(ctx.db, actor.organisationId, entry.task_id);
    const running = entry.state === 'running' && open !== undefined;
    const lastActive = Math.max(
      entry.last_activity_at ? Date.parse(entry.last_activity_at) : 0,
      open ? Date.parse(open.started_at) : 0,
    );
    return {
      ...empty,
      task_id: entry.task_id,
      task_name: task?.title ?? null,
      timer_seconds: timerSeconds(entry, open, now.getTime()),
      task_created_by: task?.created_by ?? null,
      entry_id: entry.id,
      state: running ? 'running' : 'paused',
      case_id: entry.case_id,
      idle_seconds: running ? Math.max(0, Math.round((now.getTime() - lastActive) / 1000)) : 0,
    };
  };

  const answer = async (actor: Actor, detail: string, stopped: number | null = null): Promise<TimerAnswer> => ({
    detail,
    timer: await ongoing(actor),
    stopped_entry_id: stopped,
  });

  return {
    ongoing,
    /** The answer without a timer (also for callers without the task tracker). */
    none,

    /**
     * POST task/{task_id}/timer/start/: stops the user's other timer first (one transaction). The same task's
     * timer is resumed (or left running). Concurrent starts queue on the user's lock; should two still meet,
     * the partial unique index refuses the second insert and the start is tried again.
     */
    async start(actor: Actor, taskId: number, body: TimerStartBody): Promise<TimerAnswer> {
      const task = await visibleTask(ctx, actor, taskId);
      for (let attempt = 1; ; attempt += 1) {
        try {
          const stopped = await locked(actor, async (tx, timer) => {
            const now = wholeSecondsNow(tx).getTime();
            if (timer && timer.entry.task_id === taskId) {
              if (timer.entry.state === 'paused') {
                await openSpan(tx.db, actor.organisationId, timer.entry.id, iso(now));
                await updateEntry(tx.db, actor.organisationId, timer.entry.id, {
                  state: 'running',
                  last_activity_at: iso(now),
                  updated_at: iso(now),
                });
              }
              return null;
            }
            const stoppedId = timer ? await stopTimer(tx, actor, timer, now) : null;
            const id = await insertEntry(tx.db, {
              organisation_id: actor.organisationId,
              task_id: taskId,
              user_id: actor.userId,
              case_id: task.case_id,
              state: 'running',
              date: dayIn(body.tz ?? 'UTC', now),
              seconds: 0,
              billable: body.billable === false ? 0 : 1,
              activity_type: body.activity_type ?? 'Other',
              note: body.note ?? '',
              source: 'timer',
              last_activity_at: iso(now),
              flagged: 0,
              approved_by: null,
              approved_at: null,
              created_at: iso(now),
              updated_at: iso(now),
            });
            await openSpan(tx.db, actor.organisationId, id, iso(now));
            await auditService(tx).record(actor, 'task', taskId, 'timer.started', { entry_id: id });
            return stoppedId;
          });
          return await answer(actor, M.timerStarted, stopped);
        } catch (error) {
          if (!isUniqueViolation(error) || attempt >= 5) throw error;
        }
      }
    },

    /** POST task/timer/pause/: closes the open span. */
    async pause(actor: Actor): Promise<TimerAnswer> {
      await locked(actor, async (tx, timer) => {
        if (!timer) throw conflict(M.noTimer);
        if (timer.entry.state !== 'running') throw conflict(M.timerNotRunning);
        const now = wholeSecondsNow(tx).getTime();
        const seconds = await closeOpen(tx, timer, now);
        await updateEntry(tx.db, actor.organisationId, timer.entry.id, {
          state: 'paused',
          seconds,
          updated_at: iso(now),
        });
      });
      return answer(actor, M.timerPaused);
    },

    /** POST task/timer/resume/: opens a new span now. */
    async resume(actor: Actor): Promise<TimerAnswer> {
      await locked(actor, async (tx, timer) => {
        if (!timer) throw conflict(M.noTimer);
        if (timer.entry.state !== 'paused') throw conflict(M.timerNotPaused);
        const now = wholeSecondsNow(tx).getTime();
        await openSpan(tx.db, actor.organisationId, timer.entry.id, iso(now));
        await updateEntry(tx.db, actor.organisationId, timer.entry.id, {
          state: 'running',
          last_activity_at: iso(now),
          updated_at: iso(now),
        });
      });
      return answer(actor, M.timerResumed);
    },

    /** POST task/timer/stop/: the entry keeps its raw seconds, with the note, billable and activity type sent. */
    async stop(actor: Actor, body: TimerStopBody): Promise<TimerAnswer> {
      const stopped = await locked(actor, async (tx, timer) => {
        if (!timer) throw conflict(M.noTimer);
        return stopTimer(tx, actor, timer, wholeSecondsNow(tx).getTime(), body);
      });
      return answer(actor, M.timerStopped, stopped);
    },

    /** POST task/timer/activity/: the user is active (the web reports it at most once a minute). */
    async activity(actor: Actor): Promise<TimerAnswer> {
      await locked(actor, async (tx, timer) => {
        if (!timer || timer.entry.state !== 'running') return;
        const now = iso(wholeSecondsNow(tx).getTime());
        await updateEntry(tx.db, actor.organisationId, timer.entry.id, { last_activity_at: now });
      });
      return answer(actor, M.activityRecorded);
    },

    /**
     * POST task/timer/idle/: keep the idle time; discard it (the span ends at the last activity and a new one
     * starts now); or stop the timer at the last activity.
     */
    async idle(actor: Actor, body: TimerIdleBody): Promise<TimerAnswer> {
      const result = await locked(actor, async (tx, timer) => {
        if (!timer) throw conflict(M.noTimer);
        if (timer.entry.state !== 'running' || !timer.open) throw conflict(M.timerNotRunning);
        const now = wholeSecondsNow(tx).getTime();
        const last = Math.max(
          timer.entry.last_activity_at ? Date.parse(timer.entry.last_activity_at) : 0,
          Date.parse(timer.open.started_at),
        );
        const at = Math.min(last, now);
        if (body.action === 'keep') {
          await updateEntry(tx.db, actor.organisationId, timer.entry.id, { last_activity_at: iso(now) });
          return { detail: M.idleKept, stopped: null };
        }
        if (body.action === 'stop') return { detail: M.idleStopped, stopped: await stopTimer(tx, actor, timer, at) };
        const seconds = await closeOpen(tx, timer, at);
        await openSpan(tx.db, actor.organisationId, timer.entry.id, iso(now));
        await updateEntry(tx.db, actor.organisationId, timer.entry.id, {
          seconds,
          last_activity_at: iso(now),
          updated_at: iso(now),
        });
        return { detail: M.idleDiscarded, stopped: null };
      });
      return answer(actor, result.detail, result.stopped);
    },
  };
}

/** The hourly sweep (housekeeping): stops every timer of every organisation that ran past 12 hours. */
export async function stopOverlongTimers(ctx: AppContext): Promise<number> {
  let stopped = 0;
  for (const who of await runningTimersEverywhere(ctx.db)) {
    const dialect = dialectOf(ctx);
    const timer = await inTransaction(ctx, async (tx) => {
      await lockUser(tx.db, dialect, who.organisation_id, who.user_id);
      return settle(tx, { organisationId: who.organisation_id, userId: who.user_id });
    });
    if (!timer) stopped += 1;
  }
  return stopped;
}
