import { dialectOf, idsIn } from '../../db/dialect.ts';
import { scoped } from '../../db/tenant-scope.ts';
import type { AppContext } from '../../platform/context.ts';
import { partiesOf } from './cases.repo.ts';

export interface CaseSummary {
  id: number;
  title: string;
  client: string;
  parties: string[];
}

/** Title, client and parties of the organisation's cases among `caseIds` (others are absent). */
export async function caseSummaries(
  ctx: AppContext,
  organisationId: number,
  caseIds: readonly number[],
): Promise<Map<number, CaseSummary>> {
  const map = new Map<number, CaseSummary>();
  const unique = [...new Set(caseIds)];
  if (unique.length === 0) return map;
  const rows = await scoped(ctx.db, organisationId)
    .selectFrom('cases')
    .select(['id', 'title', 'client'])
    .where(idsIn(dialectOf(ctx), 'id', unique))
    .execute();
  const parties = await partiesOf(ctx.db, organisationId, unique);
  for (const row of rows) map.set(row.id, { ...row, parties: parties.get(row.id) ?? [] });
  return map;
}
