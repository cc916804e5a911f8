import type { Db } from '../../db/database.types.ts';
import { personName } from './case-scope.ts';
import { scoped } from '../../db/tenant-scope.ts';

/** The audit events of one case, newest first: a page of them with each actor's name, and how many there are. */
export async function caseHistoryPage(
  db: Db,
  organisationId: number,
  caseId: number,
  page: { limit: number; offset: number },
) {
  const base = scoped(db, organisationId)
    .selectFrom('audit_events as e')
    .where('e.entity', '=', 'case')
    .where('e.entity_id', '=', caseId);
  const [rows, total] = await Promise.all([
    base
      .leftJoin('users as u', (join) =>
        join.onRef('u.id', '=', 'e.actor_user_id').on('u.organisation_id', '=', organisationId),
      )
      .select(['e.id', 'e.action', 'e.entity', 'e.actor_user_id', 'e.changes', 'e.created_at'])
      .select(personName('u').as('actor_name'))
      .orderBy('e.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}
