import type { CaseHistoryResponse, PageQuery } from '@lexdesk/contract';
import type { Actor } from '../../platform/access/actor.ts';
import { actorWords, describeAuditEvents } from '../../platform/audit/audit-sentences.ts';
import type { AppContext } from '../../platform/context.ts';
import { pageInfoOf } from '../../platform/http/route-schemas.ts';
import { auditVocabularyOf } from '../../platform/modules/lifecycle.ts';
import { caseHistoryPage } from './case-history.repo.ts';
import { requireCase } from './case-scope.ts';

type Changes = Record<string, unknown>;

/** The audit history of one case (/case-history/history/{id}): every change to it and its records, newest first. */
export function caseHistoryService(ctx: AppContext) {
  return {
    async history(actor: Actor, caseId: number, query: PageQuery): Promise<CaseHistoryResponse> {
      const theCase = await requireCase(ctx, actor, caseId);
      const { rows, total } = await caseHistoryPage(ctx.db, actor.organisationId, caseId, {
        limit: query.limits,
        offset: (query.page_no - 1) * query.limits,
      });
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
        page: pageInfoOf(query, total),
      };
    },
  };
}
