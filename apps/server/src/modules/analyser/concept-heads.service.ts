import {
  can,
  conceptMessages as M,
  draftText,
  type ConceptCopyResponse,
  type ConceptHead,
  type ConceptHeadDetails,
  type ConceptHeadInput,
  type ConceptHeadUpdated,
} from '@lexdesk/contract';
import type { Actor } from '../../platform/access/actor.ts';
import { auditService } from '../../platform/audit/audit.service.ts';
import { inTransaction, nowIso, type AppContext } from '../../platform/context.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors/http-error.ts';
import { auditActor, headToEdit, listToEdit, visibleHead } from './concept-edit-target.ts';
import { copiedHead, recordVersion, storedHead, type HeadChange } from './concept-list-writes.ts';
import { headOf } from './concept-lists.service.ts';
import {
  findVisibleHeads,
  findVisibleList,
  headsOf,
  insertHead,
  updateHead,
  updateList,
  type ConceptHeadRecord,
} from './concept-lists.repo.ts';
import { viewerOf } from './concept-viewer.ts';
import { copyHeadParts, partsOf } from './head-parts.repo.ts';
import { clauseOf, ruleOf, scopeOf } from './head-parts.service.ts';

/** One head at a time: read, edit alone, combine into a draft, details, and copying heads into lists. */
export function conceptHeadsService(ctx: AppContext) {
  /** Every asked head the caller sees, in the order asked; 404 when one is not. */
  async function visibleHeads(actor: Actor, ids: readonly number[]) {
    const heads = await findVisibleHeads(ctx.db, viewerOf(actor), ids);
    if (heads.length !== ids.length) throw notFound();
    return heads;
  }

  return {
    /** GET concept-content/single/: the head record. */
    async single(actor: Actor, headId: number): Promise<ConceptHead> {
      const { head, list } = await visibleHead(ctx, actor, headId);
      return headOf(head, list.name);
    },

    /**
     * PUT concept-content/single/: the head edited alone, in place or in the organisation's own copy
     * (`updateAll`, `selectedOrg` or `organisationID`); 409 when the new head text is another head's.
     */
    async updateSingle(
      actor: Actor,
      query: { conceptID: number; updateAll?: boolean; organisationID?: number; selectedOrg?: number },
      input: ConceptHeadInput,
    ): Promise<ConceptHeadUpdated> {
      if (!can(actor, 'analyser.concepts.write')) throw forbidden();
      return inTransaction(ctx, async (tx) => {
        const { head, list } = await headToEdit(tx, actor, query.conceptID, {
          updateAll: query.updateAll,
          organisationId: query.selectedOrg ?? query.organisationID,
        });
        const wanted = storedHead(input);
        const siblings = await headsOf(tx.db, list);
        if (siblings.some((other) => other.id !== head.id && other.head === wanted.head)) {
          throw conflict(M.headAlreadyDrafted, { head: M.headAlreadyDrafted });
        }
        const current = siblings.find((other) => other.id === head.id) ?? head;
        const changes: HeadChange[] = [];
        if (current.head !== wanted.head) {
          changes.push({ head: current.head, change: 'removed' }, { head: wanted.head, change: 'added' });
        } else if (
          current.definition !== wanted.definition ||
          current.terms !== wanted.terms ||
          current.phrases !== wanted.phrases
        ) {
          changes.push({ head: wanted.head, change: 'changed' });
        }
        if (changes.length > 0) {
          await updateHead(tx.db, head, { ...wanted, updated_at: nowIso(tx) });
          const fresh = (await findVisibleList(tx.db, viewerOf(actor), list.id)) ?? list;
          await recordVersion(tx, fresh, actor.userId, changes, null);
          await auditService(tx).record(auditActor(actor), 'concept_head', head.id, 'updated');
        }
        return { detail: M.headUpdated, concept_id: head.id, concept_list_id: list.id };
      });
    },

    /** GET concept-content/combine/: the draft of those heads, then the heads. */
    async combine(actor: Actor, ids: readonly number[]) {
      const heads = await visibleHeads(actor, ids);
      return { draft: draftText(heads), data: heads.map((head) => headOf(head, head.list_name)) };
    },

    /** GET concept-list/concepts/details/: heads with their rules, scope items and clauses. */
    async details(actor: Actor, ids: readonly number[]): Promise<{ data: ConceptHeadDetails[] }> {
      const heads = await visibleHeads(actor, ids);
      const [rules, scopes, clauses] = await Promise.all(
        (['rule', 'scope', 'clause'] as const).map((kind) => partsOf(ctx.db, kind, heads)),
      );
      return {
        data: heads.map((head) => ({
          ...headOf(head, head.list_name),
          rules: (rules?.get(head.id) ?? []).map(ruleOf),
          scopes: (scopes?.get(head.id) ?? []).map(scopeOf),
          clauses: (clauses?.get(head.id) ?? []).map(clauseOf),
        })),
      };
    },

    /**
     * POST concept-content/update/combine/: copies heads (or a whole list) with all their parts into lists the
     * caller may edit; a target the caller may not change in place gets the organisation's own copy. A head the
     * target already has is skipped and named in `skipped`.
     */
    async copy(
      actor: Actor,
      query: { targetConceptListIDs: number[]; sourceConceptIDs?: number[]; sourceConceptListID?: number },
    ): Promise<ConceptCopyResponse> {
      if (!can(actor, 'analyser.concepts.write')) throw forbidden();
      let sources: ConceptHeadRecord[];
      if (query.sourceConceptIDs) sources = await visibleHeads(actor, query.sourceConceptIDs);
      else if (query.sourceConceptListID !== undefined) {
        const list = await findVisibleList(ctx.db, viewerOf(actor), query.sourceConceptListID);
        if (!list) throw notFound();
        sources = await headsOf(ctx.db, list);
      } else throw badRequest(M.selectHeads, { sourceConceptIDs: M.selectHeads });
      if (sources.length === 0) throw badRequest(M.selectHeads, { sourceConceptIDs: M.selectHeads });
      return inTransaction(ctx, async (tx) => {
        let copied = 0;
        const skipped = new Set<string>();
        const listIds: number[] = [];
        for (const targetId of query.targetConceptListIDs) {
          const original = await findVisibleList(tx.db, viewerOf(actor), targetId);
          if (!original) throw notFound(M.noSuchTarget);
          const { list } = await listToEdit(tx, actor, original, {});
          listIds.push(list.id);
          const existing = await headsOf(tx.db, list);
          const names = new Set(existing.map((head) => head.head));
          let position = existing.reduce((max, head) => Math.max(max, head.position), -1) + 1;
          const changes: HeadChange[] = [];
          const now = nowIso(tx);
          for (const source of sources) {
            if (names.has(source.head)) {
              skipped.add(source.head);
              continue;
            }
            names.add(source.head);
            const id = await insertHead(tx.db, {
              ...copiedHead(source, list, now, position++),
              created_by: actor.userId,
            });
            await copyHeadParts(tx.db, source, { id, organisation_id: list.organisation_id }, now);
            changes.push({ head: source.head, change: 'added' });
            copied += 1;
          }
          if (changes.length > 0) {
            const fresh = (await findVisibleList(tx.db, viewerOf(actor), list.id)) ?? list;
            await recordVersion(tx, fresh, actor.userId, changes, null);
            await updateList(tx.db, list, { updated_at: now });
            await auditService(tx).record(auditActor(actor), 'concept_list', list.id, 'copied_into', {
              heads: changes.length,
            });
          }
        }
        return { detail: M.headsCopied, copied, concept_list_ids: listIds, skipped: [...skipped] };
      });
    },
  };
}
