import { ERROR_CODES } from '@lexdesk/contract';
import { HttpError } from '../errors/http-error.ts';

/**
 * Admission control and fair scheduling in front of a shared, limited resource (the parsing threads, the
 * LibreOffice conversions): one user or one organisation can neither fill the queue nor make everyone else
 * wait behind its work (docs/operations.md, "Shared work queues").
 *
 * - Each user, each organisation and the whole queue may hold a few tasks (running or waiting); past that the
 *   task is refused at once with a 429 that says why, instead of joining an ever longer line.
 * - A free slot goes to the organisation served least recently (one that had nothing queued comes first),
 *   then, within it, to its user served least recently: round-robin over organisations, then users, not FIFO.
 * - With more than one slot, one organisation runs at most all but one of them at once, so a slot is always
 *   left for another organisation's next task however long the first one's tasks take.
 * - A waiting task whose asker stops waiting (the client went away: its signal aborts) leaves the queue; a
 *   running one gets the signal and may stop.
 */

/** Who asks for a piece of shared work. A required argument of every shared queue, so no caller skips it. */
export interface WorkRequester {
  organisationId: number;
  /** The user who asked; `null` for an organisation's background work (a job), which no user waits for. */
  userId: number | null;
  /** Aborted when whoever asked stops waiting (the client went away): their queued work is dropped. */
  signal: AbortSignal;
}

/** The work a user asks for in a request (the signal: the route's `signal`, aborted when the client goes). */
export function userWork(actor: { organisationId: number; userId: number }, signal: AbortSignal): WorkRequester {
  return { organisationId: actor.organisationId, userId: actor.userId, signal };
}

/** The signal of work nobody can call off: jobs, the demo seed at start. */
export const NEVER_ABORTED: AbortSignal = new AbortController().signal;

/** An organisation's background work (indexing jobs): no user, and nobody who goes away. */
export function backgroundWork(organisationId: number): WorkRequester {
  return { organisationId, userId: null, signal: NEVER_ABORTED };
}

/** How many tasks (running or waiting) a queue holds for one user, one organisation, and in all. */
export interface QueueAdmission {
  perUser: number;
  perOrganisation: number;
  total: number;
}

/** No admission limit: for work whose callers are bounded already (the job workers). */
export const UNLIMITED_ADMISSION: QueueAdmission = { perUser: Infinity, perOrganisation: Infinity, total: Infinity };

/** The 429 messages, in the words of what the queue runs (contract `workQueueMessages`). */
export interface QueueMessages {
  user: (count: number) => string;
  organisation: (count: number) => string;
  full: string;
}

export interface FairQueueOptions {
  /** Tasks running at once. */
  concurrency: number;
  admission: QueueAdmission;
  messages: QueueMessages;
  /**
   * True (the default): one organisation runs at most all but one slot, so a long task of one firm never makes
   * the next firm's wait. False for short tasks (renders of tens of milliseconds): every slot may serve one firm
   * while no other waits, and a firm that asks is served at the next free slot in its turn.
   */
  keepSlotForOthers?: boolean;
}

/** A queue refused the task: the user, the organisation or the whole queue holds its most (429). */
export class QueueFullError extends HttpError {
  constructor(detail: string) {
    super(429, ERROR_CODES.throttled, detail);
    this.name = 'QueueFullError';
  }
}

/** Whoever asked went away before the task's turn: nobody reads the answer (499, as proxies log it). */
export class WorkAbandonedError extends HttpError {
  constructor() {
    super(499, 'CLIENT_CLOSED_REQUEST', 'The request was cancelled before its turn.');
    this.name = 'WorkAbandonedError';
  }
}

/** The queue's answer rather than the work's (429, or the caller went away): pass it on, never record it. */
export const isQueueRefusal = (error: unknown): boolean =>
  error instanceof QueueFullError || error instanceof WorkAbandonedError;

interface Entry {
  start: () => void;
  abandon: () => void;
}

interface UserState {
  lastServed: number;
  held: number;
  waiting: Entry[];
}

interface OrganisationState {
  lastServed: number;
  held: number;
  running: number;
  users: Map<number | null, UserState>;
}

/** Starts `task` now; a task that throws before its first await rejects like one that fails later. */
function started<T>(task: (signal: AbortSignal) => Promise<T>, signal: AbortSignal): Promise<T> {
  try {
    return task(signal);
  } catch (error) {
    return Promise.reject(error as Error);
  }
}

/** The entry whose `lastServed` is smallest (0: nothing served since it last had work), first of equals. */
function leastRecentlyServed<K, S extends { lastServed: number }>(
  states: Map<K, S>,
  eligible: (state: S) => boolean,
): [K, S] | null {
  let best: [K, S] | null = null;
  for (const entry of states) {
    if (eligible(entry[1]) && (best === null || entry[1].lastServed < best[1].lastServed)) best = entry;
  }
  return best;
}

export class FairQueue {
  private readonly organisations = new Map<number, OrganisationState>();
  private readonly runningPerOrganisation: number;
  private running = 0;
  private held = 0;
  private turns = 0;

  constructor(private readonly options: FairQueueOptions) {
    this.runningPerOrganisation =
      options.keepSlotForOthers === false ? options.concurrency : Math.max(1, options.concurrency - 1);
  }

  /**
   * Runs `task` when its turn comes, or refuses it at once (429) past the admission limits. The task gets the
   * asker's signal. Rejects with WorkAbandonedError when the signal aborts before the task starts.
   */
  run<T>(who: WorkRequester, task: (signal: AbortSignal) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.refuseIfFull(who);
      const organisation = this.organisations.get(who.organisationId);
      const user = organisation?.users.get(who.userId);
      const org = organisation ?? this.addOrganisation(who.organisationId);
      const own = user ?? this.addUser(org, who.userId);
      org.held += 1;
      own.held += 1;
      this.held += 1;

      const release = () => {
        own.held -= 1;
        org.held -= 1;
        this.held -= 1;
        if (own.held === 0) org.users.delete(who.userId);
        if (org.held === 0) this.organisations.delete(who.organisationId);
      };
      const onAbort = () => entry.abandon();
      const entry: Entry = {
        start: () => {
          who.signal.removeEventListener('abort', onAbort);
          this.running += 1;
          org.running += 1;
          // The slot is freed and handed on before the caller hears the result.
          const done = () => {
            this.running -= 1;
            org.running -= 1;
            release();
            this.dispatch();
          };
          started(task, who.signal).then(
            (value) => {
              done();
              resolve(value);
            },
            (error: unknown) => {
              done();
              reject(error as Error);
            },
          );
        },
        abandon: () => {
          const at = own.waiting.indexOf(entry);
          if (at < 0) return;
          own.waiting.splice(at, 1);
          release();
          reject(new WorkAbandonedError());
        },
      };
      own.waiting.push(entry);
      who.signal.addEventListener('abort', onAbort, { once: true });
      this.dispatch();
    });
  }

  /**
   * Throws what `run` would answer now (429, or WorkAbandonedError) without queueing anything: a caller with
   * costly preparation (reading two long documents) asks first, so a refused request costs next to nothing.
   * `run` checks again, so a caller that skips this is still held to the limits.
   */
  refuseIfFull(who: WorkRequester): void {
    if (who.signal.aborted) throw new WorkAbandonedError();
    const organisation = this.organisations.get(who.organisationId);
    const user = organisation?.users.get(who.userId);
    const { admission, messages } = this.options;
    if ((user?.held ?? 0) >= admission.perUser) throw new QueueFullError(messages.user(user?.held ?? 0));
    if ((organisation?.held ?? 0) >= admission.perOrganisation)
      throw new QueueFullError(messages.organisation(organisation?.held ?? 0));
    if (this.held >= admission.total) throw new QueueFullError(messages.full);
  }

  /** Tasks running and waiting now (for tests and the health of the queue). */
  get size(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.held - this.running };
  }

  private addOrganisation(organisationId: number): OrganisationState {
    const state: OrganisationState = { lastServed: 0, held: 0, running: 0, users: new Map() };
    this.organisations.set(organisationId, state);
    return state;
  }

  private addUser(organisation: OrganisationState, userId: number | null): UserState {
    const state: UserState = { lastServed: 0, held: 0, waiting: [] };
    organisation.users.set(userId, state);
    return state;
  }

  /** Fills the free slots: the organisation served least recently that may run one more, then its user. */
  private dispatch(): void {
    while (this.running < this.options.concurrency) {
      const organisation = leastRecentlyServed(
        this.organisations,
        (org) => org.running < this.runningPerOrganisation && [...org.users.values()].some((u) => u.waiting.length > 0),
      );
      if (!organisation) return;
      const user = leastRecentlyServed(organisation[1].users, (u) => u.waiting.length > 0);
      if (!user) return;
      this.turns += 1;
      organisation[1].lastServed = this.turns;
      user[1].lastServed = this.turns;
      (user[1].waiting.shift() as Entry).start();
    }
  }
}
