import { parentPort } from 'node:worker_threads';
import type { TaskRequest, TaskResponse } from './parse-pool.ts';

/** Buffers arrive as plain Uint8Arrays (structured clone): hand the parsers Buffers again, without copying. */
const asBuffer = (value: unknown): unknown =>
  value instanceof Uint8Array && !Buffer.isBuffer(value)
    ? Buffer.from(value.buffer, value.byteOffset, value.byteLength)
    : value;

/** One task at a time: import the module that holds the parser (cached after the first), call it, answer. */
parentPort?.on('message', async (request: TaskRequest) => {
  let response: TaskResponse;
  try {
    const module = (await import(request.module)) as Record<string, (...args: unknown[]) => unknown>;
    const task = module[request.task];
    if (typeof task !== 'function') throw new Error(`No parsing task ${request.task} in ${request.module}`);
    // Loaded: the time limit runs from here (starting a thread and loading our parsers is not the file's fault).
    parentPort?.postMessage({ id: request.id, started: true } satisfies TaskResponse);
    response = { id: request.id, ok: true, value: await task(...request.args.map(asBuffer)) };
  } catch (error) {
    const { name, message } = error instanceof Error ? error : new Error(String(error));
    response = { id: request.id, ok: false, name, message };
  }
  parentPort?.postMessage(response);
});
