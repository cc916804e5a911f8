import { CASE_STATUS_LABELS, type CaseHistoryResponse, type CaseStatus, type PageQuery } from '@lexdesk/contract';
import type { Actor } from '../../platform/access/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { pageInfoOf } from '../../platform/http/route-schemas.ts';
import { personName, requireCase } from './case-scope.ts';

type Changes = Record<string, unknown>;

const text = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');
const quoted = (value: unknown): string => (text(value) ? `"${text(value)}"` : '');
const nested = (value: unknown): Changes => (value && typeof value === 'object' ? (value as Changes) : {});
/** 'on_hold' → 'On hold', as the status chip reads; an unknown value as it is. */
const statusLabel = (value: unknown): string =>
  Object.hasOwn(CASE_STATUS_LABELS, text(value)) ? CASE_STATUS_LABELS[text(value) as CaseStatus] : text(value);

/** A sentence a person reads for one audit event of a case (the event keeps its raw changes too). */
export function describeCaseEvent(action: string, changes: Changes): string {
  const attachments = Number(changes.attachments ?? 0);
  switch (action) {
    case 'document.add':
      return `Added document ${quoted(changes.name)}${changes.source === 'email' ? ' from an email' : ''}`.trim();
    case 'document.delete':
      return `Deleted document ${quoted(changes.name)}`.trim();
    case 'email.import':
      return `Imported email ${quoted(changes.subject)} with ${attachments} attachment${attachments === 1 ? '' : 's'}`;
    case 'email.delete':
      return `Moved email ${quoted(changes.subject)} to the recycle bin`;
    case 'email.restore':
      return `Restored email ${quoted(changes.subject)} from the recycle bin`;
    case 'email.purge':
      return `Deleted email ${quoted(changes.subject)} for good`;
    case 'alert.create':
      return `Raised a ${text(changes.alert_type)} alert due ${text(changes.due_date)}`;
    case 'alert.update':
      return `Edited a ${text(nested(changes.to).alert_type)} alert`;
    case 'alert.comment':
      return 'Commented on an alert';
    case 'alert.delete':
      return `Deleted a ${text(changes.alert_type)} alert`;
    case 'report.create':
      return `Answered a case report (${text(changes.answers)} answers)`;
    case 'report.delete':
      return 'Deleted a case report';
    case 'search.save':
      return `Saved the search ${quoted(changes.terms)}${changes.name !== changes.terms ? ` as ${quoted(changes.name)}` : ''}`;
    case 'search.delete':
      return `Deleted the saved search ${quoted(changes.name)}`;
  }
  if (action === 'create') return 'Created the case';
  if (action === 'update') {
    const status = nested(changes.status);
    const fields = ['title', 'client', 'description', 'parties', 'assigned_users']
      .filter((field) => field in changes)
      .map((field) => field.replace('_', ' '));
    const parts = [
      ...(text(status.to) ? [`changed the status from ${statusLabel(status.from)} to ${statusLabel(status.to)}`] : []),
      ...(fields.length > 0 ? [`edited the ${fields.join(', ')}`] : []),
    ];
    const sentence = parts.join(' and ') || 'edited the case';
    return sentence.charAt(0).toUpperCase() + sentence.slice(1);
  }
  const words = action.replace(/[._]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

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
      return {
        case: theCase,
        data: rows.map((row) => {
          const changes = JSON.parse(row.changes) as Changes;
          return {
            id: row.id,
            action: row.action,
            entity: row.entity,
            description: describeCaseEvent(row.action, changes),
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
