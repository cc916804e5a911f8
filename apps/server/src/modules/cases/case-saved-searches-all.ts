import { can } from '@lexdesk/contract';
import { containsText } from '../../db/like.ts';
import { scoped } from '../../db/tenant-scope.ts';
import type { Actor } from '../../platform/access/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { caseSavedSearchesService } from './case-saved-searches.service.ts';

/** What the analyser's saved-search list filters the case searches by (contains, any case; all given must match). */
export interface CaseSearchFilter {
  /** The search box: case title, the search's name or words. */
  search?: string;
  caseTitle?: string;
  /** A case search names no document or concept list: either filter leaves none. */
  documentName?: string;
  conceptList?: string;
}

export interface CaseSearchListRow {
  id: number;
  case_id: number;
  case_title: string;
  name: string;
  terms: string;
  created_by_id: number | null;
  created_at: string;
  saver: string;
}

/**
 * The case detail's saved searches as the analyser's /save-search lists them (docs/analyser.md): the
 * organisation's for super and admin, a plain user's own; newest first, the first `limit` and the total.
 */
export async function caseSearchesForList(
  ctx: AppContext,
  actor: Actor,
  filter: CaseSearchFilter,
  limit: number,
): Promise<{ rows: CaseSearchListRow[]; total: number }> {
  if (filter.documentName || filter.conceptList) return { rows: [], total: 0 };
  let query = scoped(ctx.db, actor.organisationId)
    .selectFrom('case_saved_searches as s')
    .innerJoin('cases as c', (join) =>
      join.onRef('c.id', '=', 's.case_id').on('c.organisation_id', '=', actor.organisationId),
    )
    .leftJoin('users as u', (join) =>
      join.onRef('u.id', '=', 's.created_by_id').on('u.organisation_id', '=', actor.organisationId),
    );
  if (!can(actor, 'case.savedSearches.deleteAny')) query = query.where('s.created_by_id', '=', actor.userId);
  if (filter.caseTitle) query = query.where(containsText('c.title', filter.caseTitle));
  const search = filter.search;
  if (search)
    query = query.where((eb) =>
      eb.or([containsText('c.title', search), containsText('s.name', search), containsText('s.terms', search)]),
    );
  const count = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await query
    .select([
      's.id',
      's.case_id',
      'c.title as case_title',
      's.name',
      's.terms',
      's.created_by_id',
      's.created_at',
      'u.first_name',
      'u.last_name',
      'u.email',
    ])
    .orderBy('s.created_at', 'desc')
    .orderBy('s.id', 'desc')
    .limit(limit)
    .execute();
  return {
    total: Number(count.n),
    rows: rows.map(({ first_name, last_name, email, ...row }) => ({
      ...row,
      saver: [first_name, last_name].filter(Boolean).join(' ') || (email ?? 'a deleted user'),
    })),
  };
}

/** Case titles of the caller's visible case searches (the Advance drop-down's suggestions). */
export async function caseSearchTitles(ctx: AppContext, actor: Actor): Promise<string[]> {
  let query = scoped(ctx.db, actor.organisationId)
    .selectFrom('case_saved_searches as s')
    .innerJoin('cases as c', (join) =>
      join.onRef('c.id', '=', 's.case_id').on('c.organisation_id', '=', actor.organisationId),
    )
    .select('c.title')
    .distinct();
  if (!can(actor, 'case.savedSearches.deleteAny')) query = query.where('s.created_by_id', '=', actor.userId);
  return (await query.orderBy('c.title').limit(500).execute()).map((row) => row.title);
}

/** One case search the caller sees in the list, or undefined (a plain user sees their own). */
export async function caseSearchForList(ctx: AppContext, actor: Actor, id: number) {
  let query = scoped(ctx.db, actor.organisationId)
    .selectFrom('case_saved_searches as s')
    .innerJoin('cases as c', (join) =>
      join.onRef('c.id', '=', 's.case_id').on('c.organisation_id', '=', actor.organisationId),
    )
    .leftJoin('users as u', (join) =>
      join.onRef('u.id', '=', 's.created_by_id').on('u.organisation_id', '=', actor.organisationId),
    )
    .select([
      's.id',
      's.case_id',
      'c.title as case_title',
      's.name',
      's.terms',
      's.created_by_id',
      's.created_at',
      'u.first_name',
      'u.last_name',
      'u.email',
    ])
    .where('s.id', '=', id);
  if (!can(actor, 'case.savedSearches.deleteAny')) query = query.where('s.created_by_id', '=', actor.userId);
  const row = await query.executeTakeFirst();
  if (!row) return undefined;
  const { first_name, last_name, email, ...rest } = row;
  return { ...rest, saver: [first_name, last_name].filter(Boolean).join(' ') || (email ?? 'a deleted user') };
}

/** Deletes a case search from the analyser's list (the cases module's rules and audit event). */
export async function removeCaseSearch(ctx: AppContext, actor: Actor, id: number): Promise<{ detail: string }> {
  return caseSavedSearchesService(ctx).remove(actor, id);
}
