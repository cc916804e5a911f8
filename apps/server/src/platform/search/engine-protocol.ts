import type { TermPlan } from './term-plan.ts';

/** Messages between the request thread (engine-client.ts) and the engine worker (engine-worker-loop.ts). */
export type EngineRequest =
  | {
      type: 'load';
      id: number;
      /** Word and separator arrays of index rows, keyed `${store}:${rowId}`. */
      rows: { key: string; ids: Uint32Array; gaps: Uint32Array }[];
    }
  | {
      type: 'count';
      id: number;
      keys: string[];
      plans: TermPlan[];
      /** Texts of the rows for the plans of kind 'scan' (only when there is one). */
      texts?: (string | null)[];
    };

export type EngineResponse =
  | { id: number; ok: true; missing: string[] }
  | { id: number; ok: true; counts: Uint32Array }
  | { id: number; ok: false; message: string };
