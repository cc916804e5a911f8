import { can, type FeedbackBody, type FeedbackCounts, type FeedbackRow, type PageQuery } from '@lexdesk/contract';
import { ALL_ORGANISATIONS, type Actor } from '../../platform/access/actor.ts';
import { auditService } from '../../platform/audit/audit.service.ts';
import { inTransaction, nowIso, type AppContext } from '../../platform/context.ts';
import { forbidden, notFound } from '../../platform/errors/http-error.ts';
import { pageInfoOf } from '../../platform/http/route-schemas.ts';
import { auditActor, visibleHead } from './concept-edit-target.ts';
import { isCuratedByProvider } from './concept-viewer.ts';
import type { ConceptHeadRecord, ConceptListRecord } from './concept-lists.repo.ts';
import { deleteVote, findVote, insertVote, pageVotes, voteCountsByTerm, type VoteCountScope } from './feedback.repo.ts';

/**
 * A vote belongs to the voter's organisation: only it reads the votes (comments, voters' names) and deletes
 * them, the provider's super user too. The one exception is anonymous: on a head of a list the provider curates
 * (isCuratedByProvider), the super user counts every organisation's votes per term of
 * the head's own vocabulary (docs/analyser.md, "Head parts, amendments and the response log").
 */
function countScopeOf(actor: Actor, list: ConceptListRecord): VoteCountScope {
  return can(actor, 'organisations.any_organisation.access') && isCuratedByProvider(list)
    ? ALL_ORGANISATIONS
    : actor.organisationId;
}

/** The head's own words (head, terms, phrases), lower-cased: a term a voter typed outside them is not shown. */
function vocabularyOf(head: ConceptHeadRecord): Set<string> {
  const words = [head.head, ...head.terms.split(' | '), ...head.phrases.split(' | ')];
  return new Set(words.map((word) => word.trim().toLowerCase()).filter((word) => word !== ''));
}

/** The response log of a head (spec 03 §2.1, §7): totals, share of liked hits per term, and the votes. */
export function feedbackService(ctx: AppContext) {
  return {
    /** GET feedbacks/count/{headId}/ */
    async counts(actor: Actor, headId: number): Promise<FeedbackCounts> {
      const { head, list } = await visibleHead(ctx, actor, headId);
      const scope = countScopeOf(actor, list);
      const rows = await voteCountsByTerm(ctx.db, scope, head.id);
      // Across organisations, a per-term count names only the head's own words, never what a voter typed.
      const vocabulary = scope === ALL_ORGANISATIONS ? vocabularyOf(head) : null;
      const terms = new Map<string, { likes: number; dislikes: number }>();
      let likes = 0;
      let dislikes = 0;
      for (const row of rows) {
        if (row.thumbsUp) likes += row.count;
        else dislikes += row.count;
        if (vocabulary && !vocabulary.has(row.term.toLowerCase())) continue;
        const entry = terms.get(row.term) ?? { likes: 0, dislikes: 0 };
        if (row.thumbsUp) entry.likes += row.count;
        else entry.dislikes += row.count;
        terms.set(row.term, entry);
      }
      const all = [...terms.entries()].sort(([a], [b]) => a.localeCompare(b));
      return {
        thumbs_up_count: likes,
        thumbs_down_count: dislikes,
        terms: all.map(([term, t]) => ({ term, ...t, liked_share: t.likes / (t.likes + t.dislikes) })),
        covers: scope === ALL_ORGANISATIONS ? 'every_organisation' : 'organisation',
      };
    },

    /** GET feedbacks/concept/{headId}/: the caller's organisation's votes, newest first. */
    async page(actor: Actor, headId: number, query: PageQuery) {
      const { head } = await visibleHead(ctx, actor, headId);
      const offset = (query.page_no - 1) * query.limits;
      const { total, rows } = await pageVotes(ctx.db, actor.organisationId, head.id, { offset, limit: query.limits });
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

    /** DELETE feedback/delete/{id}/: a vote of the caller's organisation only (another's answers 404). */
    async remove(actor: Actor, feedbackId: number): Promise<void> {
      if (!can(actor, 'analyser.feedback.delete')) throw forbidden();
      await inTransaction(ctx, async (tx) => {
        const vote = await findVote(tx.db, actor.organisationId, feedbackId);
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
