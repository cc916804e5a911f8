import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.types.ts';
import type { ConceptFeedbackTable } from '../../db/tables/concepts.ts';
import { scoped } from '../../db/tenant-scope.ts';
import type { OrgScope } from '../../platform/access/actor.ts';

/**
 * Whose votes a count covers: the reader's organisation's, or (ALL_ORGANISATIONS) every organisation's, which
 * only the anonymous per-term counts of a list the provider curates take (feedback.service.ts). The votes
 * themselves (comments, voters' names) and their deletion are always one organisation's.
 */
export type VoteCountScope = OrgScope;

function votes(db: Db, scope: OrgScope, headId: number) {
  return scoped(db, scope).selectFrom('concept_feedback as f').where('f.head_id', '=', headId);
}

/** Likes and dislikes per term of the head (a vote without a thumb counts in neither). */
export async function voteCountsByTerm(db: Db, scope: VoteCountScope, headId: number) {
  const rows = await votes(db, scope, headId)
    .select(['f.term', 'f.thumbs_up', (eb) => eb.fn.countAll<number>().as('n')])
    .where('f.thumbs_up', 'is not', null)
    .groupBy(['f.term', 'f.thumbs_up'])
    .execute();
  return rows.map((row) => ({ term: row.term, thumbsUp: row.thumbs_up === 1, count: Number(row.n) }));
}

/** One organisation's votes on the head, newest first, with the voters' names. */
export async function pageVotes(
  db: Db,
  organisationId: number,
  headId: number,
  page: { offset: number; limit: number },
) {
  const total = await votes(db, organisationId, headId)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const rows = await votes(db, organisationId, headId)
    .leftJoin('users as u', 'u.id', 'f.user_id')
    .select(['f.id', 'f.created_at', 'f.thumbs_up', 'f.comments', 'f.term', 'u.first_name', 'u.last_name'])
    .orderBy('f.created_at', 'desc')
    .orderBy('f.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return { total: Number(total.n), rows };
}

/** A vote of the organisation (a vote belongs to the voter's organisation: no one else deletes it). */
export async function findVote(db: Db, organisationId: number, id: number) {
  return scoped(db, organisationId)
    .selectFrom('concept_feedback')
    .select(['id', 'head_id', 'organisation_id'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function deleteVote(db: Db, vote: { id: number; organisation_id: number }): Promise<void> {
  await db
    .deleteFrom('concept_feedback')
    .where('id', '=', vote.id)
    .where('organisation_id', '=', vote.organisation_id)
    .execute();
}

export async function insertVote(db: Db, row: Insertable<ConceptFeedbackTable>): Promise<number> {
  const { id } = await db.insertInto('concept_feedback').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}
