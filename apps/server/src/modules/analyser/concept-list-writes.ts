import { normaliseHead, splitTerms, TERM_SEPARATOR, type ConceptHeadInput } from '@lexdesk/contract';
import { nowIso, type AppContext } from '../../platform/context.ts';
import { sanitizeRichText } from '../../platform/rich-text/editor-html.ts';
import {
  deleteHeads,
  headsOf,
  hideListFor,
  insertHead,
  insertList,
  insertVersion,
  updateHead,
  updateList,
  type ConceptHeadRecord,
  type ConceptListRecord,
} from './concept-lists.repo.ts';
import { copyHeadParts, moveFeedback, type PartIdMap } from './head-parts.repo.ts';

export type HeadChange = { head: string; change: 'added' | 'changed' | 'removed' };

/** A head as stored: head upper-cased, definition sanitised, terms and phrases normalised. */
export function storedHead(input: ConceptHeadInput) {
  return {
    head: normaliseHead(input.head),
    definition: sanitizeRichText(input.definition),
    terms: splitTerms(input.terms).join(TERM_SEPARATOR),
    phrases: splitTerms(input.phrases).join(TERM_SEPARATOR),
  };
}

/**
 * Makes the list's heads the given ones, matched by head: a kept head keeps its id (and so its clauses, rules,
 * scope, amendments and votes), a new one is added, a missing one is removed. Answers what changed.
 */
export async function replaceHeads(
  tx: AppContext,
  list: Pick<ConceptListRecord, 'id' | 'organisation_id'>,
  inputs: readonly ConceptHeadInput[],
  userId: number,
): Promise<{ changes: HeadChange[]; ids: number[] }> {
  const now = nowIso(tx);
  const existing = new Map((await headsOf(tx.db, list)).map((head) => [head.head, head]));
  const changes: HeadChange[] = [];
  const ids: number[] = [];
  for (const [position, input] of inputs.entries()) {
    const wanted = storedHead(input);
    const current = existing.get(wanted.head);
    existing.delete(wanted.head);
    if (!current) {
      ids.push(
        await insertHead(tx.db, {
          ...wanted,
          organisation_id: list.organisation_id,
          concept_list_id: list.id,
          position,
          created_by: userId,
          updated_at: now,
        }),
      );
      changes.push({ head: wanted.head, change: 'added' });
      continue;
    }
    ids.push(current.id);
    const changed =
      current.definition !== wanted.definition || current.terms !== wanted.terms || current.phrases !== wanted.phrases;
    if (changed || current.position !== position) {
      await updateHead(tx.db, current, { ...wanted, position, ...(changed ? { updated_at: now } : {}) });
    }
    if (changed) changes.push({ head: wanted.head, change: 'changed' });
  }
  await deleteHeads(
    tx.db,
    list.organisation_id,
    [...existing.values()].map((head) => head.id),
  );
  for (const head of existing.keys()) changes.push({ head, change: 'removed' });
  return { changes, ids };
}

/** Numbers a new version of the list when something changed: who changed which head, and a new name. */
export async function recordVersion(
  tx: AppContext,
  list: Pick<ConceptListRecord, 'id' | 'organisation_id' | 'version'>,
  userId: number,
  changes: readonly HeadChange[],
  renamedTo: string | null,
): Promise<number> {
  if (changes.length === 0 && renamedTo === null) return list.version;
  const version = list.version + 1;
  const now = nowIso(tx);
  await updateList(tx.db, list, { version, updated_at: now });
  await insertVersion(tx.db, {
    organisation_id: list.organisation_id,
    concept_list_id: list.id,
    version,
    changes: JSON.stringify(changes),
    renamed_to: renamedTo,
    changed_by: userId,
    changed_at: now,
  });
  return version;
}

/** The first version of a new list: every head added. */
export async function recordFirstVersion(
  tx: AppContext,
  list: Pick<ConceptListRecord, 'id' | 'organisation_id'>,
  userId: number,
  heads: readonly string[],
): Promise<void> {
  await insertVersion(tx.db, {
    organisation_id: list.organisation_id,
    concept_list_id: list.id,
    version: 1,
    changes: JSON.stringify(heads.map((head) => ({ head, change: 'added' }))),
    renamed_to: null,
    changed_by: userId,
    changed_at: nowIso(tx),
  });
}

/**
 * The organisation's own copy of a shared list (docs/analyser.md): same name, heads and parts, owned by
 * `organisationId`, named users of that organisation kept; the original is hidden from the organisation and
 * its votes follow the heads. Answers the copy and the old → new head ids.
 */
export async function copyListFor(
  tx: AppContext,
  list: ConceptListRecord,
  organisationId: number,
  userId: number,
  namedUsers: readonly number[],
): Promise<{ list: ConceptListRecord; headIds: Map<number, number>; partIds: PartIdMap }> {
  const now = nowIso(tx);
  const row = {
    organisation_id: organisationId,
    name: list.name,
    name_key: list.name_key,
    document_type_id: list.organisation_id === organisationId ? list.document_type_id : null,
    forked_from_id: list.id,
    assigned_to_all: 0,
    created_by_super: list.created_by_super,
    created_by: userId,
    created_at: now,
    updated_at: now,
  };
  const id = await insertList(tx.db, row);
  const copy: ConceptListRecord = { ...row, id, version: 1 };
  const headIds = new Map<number, number>();
  const partIds: PartIdMap = new Map();
  for (const head of await headsOf(tx.db, list)) {
    const newId = await insertHead(tx.db, copiedHead(head, copy, now));
    headIds.set(head.id, newId);
    await copyHeadParts(tx.db, head, { id: newId, organisation_id: organisationId }, now, partIds);
    await moveFeedback(tx.db, organisationId, head.id, newId);
  }
  await hideListFor(tx.db, list.id, organisationId);
  if (namedUsers.length > 0) {
    await tx.db
      .insertInto('concept_list_users')
      .values(namedUsers.map((user_id) => ({ concept_list_id: id, organisation_id: organisationId, user_id })))
      .execute();
  }
  await recordFirstVersion(tx, copy, userId, []);
  return { list: copy, headIds, partIds };
}

export function copiedHead(
  head: ConceptHeadRecord,
  into: Pick<ConceptListRecord, 'id' | 'organisation_id'>,
  now: string,
  position = head.position,
) {
  return {
    organisation_id: into.organisation_id,
    concept_list_id: into.id,
    position,
    head: head.head,
    definition: head.definition,
    terms: head.terms,
    phrases: head.phrases,
    created_by: head.created_by,
    updated_at: now,
  };
}
