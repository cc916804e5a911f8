import type { TermPlan } from './term-plan.ts';

/** Messages between the request thread (engine-client.ts) and the engine worker (engine-worker-loop.ts). */
export type EngineRequest =
  | {
      type: 'load';
      id: number;
      /** Word and separator arrays of index rows, keyed store × 2³² + row id (engineKey). */
      rows: { key: number; ids: Uint32Array; gaps: Uint32Array }[];
    }
  | {
      type: 'count';
      id: number;
      keys: Float64Array;
      plans: TermPlan[];
      /** Texts of the rows for the plans of kind 'scan' (only when there is one). */
      texts?: (string | null)[];
      /** Over a SharedArrayBuffer: set to 1 by the caller to cancel; read between chunks. */
      cancel?: Int32Array;
      /** Rows between progress messages and cancellation checks. */
      chunk?: number;
    };

export type EngineResponse =
  | { id: number; ok: true; missing: number[] }
  | { id: number; ok: true; counts: Uint32Array }
  | { id: number; ok: false; message: string; cancelled?: boolean }
  /** Not an answer: how many of the request's rows are counted so far. */
  | { id: number; progress: number };

/** A row's key in the worker's cache: row ids are unique within one database (store) only. */
export const engineKey = (store: number, rowId: number) => store * 2 ** 32 + rowId;
export const rowIdOfKey = (key: number) => key % 2 ** 32;
