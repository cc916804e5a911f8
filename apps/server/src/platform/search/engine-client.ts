import { Worker } from 'node:worker_threads';
import type { EngineRequest, EngineResponse } from './engine-protocol.ts';

const WORKER_URL = new URL('./engine-worker.mjs', import.meta.url);

type Pending = {
  resolve: (response: EngineResponse) => void;
  reject: (error: Error) => void;
  onProgress?: (done: number) => void;
};

/**
 * The request thread's side of the engine worker: one thread per process holds the postings (the cache
 * would be split otherwise), requests are answered in order. Idle, it never keeps the process alive.
 */
class EngineClient {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  request(
    message: DistributiveOmit<EngineRequest, 'id'>,
    transfer: ArrayBuffer[] = [],
    onProgress?: (done: number) => void,
  ): Promise<EngineResponse> {
    const worker = this.worker ?? this.spawn();
    const id = this.nextId++;
    return new Promise<EngineResponse>((resolve, reject) => {
      this.pending.set(id, { resolve, reject, onProgress });
      worker.ref();
      worker.postMessage({ ...message, id }, transfer);
    });
  }

  private spawn(): Worker {
    const worker = new Worker(WORKER_URL);
    worker.unref();
    worker.on('message', (response: EngineResponse) => {
      const pending = this.pending.get(response.id);
      if ('progress' in response) {
        pending?.onProgress?.(response.progress);
        return;
      }
      this.pending.delete(response.id);
      if (this.pending.size === 0) worker.unref();
      pending?.resolve(response);
    });
    const fail = (error: Error) => {
      this.worker = null;
      for (const pending of this.pending.values()) pending.reject(error);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', () => fail(new Error('The counting engine stopped unexpectedly.')));
    this.worker = worker;
    return worker;
  }
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

let client: EngineClient | null = null;

export function engineClient(): EngineClient {
  client ??= new EngineClient();
  return client;
}

/** Each database (Kysely instance) gets a number: row ids are unique within one database only. */
const stores = new WeakMap<object, number>();
let nextStore = 1;

export function storeOf(db: object): number {
  let store = stores.get(db);
  if (store === undefined) {
    store = nextStore++;
    stores.set(db, store);
  }
  return store;
}
