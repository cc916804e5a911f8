/** Tasks for parse-pool.test.ts, run on parsing workers. */

/** The bytes back, with their length: Buffers go in and come back. */
export function echo(data: Buffer): { isBuffer: boolean; bytes: Uint8Array } {
  return { isBuffer: Buffer.isBuffer(data), bytes: data };
}

/** A parser stuck in a loop. */
export function spin(): never {
  for (;;) {
    // Nothing ends this but the pool's time limit.
  }
}

/** A parser that keeps allocating. */
export function allocate(): number {
  const kept: string[] = [];
  for (;;) kept.push(`${kept.length}`.padEnd(1_000_000, 'x'));
}

export function fail(): never {
  throw new RangeError('the parser gave up');
}

/** Blocks its worker until the test sets `flag[0]` (releaseHold): the test decides when the task ends. */
export function hold(flag: SharedArrayBuffer): string {
  Atomics.wait(new Int32Array(flag), 0, 0);
  return 'released';
}
