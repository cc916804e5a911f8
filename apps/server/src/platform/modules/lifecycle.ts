import { USAGE_METRICS, type ModuleFlag, type UsageMetric } from '@lexdesk/contract';
import type { Db } from '../../db/database.types.ts';
import type { OrgScope } from '../access/actor.ts';
import { mergeVocabularies, type AuditVocabulary } from '../audit/audit-sentences.ts';
import type { AppContext } from '../context.ts';
import type { LexdeskModule, ModuleData, UserDeletion } from './module.ts';

/**
 * What the registry's modules do when a case, a user or an organisation goes, and what they count. Each
 * runner is called inside the delete's transaction and answers the storage keys released by every module;
 * the caller removes those files once the transaction has committed (removeBlobs).
 */
async function releaseAll(
  modules: readonly LexdeskModule[],
  release: (data: ModuleData) => Promise<readonly string[]> | undefined,
): Promise<string[]> {
  const keys: string[] = [];
  for (const module of modules) {
    if (!module.data) continue;
    const released = release(module.data);
    if (released) keys.push(...(await released));
  }
  return [...new Set(keys)];
}

export function releaseOnCaseDelete(
  tx: AppContext,
  target: { organisationId: number; caseId: number },
): Promise<string[]> {
  return releaseAll(tx.modules, (data) => data.caseDeleted?.(tx, target));
}

export function releaseOnUserDelete(tx: AppContext, target: UserDeletion): Promise<string[]> {
  return releaseAll(tx.modules, (data) => data.userDeleted?.(tx, target));
}

export function releaseOnOrganisationDelete(tx: AppContext, organisationId: number): Promise<string[]> {
  return releaseAll(tx.modules, (data) => data.organisationDeleted?.(tx, organisationId));
}

/** Tells every module that the organisation's `flags` were switched off (inside the update's transaction). */
export async function onOrganisationModulesOff(
  tx: AppContext,
  organisationId: number,
  flags: readonly ModuleFlag[],
): Promise<void> {
  if (flags.length === 0) return;
  for (const module of tx.modules) await module.data?.organisationModulesOff?.(tx, organisationId, flags);
}

/**
 * Runs every module's usage counters once for `scope` and answers each organisation's metrics: the sum of
 * the counters of each metric (0 when none counts it).
 */
export async function countUsage(
  modules: readonly LexdeskModule[],
  db: Db,
  scope: OrgScope,
): Promise<(organisationId: number) => Record<UsageMetric, number>> {
  const counted: { metric: UsageMetric; counts: ReadonlyMap<number, number> }[] = [];
  for (const counter of modules.flatMap((module) => module.usage ?? []))
    counted.push({ metric: counter.metric, counts: await counter.count(db, scope) });
  return (organisationId) => {
    const usage = Object.fromEntries(USAGE_METRICS.map((metric) => [metric, 0])) as Record<UsageMetric, number>;
    for (const { metric, counts } of counted) usage[metric] += counts.get(organisationId) ?? 0;
    return usage;
  };
}

const vocabularies = new WeakMap<readonly LexdeskModule[], AuditVocabulary>();

/** How every module's audit events read, merged once per registry. */
export function auditVocabularyOf(modules: readonly LexdeskModule[]): AuditVocabulary {
  let vocabulary = vocabularies.get(modules);
  if (!vocabulary) {
    vocabulary = mergeVocabularies(modules.flatMap((module) => (module.audit ? [module.audit] : [])));
    vocabularies.set(modules, vocabulary);
  }
  return vocabulary;
}
