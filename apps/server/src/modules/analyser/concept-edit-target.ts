import { conceptMessages as M } from '@lexdesk/contract';
import type { Actor } from '../../platform/access/actor.ts';
import { auditService } from '../../platform/audit/audit.service.ts';
import type { AppContext } from '../../platform/context.ts';
import { conflict, notFound } from '../../platform/errors/http-error.ts';
import { copyListFor } from './concept-list-writes.ts';
import {
  assignmentsOf,
  findVisibleHead,
  ownedNameTaken,
  type ConceptHeadRecord,
  type ConceptListRecord,
} from './concept-lists.repo.ts';
import { editTargetOf, viewerOf } from './concept-viewer.ts';
import type { PartIdMap } from './head-parts.repo.ts';

export const auditActor = (actor: Actor) => ({ userId: actor.userId, organisationId: actor.organisationId });

/** The choice an edit call carries: `updateAll` and, for the super user, the organisation of "only this one". */
export interface EditChoice {
  updateAll?: boolean | undefined;
  organisationId?: number | undefined;
}

/** What an edit works on: the list itself, or the organisation's own copy made now (with the old → new ids). */
export interface EditTargetList {
  list: ConceptListRecord;
  /** Null when the edit lands in place. */
  copy: { headIds: Map<number, number>; partIds: PartIdMap } | null;
}

/**
 * The organisation's own copy of a shared list, made now (docs/analyser.md, "Editing a shared list"); 409 when
 * the organisation already owns a list of that name. Named users of that organisation move to the copy.
 */
export async function ownCopy(tx: AppContext, actor: Actor, list: ConceptListRecord, organisationId: number) {
  if (await ownedNameTaken(tx.db, organisationId, list.name_key)) throw conflict(M.nameExists, { name: M.nameExists });
  const named = (await assignmentsOf(tx.db, list.id)).users
    .filter((user) => user.organisation_id === organisationId)
    .map((user) => user.user_id);
  const copy = await copyListFor(tx, list, organisationId, actor.userId, named);
  await auditService(tx).record(auditActor(actor), 'concept_list', copy.list.id, 'forked');
  return copy;
}

/** The list an edit of `list` lands in, per `editTargetOf`: in place, or a copy made now. */
export async function listToEdit(
  tx: AppContext,
  actor: Actor,
  list: ConceptListRecord,
  choice: EditChoice,
): Promise<EditTargetList> {
  const target = editTargetOf(actor, list, choice);
  if (target.kind === 'in_place') return { list, copy: null };
  const copy = await ownCopy(tx, actor, list, target.organisationId);
  return { list: copy.list, copy: { headIds: copy.headIds, partIds: copy.partIds } };
}

/** A head the caller sees, with its list, or 404. */
export async function visibleHead(ctx: AppContext, actor: Actor, headId: number) {
  const found = await findVisibleHead(ctx.db, viewerOf(actor), headId);
  if (!found) throw notFound();
  return found;
}

/**
 * The head an edit of head `headId` lands on: the head itself, or its twin in the organisation's own copy.
 * `partId` translates an id of the original's parts (`table`, id) into the copy's.
 */
export async function headToEdit(
  tx: AppContext,
  actor: Actor,
  headId: number,
  choice: EditChoice,
): Promise<{
  head: ConceptHeadRecord;
  list: ConceptListRecord;
  partId: (table: string, id: number) => number;
}> {
  const found = await visibleHead(tx, actor, headId);
  const target = await listToEdit(tx, actor, found.list, choice);
  if (!target.copy) return { ...found, partId: (_table, id) => id };
  const copyId = target.copy.headIds.get(headId) ?? 0;
  const partIds = target.copy.partIds;
  return {
    head: { ...found.head, id: copyId, organisation_id: target.list.organisation_id, concept_list_id: target.list.id },
    list: target.list,
    // An id that was not the original's (a stale one) maps to 0, which matches nothing: 404 below.
    partId: (table, id) => partIds.get(`${table}:${id}`) ?? 0,
  };
}
