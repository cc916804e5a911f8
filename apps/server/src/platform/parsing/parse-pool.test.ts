import { describe, expect, it } from 'vitest';
import { backgroundWork, NEVER_ABORTED, QueueFullError, type WorkRequester } from '../queues/fair-queue.ts';
import { asBuffer, ParseLimitError, ParsePool, ParseTaskError, type ParseLimits } from './parse-pool.ts';

const TASKS = new URL('./parse-pool.fixtures.ts', import.meta.url);
const ADMIT_ALL = { perUser: 100, perOrganisation: 100, total: 100 };
const limitsOf = (limits: Partial<ParseLimits>): ParseLimits => ({
  workers: 1,
  backgroundWorkers: 1,
  timeoutMs: 5_000,
  memoryMb: 64,
  admission: ADMIT_ALL,
  ...limits,
});
const user = (organisationId: number, userId: number, signal = NEVER_ABORTED): WorkRequester => ({
  organisationId,
  userId,
  signal,
});
const who = user(1, 1);

/** A task that holds its worker until `release()`: no timing, the test decides. */
function held(pool: ParsePool, requester: WorkRequester) {
  const flag = new SharedArrayBuffer(4);
  const done = pool.run<string>(requester, TASKS, 'hold', [flag]);
  const release = () => {
    const cell = new Int32Array(flag);
    Atomics.store(cell, 0, 1);
    Atomics.notify(cell, 0);
  };
  return { done, release };
}

describe('ParsePool', () => {
  const pool = new ParsePool(limitsOf({}));

  it('runs a TypeScript task on a worker thread (tsx, as the server runs) with Buffers in and out', async () => {
    const result = await pool.run<{ isBuffer: boolean; bytes: Uint8Array }>(who, TASKS, 'echo', [Buffer.from('hello')]);
    expect(result.isBuffer).toBe(true);
    expect(asBuffer(result.bytes).toString()).toBe('hello');
  });

  it('keeps the name and message of what the task threw', async () => {
    const error = await pool.run(who, TASKS, 'fail', []).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ParseTaskError);
    expect(error).toMatchObject({ name: 'RangeError', message: 'the parser gave up' });
  });

  it('stops a task past the time limit, and the pool runs the next one on a new worker', async () => {
    const quick = new ParsePool(limitsOf({ timeoutMs: 300 }));
    const started = performance.now();
    await expect(quick.run(who, TASKS, 'spin', [])).rejects.toEqual(new ParseLimitError('time'));
    expect(performance.now() - started).toBeLessThan(10_000);
    const again = await quick.run<{ bytes: Uint8Array }>(who, TASKS, 'echo', [Buffer.from('again')]);
    expect(asBuffer(again.bytes).toString()).toBe('again');
  });

  it('stops a task past the memory limit', async () => {
    const small = new ParsePool(limitsOf({ timeoutMs: 60_000 }));
    const error = await small.run(who, TASKS, 'allocate', []).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ParseLimitError);
    expect((error as ParseLimitError).limit).toBe('memory');
  });

  it('queues tasks beyond its workers and answers each', async () => {
    const results = await Promise.all(
      ['a', 'b', 'c'].map((text) => pool.run<{ bytes: Uint8Array }>(who, TASKS, 'echo', [Buffer.from(text)])),
    );
    expect(results.map((r) => asBuffer(r.bytes).toString())).toEqual(['a', 'b', 'c']);
  });

  it("runs another organisation's task before the first organisation's queued ones, and refuses a user past their share", async () => {
    const shared = new ParsePool(limitsOf({ admission: { perUser: 2, perOrganisation: 10, total: 10 } }));
    const first = held(shared, user(1, 10));
    const second = held(shared, user(1, 10));
    // The user holds two tasks (one running, one waiting): a third is refused at once.
    await expect(shared.run(user(1, 10), TASKS, 'echo', [Buffer.from('x')])).rejects.toBeInstanceOf(QueueFullError);
    const other = shared.run<{ bytes: Uint8Array }>(user(2, 20), TASKS, 'echo', [Buffer.from('other firm')]);
    first.release();
    // First come, first served would start `second` on the only worker, which holds it: `other` would never end.
    expect(asBuffer((await other).bytes).toString()).toBe('other firm');
    second.release();
    await expect(Promise.all([first.done, second.done])).resolves.toEqual(['released', 'released']);
  });

  it('gives background jobs threads of their own: neither waits for the other', async () => {
    const lanes = new ParsePool(limitsOf({}));
    // An upload holds the only request thread: a job still runs.
    const upload = held(lanes, user(1, 10));
    const indexed = await lanes.run<{ bytes: Uint8Array }>(backgroundWork(2), TASKS, 'echo', [Buffer.from('job')]);
    expect(asBuffer(indexed.bytes).toString()).toBe('job');
    upload.release();
    await upload.done;
    // A bulk index holds the only job thread: an upload still runs.
    const bulkIndex = held(lanes, backgroundWork(2));
    const another = await lanes.run<{ bytes: Uint8Array }>(user(3, 30), TASKS, 'echo', [Buffer.from('upload')]);
    expect(asBuffer(another.bytes).toString()).toBe('upload');
    bulkIndex.release();
    await bulkIndex.done;
  });

  it('drops a waiting task when its client goes away; the worker never runs it', async () => {
    const single = new ParsePool(limitsOf({}));
    const running = held(single, user(1, 10));
    const client = new AbortController();
    const gone = single.run(user(2, 20, client.signal), TASKS, 'fail', []);
    expect(single.requestQueueSize).toEqual({ running: 1, waiting: 1 });
    client.abort();
    await expect(gone).rejects.toMatchObject({ statusCode: 499 });
    expect(single.requestQueueSize).toEqual({ running: 1, waiting: 0 });
    running.release();
    await running.done;
  });
});
