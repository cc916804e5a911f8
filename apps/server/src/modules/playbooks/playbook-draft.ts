import {
  playbookContent,
  playbookEntry,
  playbookFallback,
  playbookMessages as M,
  type PlaybookBody,
  type PlaybookContent,
  type PlaybookEntry,
  type PlaybookType,
} from '@lexdesk/contract';
import { z } from 'zod';
import type { Actor } from '../../platform/access/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest } from '../../platform/errors/http-error.ts';
import { sanitizeRichText } from '../../platform/rich-text/editor-html.ts';
import { visibleConceptHeads } from '../analyser/index.ts';
import { attachmentsOf } from './playbook-parts.repo.ts';
import { entryPlainText, entrySearch } from './playbook-search.ts';
import {
  categoriesByIds,
  deleteEntries,
  entriesOf,
  insertEntry,
  linkedCategories,
  setCategoryLinks,
  updateEntry,
  type NewPlaybookEntry,
  type PlaybookEntryRecord,
  type PlaybookRecord,
} from './playbooks.repo.ts';

const fallbacksColumn = z.array(playbookFallback);
const stringsColumn = z.array(z.string());
const idsColumn = z.array(z.number().int());

/** A stored entry as the contract shows it (its JSON columns validated by the contract's schemas). */
export function entryOf(row: PlaybookEntryRecord): PlaybookEntry {
  return playbookEntry.parse({
    id: row.id,
    topic: row.topic,
    category_id: row.category_id,
    importance: row.importance,
    standard_position: row.standard_position,
    fallbacks: fallbacksColumn.parse(JSON.parse(row.fallbacks)),
    unacceptable: stringsColumn.parse(JSON.parse(row.unacceptable)),
    model_language: row.model_language,
    concept_head_ids: idsColumn.parse(JSON.parse(row.concept_head_ids)),
  });
}

/** The draft as one document: what a version freezes and the preview shows. */
export async function draftContent(ctx: AppContext, playbook: PlaybookRecord): Promise<PlaybookContent> {
  const org = playbook.organisation_id;
  const [categories, entries, attachments] = await Promise.all([
    linkedCategories(ctx.db, org, playbook.id),
    entriesOf(ctx.db, org, playbook.id),
    attachmentsOf(ctx.db, org, playbook.id),
  ]);
  return {
    name: playbook.name,
    playbook_type: playbook.playbook_type as PlaybookType,
    description: playbook.description,
    categories,
    entries: entries.map(entryOf),
    attachments: attachments.map((a) => ({ id: a.id, file_name: a.file_name })),
  };
}

export const parseContent = (json: string): PlaybookContent => playbookContent.parse(JSON.parse(json));

/** Equal content, entry ids aside (a save rewrites entries in place; their ids carry no meaning of their own). */
export function sameContent(a: PlaybookContent, b: PlaybookContent): boolean {
  const comparable = (content: PlaybookContent) =>
    JSON.stringify({ ...content, entries: content.entries.map(({ id: _id, ...entry }) => entry) });
  return comparable(a) === comparable(b);
}

/**
 * Writes the draft's categories and entries (in the caller's transaction): categories of the playbook's
 * organisation only, entries' categories among the playbook's, concept heads the actor sees. Entries are
 * rewritten in place by position (their ids stay while the count does); each entry whose text changed is
 * re-indexed, removed ones leave the index.
 */
export async function writeDraft(
  tx: AppContext,
  actor: Actor,
  playbook: { id: number; organisation_id: number },
  body: Pick<PlaybookBody, 'category_ids' | 'entries'>,
  options: { checkConceptHeads?: boolean } = {},
): Promise<void> {
  const org = playbook.organisation_id;
  const categoryIds = [...new Set(body.category_ids)];
  const known = await categoriesByIds(tx.db, org, categoryIds);
  const unknown = () => badRequest(M.unknownCategory, { category_ids: M.unknownCategory });
  if (known.length !== categoryIds.length) throw unknown();
  if (body.entries.some((entry) => entry.category_id !== null && !categoryIds.includes(entry.category_id)))
    throw unknown();
  if (options.checkConceptHeads !== false) {
    const heads = [...new Set(body.entries.flatMap((entry) => entry.concept_head_ids))];
    const seen = await visibleConceptHeads(tx, actor, heads);
    if (seen.length !== heads.length)
      throw badRequest(M.unknownConceptHead, { concept_head_ids: M.unknownConceptHead });
  }
  await setCategoryLinks(tx.db, org, playbook.id, categoryIds);

  const existing = await entriesOf(tx.db, org, playbook.id);
  const search = entrySearch(tx);
  for (const [position, input] of body.entries.entries()) {
    const entry = {
      topic: input.topic,
      standard_position: sanitizeRichText(input.standard_position),
      fallbacks: input.fallbacks,
      unacceptable: input.unacceptable,
      model_language: sanitizeRichText(input.model_language),
    };
    const row: NewPlaybookEntry = {
      organisation_id: org,
      playbook_id: playbook.id,
      position,
      topic: entry.topic,
      category_id: input.category_id,
      importance: input.importance,
      standard_position: entry.standard_position,
      fallbacks: JSON.stringify(entry.fallbacks),
      unacceptable: JSON.stringify(entry.unacceptable),
      model_language: entry.model_language,
      concept_head_ids: JSON.stringify([...new Set(input.concept_head_ids)]),
    };
    const before = existing[position];
    const text = entryPlainText(entry);
    if (before) {
      await updateEntry(tx.db, org, before.id, row);
      if (entryPlainText(entryOf(before)) !== text) await search.index({ id: before.id, organisationId: org }, text);
    } else {
      const id = await insertEntry(tx.db, row);
      await search.index({ id, organisationId: org }, text);
    }
  }
  const surplus = existing.slice(body.entries.length).map((row) => row.id);
  await search.removeFromIndex(org, surplus);
  await deleteEntries(tx.db, org, surplus);
}
