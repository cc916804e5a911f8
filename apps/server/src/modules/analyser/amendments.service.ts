import {
  can,
  conceptMessages as M,
  type Amendment,
  type AmendmentBody,
  type AmendmentType,
  type HeadPartSaved,
} from '@lexdesk/contract';
import { randomUUID } from 'node:crypto';
import type { Actor } from '../../platform/access/actor.ts';
import { auditService } from '../../platform/audit/audit.service.ts';
import { inTransaction, nowIso, type AppContext } from '../../platform/context.ts';
import { forbidden, notFound } from '../../platform/errors/http-error.ts';
import {
  amendmentsOf,
  deleteAmendments,
  findVisibleAmendment,
  headsNamedInVisibleLists,
  insertAmendments,
  updateAmendments,
} from './amendments.repo.ts';
import { auditActor, headToEdit, visibleHead } from './concept-edit-target.ts';
import { viewerOf } from './concept-viewer.ts';

const nameOf = (row: { first_name: string | null; last_name: string | null }) =>
  row.first_name === null ? 'a deleted user' : `${row.first_name} ${row.last_name ?? ''}`.trim();

/**
 * Amendments of a head (spec 03 §2.3, §4): the super user's "whole repository" (`updateAll`) adds one to every
 * head with the same head text in every list it sees (the provider's curated lists and its own organisation's,
 * never a firm's private list), as one group, and edits or deletes the whole group there; anyone else
 * works on the one head (in the organisation's own copy when the list is not theirs: docs/analyser.md).
 */
export function amendmentsService(ctx: AppContext) {
  const requireWrite = (actor: Actor) => {
    if (!can(actor, 'analyser.concepts.write')) throw forbidden();
  };
  const wholeRepository = (actor: Actor, updateAll: boolean | undefined) =>
    updateAll === true && can(actor, 'organisations.any_organisation.access');

  async function list(actor: Actor, headId: number, filter: { type?: AmendmentType; search?: string }) {
    const { head } = await visibleHead(ctx, actor, headId);
    const write = can(actor, 'analyser.concepts.write');
    const rows = await amendmentsOf(ctx.db, head, filter);
    return {
      data: rows.map((row): Amendment => ({
        id: row.id,
        amendment_type: row.amendment_type as AmendmentType,
        amendment: row.amendment,
        concept_id: row.head_id,
        created_by: nameOf(row),
        created_at: row.created_at,
        actions: { edit: write, delete: write },
      })),
    };
  }

  /** The amendment to change and the rows the change covers (its group with `updateAll`). */
  async function target(tx: AppContext, actor: Actor, amendmentId: number, updateAll: boolean | undefined) {
    const found = await findVisibleAmendment(tx.db, viewerOf(actor), amendmentId);
    if (!found) throw notFound();
    if (wholeRepository(actor, updateAll)) {
      return { headId: found.head_id, rows: { id: found.id, groupKey: found.group_key, visibleTo: viewerOf(actor) } };
    }
    const edit = await headToEdit(tx, actor, found.head_id, {});
    const id = edit.partId('concept_amendments', found.id);
    return {
      headId: edit.head.id,
      rows: { id, groupKey: updateAll ? found.group_key : null, organisationId: edit.head.organisation_id },
    };
  }

  return {
    list: (actor: Actor, headId: number, type?: AmendmentType) => list(actor, headId, { type }),
    search: (actor: Actor, headId: number, type: AmendmentType | undefined, searchKey: string) =>
      list(actor, headId, { type, search: searchKey }),

    /** POST concept/amendments/{id}/: 'Amendment added successfully'. */
    async add(
      actor: Actor,
      headId: number,
      updateAll: boolean | undefined,
      body: AmendmentBody,
    ): Promise<HeadPartSaved> {
      requireWrite(actor);
      return inTransaction(ctx, async (tx) => {
        const now = nowIso(tx);
        const row = {
          amendment_type: body.amendment_type,
          amendment: body.amendment,
          group_key: randomUUID(),
          created_by: actor.userId,
          created_at: now,
          updated_at: now,
        };
        let head: { id: number; organisation_id: number };
        let heads: { id: number; organisation_id: number }[];
        if (wholeRepository(actor, updateAll ?? body.updateAll)) {
          const found = (await visibleHead(tx, actor, headId)).head;
          head = found;
          heads = await headsNamedInVisibleLists(tx.db, viewerOf(actor), found.head);
        } else {
          head = (await headToEdit(tx, actor, headId, {})).head;
          heads = [head];
        }
        await insertAmendments(
          tx.db,
          heads.map((h) => ({ ...row, head_id: h.id, organisation_id: h.organisation_id })),
        );
        await auditService(tx).record(auditActor(actor), 'concept_head', head.id, 'amendment.added', {
          heads: heads.length,
        });
        return { detail: M.amendmentAdded, concept_id: head.id, id: null };
      });
    },

    /** PUT concept/amendment/modification/{amendmentId}/: 'Amendment updated successfully'. */
    async update(
      actor: Actor,
      amendmentId: number,
      updateAll: boolean | undefined,
      body: AmendmentBody,
    ): Promise<HeadPartSaved> {
      requireWrite(actor);
      return inTransaction(ctx, async (tx) => {
        const { headId, rows } = await target(tx, actor, amendmentId, updateAll ?? body.updateAll);
        await updateAmendments(tx.db, rows, {
          amendment_type: body.amendment_type,
          amendment: body.amendment,
          updated_at: nowIso(tx),
        });
        await auditService(tx).record(auditActor(actor), 'concept_head', headId, 'amendment.updated');
        return { detail: M.amendmentUpdated, concept_id: headId, id: rows.id };
      });
    },

    /** DELETE concept/amendment/modification/{amendmentId}/: 'Amendment deleted successfully'. */
    async remove(actor: Actor, amendmentId: number, updateAll: boolean | undefined): Promise<HeadPartSaved> {
      requireWrite(actor);
      return inTransaction(ctx, async (tx) => {
        const { headId, rows } = await target(tx, actor, amendmentId, updateAll);
        await deleteAmendments(tx.db, rows);
        await auditService(tx).record(auditActor(actor), 'concept_head', headId, 'amendment.deleted');
        return { detail: M.amendmentDeleted, concept_id: headId, id: null };
      });
    },
  };
}
