import type { CaseHistoryResponse, PageQuery } from '@lexdesk/contract';
import type { Actor } from '../../platform/access/actor.ts';
import { actorWords, describeAuditEvents } from '../../platform/audit/audit-sentences.ts';
import type { AppContext } from '../../platform/context.ts';
import { pageInfoOf } from '../../platform/http/route-schemas.ts';
import { auditVocabularyOf } from '../../platform/modules/lifecycle.ts';
import { personName, requireCase } from './case-scope.ts';

type Changes = Record<string, unknown>;

/** The audit history of one case (/case-history/history/{id}): every change to it and its records, newest first. */
export function caseHistoryService(ctx: AppContext) {
  return {
    async history(actor: Actor, caseId: number, query: PageQuery): Promise<CaseHistoryResponse> {
      const theCase = await requireCase(ctx.db, actor, caseId);
      const base = ctx.db
        .selectFrom('audit_events as e')
        .where('e.organisation_id', '=', actor.organisationId)
        .where('e.entity', '=', 'case')
        .where('e.entity_id', '=', caseId);
      const [rows, total] = await Promise.all([
        base
          .leftJoin('users as u', (join) =>
            join.onRef('u.id', '=', 'e.actor_user_id').on('u.organisation_id', '=', actor.organisationId),
          )
          .select(['e.id', 'e.action', 'e.entity', 'e.actor_user_id', 'e.changes', 'e.created_at'])
          .select(personName('u').as('actor_name'))
          .orderBy('e.id', 'desc')
          .limit(query.limits)
          .offset((query.page_no - 1) * query.limits)
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      const events = rows.map((row) => ({
        organisationId: actor.organisationId,
        entity: row.entity,
        entityId: caseId,
        action: row.action,
        actor: actorWords(row.actor_user_id, row.actor_name),
        actorId: row.actor_user_id,
        changes: JSON.parse(row.changes) as Changes,
      }));
      const sentences = await describeAuditEvents(ctx.db, auditVocabularyOf(ctx.modules), events);
      return {
        case: theCase,
        data: rows.map((row, index) => {
          const changes = events[index]!.changes;
          return {
            id: row.id,
            action: row.action,
            entity: row.entity,
            description: sentences[index]!,
            actor_id: row.actor_user_id,
            actor_name: row.actor_name,
            changes,
            created_at: row.created_at,
          };
        }),
        page: pageInfoOf(query, Number(total.n)),
      };
    },
  };
}
