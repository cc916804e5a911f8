import { sql, type RawBuilder } from 'kysely';
import type { AppContext } from '../../platform/context.ts';
import { casesService } from '../cases/index.ts';
import type { Actor } from '../../platform/access/actor.ts';

export interface CaseBrief {
  id: number;
  title: string;
}

/**
 * The case `caseId` of the actor's organisation, or 404 (another organisation's case looks missing).
 * Case records read a case only for this check and for titles in their lists.
 */
export function requireCase(ctx: AppContext, actor: Actor, caseId: number): Promise<CaseBrief> {
  return casesService(ctx).brief(actor, caseId);
}

/** "First Last" of a joined users row (alias `alias`), null when the user is gone. */
export function personName(alias: string): RawBuilder<string | null> {
  return sql<
    string | null
  >`nullif(trim(${sql.ref(`${alias}.first_name`)} || ' ' || ${sql.ref(`${alias}.last_name`)}), '')`;
}

/** Today's date (YYYY-MM-DD, UTC) by the services' clock: alerts fall due on it. */
export function todayOf(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** 0/1 → boolean. */
export const flag = (value: number): boolean => value === 1;
