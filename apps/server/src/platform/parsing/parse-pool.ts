import { workQueueMessages } from '@lexdesk/contract';
import { Worker } from 'node:worker_threads';
import { FairQueue, UNLIMITED_ADMISSION, type QueueAdmission, type WorkRequester } from '../queues/fair-queue.ts';

/**
 * Parsing of untrusted files (email import, text extraction, .docx inflate checks, template inspection,
 * document comparison) runs here, on worker threads, never on the thread that answers requests: a hostile
 * file can then cost at most one worker for `timeoutMs` and `memoryMb`, and every other request keeps being
 * answered. The threads are shared by every organisation: a FairQueue in front admits and orders the work
 * (platform/queues), and background jobs have threads of their own.
 */
export interface ParseLimits {
  /** Worker threads for the work users ask for in requests (uploads, imports, comparisons). */
  workers: number;
  /** Worker threads for background jobs (indexing): a bulk index never delays an upload, nor the reverse. */
  backgroundWorkers: number;
  /** Longest a task may run; past it the worker is stopped and the task fails with ParseLimitError. */
  timeoutMs: number;
  /** V8 heap of a worker; past it the worker is stopped and the task fails with ParseLimitError. */
  memoryMb: number;
  /** Tasks per user, per organisation and in all that the request threads' queue holds (429 past them). */
  admission: QueueAdmission;
  /** Worker threads that fill templates (executions), besides the others: `workers` when not given. */
  renderWorkers?: number;
}

/**
 * What the render lane holds per user, per organisation and in all. A render takes tens of milliseconds and the
 * lane serves users in turn, so it admits generously: a firm's whole office generating at once, or one user's
 * batch of 25, waits its turn instead of being refused; the bound only caps what waiting work may hold.
 */
export const RENDER_ADMISSION: QueueAdmission = { perUser: 25, perOrganisation: 100, total: 400 };

export interface TaskRequest {
  id: number;
  /** URL of the module that exports the task (loaded once per worker). */
  module: string;
  task: string;
  args: unknown[];
}

export type TaskResponse =
  | { id: number; started: true }
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; name: string; message: string };

/** A parse went past its time or memory limit; the worker running it was stopped, nothing was kept. */
export class ParseLimitError extends Error {
  constructor(readonly limit: 'time' | 'memory') {
    super(limit === 'time' ? 'The file took too long to read.' : 'The file needed too much memory to read.');
    this.name = 'ParseLimitError';
  }
}

/** What the parser threw inside the worker, under its own name (ZipBombError, …), so callers can tell. */
export class ParseTaskError extends Error {
  constructor(name: string, message: string) {
    super(message);
    this.name = name;
  }
}

interface Job {
  request: TaskRequest;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

const WORKER_URL = new URL('./parse-worker.mjs', import.meta.url);
/** Longest a worker may take to start and load a task's module, before the task's own time limit runs. */
const STARTUP_LIMIT_MS = 60_000;
let nextTaskId = 1;

export class ParsePool {
  private readonly idle: Worker[] = [];
  private readonly queue: Job[] = [];
  private live = 0;
  /** Work users wait for in a request, within its admission limits. */
  private readonly requests: FairQueue;
  /** Background jobs: their number is bounded by the job workers already, so nothing is refused. */
  private readonly background: FairQueue;
  /** Template fills: short tasks, on threads of their own, every thread usable by one firm while none other waits. */
  private readonly renders: FairQueue;

  constructor(readonly limits: ParseLimits) {
    const messages = workQueueMessages.documents;
    this.requests = new FairQueue({ concurrency: limits.workers, admission: limits.admission, messages });
    this.background = new FairQueue({
      concurrency: limits.backgroundWorkers,
      admission: UNLIMITED_ADMISSION,
      messages,
    });
    this.renders = new FairQueue({
      concurrency: this.renderWorkers,
      admission: RENDER_ADMISSION,
      messages,
      keepSlotForOthers: false,
    });
  }

  private get renderWorkers(): number {
    return this.limits.renderWorkers ?? this.limits.workers;
  }

  /** Runs a template fill for a user's request (as `run`), in the render lane. */
  render<T>(who: WorkRequester, module: URL, task: string, args: unknown[]): Promise<T> {
    return this.renders.run(who, () => this.runOnWorker<T>(module, task, args));
  }

  /**
   * Runs `module`'s export `task` with `args` (structured-cloned: Buffers arrive as Buffers, leave as
   * Uint8Arrays) for `who`: a user's work in the request queue (429 past its limits; dropped while waiting
   * when the client goes away), an organisation's background work (`userId` null) on the jobs' threads.
   * A task already running on a worker finishes.
   */
  run<T>(who: WorkRequester, module: URL, task: string, args: unknown[]): Promise<T> {
    const lane = who.userId === null ? this.background : this.requests;
    return lane.run(who, () => this.runOnWorker<T>(module, task, args));
  }

  /** Throws the 429 that `run` would answer for `who` now (FairQueue.refuseIfFull): ask before costly work. */
  refuseIfFull(who: WorkRequester): void {
    (who.userId === null ? this.background : this.requests).refuseIfFull(who);
  }

  /** The tasks of the request queue running and waiting now. */
  get requestQueueSize(): { running: number; waiting: number } {
    return this.requests.size;
  }

  private runOnWorker<T>(module: URL, task: string, args: unknown[]): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const request = { id: nextTaskId++, module: module.href, task, args };
      this.queue.push({ request, resolve: resolve as (value: unknown) => void, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.queue.length > 0) {
      // The fair queues start no more tasks than there are threads; a task waits here only while a stopped
      // worker's thread exits.
      const threads = this.limits.workers + this.limits.backgroundWorkers + this.renderWorkers;
      const worker = this.idle.pop() ?? (this.live < threads ? this.spawn() : null);
      if (!worker) return;
      this.start(worker, this.queue.shift() as Job);
    }
  }

  private spawn(): Worker {
    const worker = new Worker(WORKER_URL, {
      resourceLimits: {
        maxOldGenerationSizeMb: this.limits.memoryMb,
        maxYoungGenerationSizeMb: Math.min(64, Math.max(8, Math.floor(this.limits.memoryMb / 8))),
      },
    });
    this.live += 1;
    // An idle worker never keeps the process alive; a busy one does (see start).
    worker.unref();
    worker.once('exit', () => {
      this.live -= 1;
      const at = this.idle.indexOf(worker);
      if (at >= 0) this.idle.splice(at, 1);
      this.pump();
    });
    // An error of an idle worker (none expected) must not crash the process: its exit follows.
    worker.on('error', () => undefined);
    return worker;
  }

  private start(worker: Worker, job: Job): void {
    let settled = false;
    worker.ref();
    const finish = (keepWorker: boolean, settle: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      if (keepWorker) {
        worker.unref();
        this.idle.push(worker);
      } else {
        // Stopping the thread is the only way to end a parser stuck in a loop; its exit frees the slot.
        void worker.terminate();
      }
      settle();
      this.pump();
    };
    const onMessage = (response: TaskResponse) => {
      if (response.id !== job.request.id) return;
      if ('started' in response) {
        // The parser itself starts now: from here the task's time limit runs.
        clearTimeout(timer);
        timer = setTimeout(onTimeout, this.limits.timeoutMs);
        return;
      }
      finish(true, () =>
        response.ok ? job.resolve(response.value) : job.reject(new ParseTaskError(response.name, response.message)),
      );
    };
    const onError = (error: Error & { code?: string }) =>
      finish(false, () =>
        job.reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new ParseLimitError('memory') : error),
      );
    const onExit = () => finish(false, () => job.reject(new Error('The parsing worker stopped unexpectedly.')));
    const onTimeout = () => finish(false, () => job.reject(new ParseLimitError('time')));
    // Starting a thread and loading the parser's modules is not the file's fault: a separate, generous limit.
    let timer = setTimeout(onTimeout, Math.max(this.limits.timeoutMs, STARTUP_LIMIT_MS));
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
    worker.postMessage(job.request);
  }
}

/** One pool per set of limits in the process (the app's configuration; tests may ask for tighter ones). */
const pools = new Map<string, ParsePool>();

export function parsePool(limits: ParseLimits): ParsePool {
  const key = JSON.stringify(limits);
  let pool = pools.get(key);
  if (!pool) {
    pool = new ParsePool(limits);
    pools.set(key, pool);
  }
  return pool;
}

/** A Buffer over what a worker answered (a Uint8Array after the structured clone), without copying. */
export function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
