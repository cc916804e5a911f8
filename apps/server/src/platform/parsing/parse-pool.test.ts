import { describe, expect, it } from 'vitest';
import { asBuffer, ParseLimitError, ParsePool, ParseTaskError } from './parse-pool.ts';

const TASKS = new URL('./parse-pool.fixtures.ts', import.meta.url);

describe('ParsePool', () => {
  const pool = new ParsePool({ workers: 1, timeoutMs: 5_000, memoryMb: 64 });

  it('runs a TypeScript task on a worker thread (tsx, as the server runs) with Buffers in and out', async () => {
    const result = await pool.run<{ isBuffer: boolean; bytes: Uint8Array }>(TASKS, 'echo', [Buffer.from('hello')]);
    expect(result.isBuffer).toBe(true);
    expect(asBuffer(result.bytes).toString()).toBe('hello');
  });

  it('keeps the name and message of what the task threw', async () => {
    const error = await pool.run(TASKS, 'fail', []).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ParseTaskError);
    expect(error).toMatchObject({ name: 'RangeError', message: 'the parser gave up' });
  });

  it('stops a task past the time limit, and the pool runs the next one on a new worker', async () => {
    const quick = new ParsePool({ workers: 1, timeoutMs: 300, memoryMb: 64 });
    const started = performance.now();
    await expect(quick.run(TASKS, 'spin', [])).rejects.toEqual(new ParseLimitError('time'));
    expect(performance.now() - started).toBeLessThan(10_000);
    const again = await quick.run<{ bytes: Uint8Array }>(TASKS, 'echo', [Buffer.from('again')]);
    expect(asBuffer(again.bytes).toString()).toBe('again');
  });

  it('stops a task past the memory limit', async () => {
    const small = new ParsePool({ workers: 1, timeoutMs: 60_000, memoryMb: 64 });
    const error = await small.run(TASKS, 'allocate', []).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ParseLimitError);
    expect((error as ParseLimitError).limit).toBe('memory');
  });

  it('queues tasks beyond its workers and answers each', async () => {
    const results = await Promise.all(
      ['a', 'b', 'c'].map((text) => pool.run<{ bytes: Uint8Array }>(TASKS, 'echo', [Buffer.from(text)])),
    );
    expect(results.map((r) => asBuffer(r.bytes).toString())).toEqual(['a', 'b', 'c']);
  });
});
