import { USAGE_METRICS, type UsageMetric } from '@lexdesk/contract';
import type { Db } from '../../db/database.types.ts';
import type { OrgScope } from '../../platform/access/actor.ts';
import type { AppContext } from '../../platform/context.ts';

/**
 * Extension points for the areas that own an organisation's data (docs/organisations.md):
 * - usage counters: each area adds what it counts (documents, template executions, searches, bytes stored),
 *   per organisation in one grouped query, so the download's cost does not grow with the organisations;
 *   the usage download sums every counter of a metric;
 * - cleanup on delete: each area removes (or reassigns) what an organisation or a user owns, inside the one
 *   transaction of the delete. Tables whose foreign keys cascade need no cleanup; blobs in storage do.
 * Registration is keyed, so registering again (a second app in the same process) replaces, never doubles.
 */
/** Counts per organisation id for the organisations in `scope` (one, or all); a missing id counts 0. */
export type UsageCounter = (db: Db, scope: OrgScope) => Promise<ReadonlyMap<number, number>>;
export type OrganisationCleanup = (tx: AppContext, organisationId: number) => Promise<void>;
/** `successorId`: the user who takes over what the deleted user owned (the deleting admin), or null. */
export type UserCleanup = (
  tx: AppContext,
  target: { organisationId: number; userId: number; successorId: number | null },
) => Promise<void>;

const usageCounters = new Map<string, { metric: UsageMetric; count: UsageCounter }>();
const organisationCleanups = new Map<string, OrganisationCleanup>();
const userCleanups = new Map<string, UserCleanup>();

/** Adds (or replaces) the counter `key` of `metric`. */
export function registerUsageCounter(key: string, metric: UsageMetric, count: UsageCounter): void {
  usageCounters.set(key, { metric, count });
}

export function registerOrganisationCleanup(key: string, cleanup: OrganisationCleanup): void {
  organisationCleanups.set(key, cleanup);
}

export function registerUserCleanup(key: string, cleanup: UserCleanup): void {
  userCleanups.set(key, cleanup);
}

/**
 * Runs every registered counter once for `scope` and answers each organisation's metrics: the sum of the
 * counters of each metric (0 when none is registered).
 */
export async function countUsage(
  db: Db,
  scope: OrgScope,
): Promise<(organisationId: number) => Record<UsageMetric, number>> {
  const counted: { metric: UsageMetric; counts: ReadonlyMap<number, number> }[] = [];
  for (const counter of usageCounters.values())
    counted.push({ metric: counter.metric, counts: await counter.count(db, scope) });
  return (organisationId) => {
    const usage = Object.fromEntries(USAGE_METRICS.map((metric) => [metric, 0])) as Record<UsageMetric, number>;
    for (const { metric, counts } of counted) usage[metric] += counts.get(organisationId) ?? 0;
    return usage;
  };
}

export async function runOrganisationCleanups(tx: AppContext, organisationId: number): Promise<void> {
  for (const cleanup of organisationCleanups.values()) await cleanup(tx, organisationId);
}

export async function runUserCleanups(
  tx: AppContext,
  target: { organisationId: number; userId: number; successorId: number | null },
): Promise<void> {
  for (const cleanup of userCleanups.values()) await cleanup(tx, target);
}
