import { workQueueMessages } from '@lexdesk/contract';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../errors/http-error.ts';
import { FairQueue, WorkAbandonedError, type QueueAdmission, type WorkRequester } from './fair-queue.ts';

/** A promise the test settles itself: tasks end when the test says, never after a delay. */
function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

const M = workQueueMessages.documents;

function queueOf(concurrency: number, admission: Partial<QueueAdmission> = {}, keepSlotForOthers = true) {
  const queue = new FairQueue({
    concurrency,
    admission: { perUser: 100, perOrganisation: 100, total: 100, ...admission },
    messages: M,
    keepSlotForOthers,
  });
  const started: string[] = [];
  const gates = new Map<string, ReturnType<typeof deferred>>();
  /** Queues a task named `name` that records its start and ends when `finish(name)` is called. */
  const submit = (name: string, who: WorkRequester) => {
    const gate = deferred();
    gates.set(name, gate);
    return queue.run(who, async () => {
      started.push(name);
      await gate.promise;
      return name;
    });
  };
  const finish = async (name: string, result: Promise<string>) => {
    gates.get(name)?.resolve();
    await result;
  };
  return { queue, started, submit, finish };
}

const never = new AbortController().signal;
const who = (organisationId: number, userId: number | null, signal = never): WorkRequester => ({
  organisationId,
  userId,
  signal,
});

async function refusal(promise: Promise<unknown>): Promise<HttpError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

describe('FairQueue', () => {
  it('refuses a user past their tasks running or waiting, with a 429 that says how many', async () => {
    const { submit, finish } = queueOf(1, { perUser: 2 });
    const first = submit('a1', who(1, 10));
    const second = submit('a2', who(1, 10));
    const error = await refusal(submit('a3', who(1, 10)));
    expect(error.statusCode).toBe(429);
    expect(error.message).toBe(M.user(2));
    expect(error.message).toBe('You already have 2 documents being processed; try again when one finishes.');
    // Another user of the same organisation is still admitted; the user is again once a task ends.
    const colleague = submit('b1', who(1, 11));
    await finish('a1', first);
    const again = submit('a3', who(1, 10));
    // The colleague had nothing running: their task goes before the user's next one.
    await finish('b1', colleague);
    await finish('a2', second);
    await finish('a3', again);
  });

  it('refuses an organisation past its tasks running or waiting, whichever user asks', async () => {
    const { submit, finish } = queueOf(1, { perUser: 5, perOrganisation: 2 });
    const first = submit('a', who(1, 10));
    const second = submit('b', who(1, 11));
    const error = await refusal(submit('c', who(1, 12)));
    expect(error.statusCode).toBe(429);
    expect(error.message).toBe(M.organisation(2));
    const elsewhere = submit('x', who(2, 20));
    await finish('a', first);
    await finish('x', elsewhere);
    await finish('b', second);
  });

  it('bounds the whole queue', async () => {
    const { submit, finish } = queueOf(1, { total: 2 });
    const first = submit('a', who(1, 10));
    const second = submit('b', who(2, 20));
    const error = await refusal(submit('c', who(3, 30)));
    expect(error.statusCode).toBe(429);
    expect(error.message).toBe(M.full);
    await finish('a', first);
    await finish('b', second);
  });

  it('serves organisations in turn, then their users in turn, not in arrival order', async () => {
    const { started, submit, finish } = queueOf(1);
    const tasks = {
      a1: submit('a1', who(1, 10)),
      a2: submit('a2', who(1, 10)),
      a3: submit('a3', who(1, 10)),
      c1: submit('c1', who(1, 11)),
      b1: submit('b1', who(2, 20)),
      b2: submit('b2', who(2, 20)),
      d1: submit('d1', who(3, 30)),
    };
    for (const name of ['a1', 'b1', 'd1', 'c1', 'b2', 'a2', 'a3'] as const) {
      expect(started.at(-1)).toBe(name);
      await finish(name, tasks[name]);
    }
    expect(started).toEqual(['a1', 'b1', 'd1', 'c1', 'b2', 'a2', 'a3']);
  });

  it('puts an organisation that had nothing queued ahead of one just served', async () => {
    const { started, submit, finish } = queueOf(1);
    const a1 = submit('a1', who(1, 10));
    const a2 = submit('a2', who(1, 10));
    await finish('a1', a1);
    // a2 runs; a3 waits. B arrives after a3 and still goes first.
    const a3 = submit('a3', who(1, 10));
    const b1 = submit('b1', who(2, 20));
    await finish('a2', a2);
    expect(started.at(-1)).toBe('b1');
    await finish('b1', b1);
    await finish('a3', a3);
  });

  it('leaves one slot to other organisations however many tasks one organisation has', async () => {
    const { started, submit, finish } = queueOf(2);
    const a1 = submit('a1', who(1, 10));
    const a2 = submit('a2', who(1, 11));
    expect(started).toEqual(['a1']);
    // The second slot stays free for another organisation, which starts at once.
    const b1 = submit('b1', who(2, 20));
    expect(started).toEqual(['a1', 'b1']);
    await finish('b1', b1);
    await finish('a1', a1);
    expect(started).toEqual(['a1', 'b1', 'a2']);
    await finish('a2', a2);
  });

  it('for short tasks (renders), lets one organisation use every slot while no other waits, then serves the next in turn', async () => {
    const { started, submit, finish } = queueOf(2, {}, false);
    const a1 = submit('a1', who(1, 10));
    const a2 = submit('a2', who(1, 11));
    const a3 = submit('a3', who(1, 12));
    expect(started).toEqual(['a1', 'a2']);
    // Another organisation that asks now gets the next free slot, before the first one's third task.
    const b1 = submit('b1', who(2, 20));
    await finish('a1', a1);
    expect(started).toEqual(['a1', 'a2', 'b1']);
    await finish('a2', a2);
    expect(started).toEqual(['a1', 'a2', 'b1', 'a3']);
    await finish('b1', b1);
    await finish('a3', a3);
  });

  it('drops waiting work whose asker went away, and gives its turn to the next', async () => {
    const { queue, started, submit, finish } = queueOf(1, { perUser: 2 });
    const client = new AbortController();
    const first = submit('a1', who(1, 10));
    const gone = submit('a2', who(1, 10, client.signal));
    const next = submit('b1', who(2, 20));
    expect(queue.size).toEqual({ running: 1, waiting: 2 });
    client.abort();
    await expect(gone).rejects.toBeInstanceOf(WorkAbandonedError);
    expect(queue.size).toEqual({ running: 1, waiting: 1 });
    // The user's place is free again.
    const again = submit('a3', who(1, 10));
    await finish('a1', first);
    await finish('b1', next);
    await finish('a3', again);
    expect(started).toEqual(['a1', 'b1', 'a3']);
    expect(queue.size).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses work whose asker is already gone, and passes the signal to a running task', async () => {
    const { queue } = queueOf(1);
    const client = new AbortController();
    client.abort();
    await expect(queue.run(who(1, 10, client.signal), async () => 'never')).rejects.toBeInstanceOf(WorkAbandonedError);
    const running = new AbortController();
    const stopped = queue.run(
      who(1, 10, running.signal),
      (signal) =>
        new Promise<string>((_resolve, reject) => signal.addEventListener('abort', () => reject(new Error('stopped')))),
    );
    running.abort();
    await expect(stopped).rejects.toThrow('stopped');
    expect(queue.size).toEqual({ running: 0, waiting: 0 });
  });

  it('frees the slot of a task that fails', async () => {
    const { queue } = queueOf(1, { perUser: 1 });
    await expect(
      queue.run(who(1, 10), async () => {
        throw new Error('parser gave up');
      }),
    ).rejects.toThrow('parser gave up');
    await expect(queue.run(who(1, 10), async () => 'next')).resolves.toBe('next');
  });

  it('tells a caller before costly preparation that the task would be refused, without queueing it', async () => {
    const { queue, submit, finish } = queueOf(1, { perUser: 1 });
    expect(() => queue.refuseIfFull(who(1, 10))).not.toThrow();
    const first = submit('a1', who(1, 10));
    expect(() => queue.refuseIfFull(who(1, 10))).toThrow(M.user(1));
    expect(() => queue.refuseIfFull(who(2, 20))).not.toThrow();
    expect(queue.size).toEqual({ running: 1, waiting: 0 });
    await finish('a1', first);
  });
});
