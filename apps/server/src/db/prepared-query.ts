import { CompiledQuery, type Compilable } from 'kysely';
import type { Db } from './database.types.ts';

const PLACEHOLDER = '\u0000lexdesk-parameter:';

interface Plan {
  sql: string;
  /** Per compiled parameter: the index of the caller's parameter, or a constant of the query. */
  slots: (number | { constant: unknown })[];
}

/**
 * A hot query of fixed shape, built and compiled by Kysely once per database and then run with new
 * parameter values: building costs more than SQLite running it. `build` gets placeholders in place of
 * the parameters and must use each one only as a plain value (a `where` operand, an inserted value).
 */
export function preparedQuery<P extends unknown[], R>(build: (db: Db, ...params: P) => Compilable<R>) {
  const plans = new WeakMap<Db, Plan>();
  return async (db: Db, ...params: P): Promise<R[]> => {
    let plan = plans.get(db);
    if (!plan) {
      const placeholders = params.map((_value, index) => `${PLACEHOLDER}${index}`) as P;
      const { sql, parameters } = build(db, ...placeholders).compile();
      const slots = parameters.map((value) =>
        typeof value === 'string' && value.startsWith(PLACEHOLDER)
          ? Number(value.slice(PLACEHOLDER.length))
          : { constant: value },
      );
      if (new Set(slots.filter((slot) => typeof slot === 'number')).size !== params.length) {
        throw new Error('preparedQuery: every parameter must appear in the query as a plain value');
      }
      plan = { sql, slots };
      plans.set(db, plan);
    }
    const values = plan.slots.map((slot) => (typeof slot === 'number' ? params[slot] : slot.constant));
    const result = await db.executeQuery<R>(CompiledQuery.raw(plan.sql, values) as CompiledQuery<R>);
    return result.rows;
  };
}
