import {
  can,
  playbookMessages as M,
  type CasePlaybookList,
  type PlaybookContent,
  type PlaybookPreview,
  type PlaybookPublished,
  type PlaybookType,
} from '@lexdesk/contract';
import type { Actor } from '../../platform/access/actor.ts';
import { auditService } from '../../platform/audit/audit.service.ts';
import { inTransaction, nowIso, type AppContext } from '../../platform/context.ts';
import { conflict, forbidden, notFound } from '../../platform/errors/http-error.ts';
import { casesService } from '../cases/index.ts';
import { ownPlaybook, viewerOf, visiblePlaybook } from './playbook-access.ts';
import { draftContent, parseContent, sameContent } from './playbook-draft.ts';
import {
  casePinsOf,
  deleteCasePin,
  findCasePin,
  findVersion,
  insertCasePin,
  insertVersion,
  latestVersions,
  moveCasePin,
} from './playbook-parts.repo.ts';
import { findVisiblePlaybook } from './playbooks.repo.ts';

/**
 * The content of a playbook the actor sees: the draft, or a published version (404 for an unknown one).
 * The export builds its documents and packages from this.
 */
export async function playbookContentFor(
  ctx: AppContext,
  actor: Actor,
  playbookId: number,
  version?: number,
): Promise<{ id: number; version: number | null; content: PlaybookContent }> {
  const playbook = await visiblePlaybook(ctx, actor, playbookId);
  if (version === undefined) return { id: playbookId, version: null, content: await draftContent(ctx, playbook) };
  const stored = await findVersion(ctx.db, playbook.organisation_id, playbookId, version);
  if (!stored) throw notFound();
  return { id: playbookId, version: stored.version, content: parseContent(stored.content) };
}

/** Versions (preview, publish) and the playbooks a case follows at a pinned version. */
export function playbookVersionsService(ctx: AppContext) {
  /** The case must be one the actor sees (the cases module's check: 404 otherwise). */
  // A case's playbooks are a tab of the case: without the Case module the case itself is out of reach.
  const requireCase = async (actor: Actor, caseId: number) => {
    if (!can(actor, 'case.cases.read')) throw forbidden();
    return casesService(ctx).brief(actor, caseId);
  };

  return {
    /** GET playbook/preview/{id}/?version=: the draft or a published version. */
    async preview(actor: Actor, id: number, version?: number): Promise<PlaybookPreview> {
      return playbookContentFor(ctx, actor, id, version);
    },

    /** POST playbook/{id}/publish/: freezes the draft as the next version (409 when nothing changed). */
    async publish(actor: Actor, id: number): Promise<PlaybookPublished> {
      const playbook = await ownPlaybook(ctx, actor, id);
      const version = await inTransaction(ctx, async (tx) => {
        const content = await draftContent(tx, playbook);
        const latest = await findVersion(tx.db, actor.organisationId, id);
        if (latest && sameContent(content, parseContent(latest.content))) throw conflict(M.nothingToPublish);
        const version = (latest?.version ?? 0) + 1;
        await insertVersion(tx.db, {
          organisation_id: actor.organisationId,
          playbook_id: id,
          version,
          content: JSON.stringify(content),
          published_by: actor.userId,
          published_at: nowIso(tx),
        });
        await auditService(tx).record(actor, 'playbook', id, 'published', { version });
        return version;
      });
      return { detail: M.published(version), version };
    },

    /** GET case/{case_id}/playbooks/: the playbooks the case follows, each at its version and the latest. */
    async caseList(actor: Actor, caseId: number): Promise<CasePlaybookList> {
      await requireCase(actor, caseId);
      const pins = await casePinsOf(ctx.db, actor.organisationId, caseId);
      const latest = await latestVersions(
        ctx.db,
        pins.map((pin) => pin.playbook_id),
      );
      const data: CasePlaybookList['data'] = [];
      for (const pin of pins) {
        // A playbook no longer shared with the organisation drops out of its cases' lists.
        const playbook = await findVisiblePlaybook(ctx.db, viewerOf(actor), pin.playbook_id);
        if (!playbook) continue;
        data.push({
          playbook_id: pin.playbook_id,
          name: playbook.name,
          playbook_type: playbook.playbook_type as PlaybookType,
          version: pin.version,
          latest_version: latest.get(pin.playbook_id) ?? pin.version,
          added_by: pin.added_by,
          added_at: pin.added_at,
        });
      }
      return { data };
    },

    /** POST case/{case_id}/playbooks/: pins the playbook's latest version (409 unpublished or already there). */
    async addToCase(actor: Actor, caseId: number, playbookId: number): Promise<{ detail: string }> {
      await requireCase(actor, caseId);
      const playbook = await visiblePlaybook(ctx, actor, playbookId);
      const latest = await findVersion(ctx.db, playbook.organisation_id, playbookId);
      if (!latest) throw conflict(M.notPublished);
      await inTransaction(ctx, async (tx) => {
        if (await findCasePin(tx.db, actor.organisationId, caseId, playbookId)) throw conflict(M.alreadyOnCase);
        await insertCasePin(tx.db, {
          organisation_id: actor.organisationId,
          case_id: caseId,
          playbook_id: playbookId,
          version: latest.version,
          added_by: actor.userId,
          added_at: nowIso(tx),
        });
        await auditService(tx).record(actor, 'playbook', playbookId, 'case.added', {
          case_id: caseId,
          version: latest.version,
        });
      });
      return { detail: M.addedToCase };
    },

    /** PUT case/{case_id}/playbooks/{playbook_id}/: moves the case to another published version. */
    async moveOnCase(actor: Actor, caseId: number, playbookId: number, version: number): Promise<{ detail: string }> {
      await requireCase(actor, caseId);
      const playbook = await visiblePlaybook(ctx, actor, playbookId);
      if (!(await findCasePin(ctx.db, actor.organisationId, caseId, playbookId))) throw notFound();
      if (!(await findVersion(ctx.db, playbook.organisation_id, playbookId, version))) throw notFound();
      await inTransaction(ctx, async (tx) => {
        await moveCasePin(tx.db, actor.organisationId, caseId, playbookId, version);
        await auditService(tx).record(actor, 'playbook', playbookId, 'case.moved', {
          case_id: caseId,
          version,
        });
      });
      return { detail: M.caseMovedToVersion(version) };
    },

    /** DELETE case/{case_id}/playbooks/{playbook_id}/. */
    async removeFromCase(actor: Actor, caseId: number, playbookId: number): Promise<{ detail: string }> {
      await requireCase(actor, caseId);
      await visiblePlaybook(ctx, actor, playbookId);
      if (!(await findCasePin(ctx.db, actor.organisationId, caseId, playbookId))) throw notFound();
      await inTransaction(ctx, async (tx) => {
        await deleteCasePin(tx.db, actor.organisationId, caseId, playbookId);
        await auditService(tx).record(actor, 'playbook', playbookId, 'case.removed', { case_id: caseId });
      });
      return { detail: M.removedFromCase };
    },
  };
}
