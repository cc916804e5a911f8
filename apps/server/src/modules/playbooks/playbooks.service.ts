import {
  playbookMessages as M,
  type PageQuery,
  type PlaybookBody,
  type PlaybookDetail,
  type PlaybookList,
  type PlaybookSaved,
  type PlaybookType,
} from '@lexdesk/contract';
import type { Actor } from '../../platform/access/actor.ts';
import { auditService } from '../../platform/audit/audit.service.ts';
import { inTransaction, nowIso, type AppContext } from '../../platform/context.ts';
import { dialectOf } from '../../db/dialect.ts';
import { conflict } from '../../platform/errors/http-error.ts';
import { pageInfoOf } from '../../platform/http/route-schemas.ts';
import { removeBlobs } from '../../platform/storage/storage.service.ts';
import { copyAttachments, removePlaybookRows } from './playbook-attachments.service.ts';
import { freeName, ownPlaybook, viewerOf, visiblePlaybook } from './playbook-access.ts';
import { categoryIdsByName } from './playbook-categories.service.ts';
import { draftContent, entryOf, parseContent, sameContent, writeDraft } from './playbook-draft.ts';
import { attachmentCount, findVersion, latestVersions, versionsOf } from './playbook-parts.repo.ts';
import {
  categoryNamesOf,
  entriesOf,
  insertPlaybook,
  linkedCategories,
  nameTaken,
  pageVisiblePlaybooks,
  updatePlaybook,
  type PlaybookFilter,
} from './playbooks.repo.ts';
import { usersService } from '../users/index.ts';

const nameConflict = () => conflict(M.nameExists, { name: M.nameExists });

/** Playbooks: the list, the draft and its detail, create, edit, delete and duplicate (docs/playbooks.md). */
export function playbooksService(ctx: AppContext) {
  const service = {
    /** One page of the playbooks the actor sees, newest change first. */
    async page(
      actor: Actor,
      query: PageQuery,
      filter: Omit<PlaybookFilter, 'offset' | 'limit'>,
    ): Promise<PlaybookList> {
      const { total, rows } = await pageVisiblePlaybooks(ctx.db, dialectOf(ctx), viewerOf(actor), {
        ...filter,
        offset: (query.page_no - 1) * query.limits,
        limit: query.limits,
      });
      const categories = new Map<number, string[]>();
      for (const org of new Set(rows.map((row) => row.organisation_id))) {
        const ids = rows.filter((row) => row.organisation_id === org).map((row) => row.id);
        for (const [id, names] of await categoryNamesOf(ctx.db, org, ids)) categories.set(id, names);
      }
      const versions = await latestVersions(
        ctx.db,
        rows.map((row) => row.id),
      );
      return {
        data: rows.map((row) => ({
          id: row.id,
          name: row.name,
          playbook_type: row.playbook_type as PlaybookType,
          categories: categories.get(row.id) ?? [],
          entry_count: Number(row.entry_count ?? 0),
          current_version: versions.get(row.id) ?? null,
          is_own: row.organisation_id === actor.organisationId,
          updated_at: row.updated_at,
        })),
        page: pageInfoOf(query, total),
      };
    },

    /** GET playbook/{id}/: the draft, its versions and whether it changed since the last one. */
    async detail(actor: Actor, id: number): Promise<PlaybookDetail> {
      const playbook = await visiblePlaybook(ctx, actor, id);
      const org = playbook.organisation_id;
      const [categories, entries, versions, latest, attachments, names] = await Promise.all([
        linkedCategories(ctx.db, org, id),
        entriesOf(ctx.db, org, id),
        versionsOf(ctx.db, org, id),
        findVersion(ctx.db, org, id),
        attachmentCount(ctx.db, org, id),
        usersService(ctx).namesIn(org, [playbook.created_by]),
      ]);
      // Another organisation's people are never named to the organisations a playbook is shared with.
      const own = org === actor.organisationId;
      const changed = !latest || !sameContent(await draftContent(ctx, playbook), parseContent(latest.content));
      return {
        id,
        name: playbook.name,
        playbook_type: playbook.playbook_type as PlaybookType,
        description: playbook.description,
        categories,
        entries: entries.map(entryOf),
        current_version: latest?.version ?? null,
        has_unpublished_changes: changed,
        versions: own ? versions : versions.map((v) => ({ ...v, published_by: null })),
        attachment_count: attachments,
        is_own: own,
        created_by: !own || playbook.created_by === null ? null : (names.get(playbook.created_by) ?? null),
        created_at: playbook.created_at,
        updated_at: playbook.updated_at,
      };
    },

    /** POST playbook/: a new playbook of the actor's organisation (409 when the name is taken there). */
    async create(actor: Actor, body: PlaybookBody, action: 'created' | 'imported' = 'created'): Promise<PlaybookSaved> {
      const id = await inTransaction(ctx, async (tx) => {
        if (await nameTaken(tx.db, actor.organisationId, body.name.toLowerCase())) throw nameConflict();
        const now = nowIso(tx);
        const id = await insertPlaybook(tx.db, {
          organisation_id: actor.organisationId,
          name: body.name,
          name_key: body.name.toLowerCase(),
          playbook_type: body.playbook_type,
          description: body.description,
          created_by: actor.userId,
          created_at: now,
          updated_at: now,
        });
        await writeDraft(tx, actor, { id, organisation_id: actor.organisationId }, body);
        await auditService(tx).record(actor, 'playbook', id, action, { entries: body.entries.length });
        return id;
      });
      return { detail: action === 'created' ? M.created : M.imported, id };
    },

    /** PUT playbook/{id}/: replaces the draft (name, type, description, categories, entries). */
    async update(actor: Actor, id: number, body: PlaybookBody): Promise<PlaybookSaved> {
      await ownPlaybook(ctx, actor, id);
      await inTransaction(ctx, async (tx) => {
        if (await nameTaken(tx.db, actor.organisationId, body.name.toLowerCase(), id)) throw nameConflict();
        await updatePlaybook(tx.db, actor.organisationId, id, {
          name: body.name,
          name_key: body.name.toLowerCase(),
          playbook_type: body.playbook_type,
          description: body.description,
          updated_at: nowIso(tx),
        });
        await writeDraft(tx, actor, { id, organisation_id: actor.organisationId }, body);
        await auditService(tx).record(actor, 'playbook', id, 'updated', { entries: body.entries.length });
      });
      return { detail: M.updated, id };
    },

    /** DELETE playbook/{id}/: the playbook with its parts; the attachments' files go after the commit. */
    async remove(actor: Actor, id: number): Promise<{ detail: string }> {
      await ownPlaybook(ctx, actor, id);
      const keys = await inTransaction(ctx, async (tx) => {
        const released = await removePlaybookRows(tx, actor.organisationId, [id]);
        await auditService(tx).record(actor, 'playbook', id, 'deleted');
        return released;
      });
      await removeBlobs(ctx, keys);
      return { detail: M.deleted };
    },

    /**
     * POST playbook/{id}/duplicate/: "Copy of …" in the actor's organisation with the draft, its categories
     * (matched by name, created when missing: a shared playbook's come from another organisation) and copies
     * of its attachments; no versions.
     */
    async duplicate(actor: Actor, id: number): Promise<PlaybookSaved> {
      const source = await visiblePlaybook(ctx, actor, id);
      const content = await draftContent(ctx, source);
      const newId = await inTransaction(ctx, async (tx) => {
        const name = await freeName(tx, actor.organisationId, `Copy of ${source.name}`);
        const now = nowIso(tx);
        const copyId = await insertPlaybook(tx.db, {
          organisation_id: actor.organisationId,
          name,
          name_key: name.toLowerCase(),
          playbook_type: source.playbook_type,
          description: source.description,
          created_by: actor.userId,
          created_at: now,
          updated_at: now,
        });
        const byName = await categoryIdsByName(
          tx,
          actor.organisationId,
          content.categories.map((c) => c.name),
        );
        const mapped = new Map(content.categories.map((c) => [c.id, byName.get(c.name.toLowerCase()) ?? null]));
        const own = source.organisation_id === actor.organisationId;
        await writeDraft(
          tx,
          actor,
          { id: copyId, organisation_id: actor.organisationId },
          {
            category_ids: [...byName.values()],
            entries: content.entries.map((entry) => ({
              ...entry,
              category_id: entry.category_id === null ? null : (mapped.get(entry.category_id) ?? null),
              // Another organisation's concept heads may not be the actor's to see.
              concept_head_ids: own ? entry.concept_head_ids : [],
            })),
          },
          { checkConceptHeads: false },
        );
        await copyAttachments(tx, actor, source, copyId);
        await auditService(tx).record(actor, 'playbook', copyId, 'duplicated', { from: id });
        return copyId;
      });
      return { detail: M.duplicated, id: newId };
    },
  };
  return service;
}
