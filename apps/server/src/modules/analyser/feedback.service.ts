import { can, type FeedbackBody, type FeedbackCounts, type FeedbackRow, type PageQuery } from '@lexdesk/contract';
import type { Actor } from '../../platform/access/actor.ts';
import { auditService } from '../../platform/audit/audit.service.ts';
import { inTransaction, nowIso, type AppContext } from '../../platform/context.ts';
import { forbidden, notFound } from '../../platform/errors/http-error.ts';
import { pageInfoOf } from '../../platform/http/route-schemas.ts';
import { auditActor, visibleHead } from './concept-edit-target.ts';
import { deleteVote, findVote, insertVote, pageVotes, voteCountsByTerm, type VoteScope } from './feedback.repo.ts';

/** A vote belongs to the voter's organisation: only it reads it, and the super user reads every one. */
const scopeOf = (actor: Actor): VoteScope =>
  can(actor, 'organisations.any_organisation.access') ? null : actor.organisationId;

/** The response log of a head (spec 03 §2.1, §7): totals, share of liked hits per term, and the votes. */
export function feedbackService(ctx: AppContext) {
  return {
    /** GET feedbacks/count/{headId}/ */
    async counts(actor: Actor, headId: number): Promise<FeedbackCounts> {
      const { head } = await visibleHead(ctx, actor, headId);
      const rows = await voteCountsByTerm(ctx.db, scopeOf(actor), head.id);
      const terms = new Map<string, { likes: number; dislikes: number }>();
      for (const row of rows) {
        const entry = terms.get(row.term) ?? { likes: 0, dislikes: 0 };
        if (row.thumbsUp) entry.likes += row.count;
        else entry.dislikes += row.count;
        terms.set(row.term, entry);
      }
      const all = [...terms.entries()].sort(([a], [b]) => a.localeCompare(b));
      return {
        thumbs_up_count: all.reduce((sum, [, t]) => sum + t.likes, 0),
        thumbs_down_count: all.reduce((sum, [, t]) => sum + t.dislikes, 0),
        terms: all.map(([term, t]) => ({ term, ...t, liked_share: t.likes / (t.likes + t.dislikes) })),
      };
    },

    /** GET feedbacks/concept/{headId}/: the votes, newest first. */
    async page(actor: Actor, headId: number, query: PageQuery) {
      const { head } = await visibleHead(ctx, actor, headId);
      const offset = (query.page_no - 1) * query.limits;
      const { total, rows } = await pageVotes(ctx.db, scopeOf(actor), head.id, { offset, limit: query.limits });
      const remove = can(actor, 'analyser.feedback.delete');
      return {
        data: rows.map((row): FeedbackRow => ({
          id: row.id,
          created_date: row.created_at,
          created_user: row.first_name === null ? 'a deleted user' : `${row.first_name} ${row.last_name ?? ''}`.trim(),
          thumbs_up: row.thumbs_up === null ? null : row.thumbs_up === 1,
          comments: row.comments,
          term: row.term,
          actions: { delete: remove },
        })),
        page: pageInfoOf(query, total),
      };
    },

    /** DELETE feedback/delete/{id}/: the caller's organisation's vote (any, for the super user). */
    async remove(actor: Actor, feedbackId: number): Promise<void> {
      if (!can(actor, 'analyser.feedback.delete')) throw forbidden();
      await inTransaction(ctx, async (tx) => {
        const vote = await findVote(tx.db, scopeOf(actor), feedbackId);
        if (!vote) throw notFound();
        await visibleHead(tx, actor, vote.head_id);
        await deleteVote(tx.db, vote);
        await auditService(tx).record(auditActor(actor), 'concept_head', vote.head_id, 'feedback.deleted');
      });
    },
  };
}

/**
 * Records a vote on an analyser hit of a head the caller sees, in the caller's organisation (the review of
 * part 2 calls it; the response log reads it). Answers the vote's id.
 */
export async function recordFeedback(
  ctx: AppContext,
  actor: Actor,
  headId: number,
  body: FeedbackBody & { document_id?: number | null },
): Promise<number> {
  const { head } = await visibleHead(ctx, actor, headId);
  return insertVote(ctx.db, {
    organisation_id: actor.organisationId,
    head_id: head.id,
    document_id: body.document_id ?? null,
    thumbs_up: body.thumbs_up === null ? null : body.thumbs_up ? 1 : 0,
    comments: body.comments,
    term: body.term,
    user_id: actor.userId,
    created_at: nowIso(ctx),
  });
}
