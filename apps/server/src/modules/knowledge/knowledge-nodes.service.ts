import {
  KNOWLEDGE_LIMITS as L,
  knowledgeMessages as M,
  type KnowledgeNodeCreateBody,
  type KnowledgeNodeKind,
  type KnowledgeNodeSaved,
  type KnowledgeNodeUpdateBody,
  type KnowledgeRevisionDetail,
  type KnowledgeRevisionList,
  type KnowledgeTree,
} from '@lexdesk/contract';
import type { Actor } from '../../platform/access/actor.ts';
import { auditService } from '../../platform/audit/audit.service.ts';
import { inTransaction, nowIso, type AppContext } from '../../platform/context.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors/http-error.ts';
import { sanitizeRichText } from '../../platform/rich-text/editor-html.ts';
import { removeBlobs } from '../../platform/storage/storage.service.ts';
import { usersService } from '../users/index.ts';
import { abilitiesOf } from './knowledge-auth.service.ts';
import { articleSearch, attachmentSearch, indexArticle } from './knowledge-index.ts';
import {
  attachmentsOfNodes,
  childCount,
  deleteNodeRow,
  findNode,
  findRevision,
  insertNodeWithFirstRevision,
  insertRevision,
  replaceLinks,
  revisionsOf,
  updateNodeAt,
  type NodeRecord,
} from './knowledge.repo.ts';
import { pathOf } from './policy.ts';
import { nodeView, parseKeywords, sightOf, visibleNode, visibleTree, type Sight } from './knowledge-view.ts';

const KIND_LABELS: Record<KnowledgeNodeKind, string> = { domain: 'Domain', class: 'Class', instance: 'Article' };

/** `/kb/node/{id}` anchors of a body: the article's links, kept in a table on each save. */
export function linkTargets(body: string, sight: Sight, selfId: number): number[] {
  const ids = new Set<number>();
  for (const match of body.matchAll(/href="(?:https?:\/\/[^"/]+)?\/kb\/node\/(\d+)\/?"/g)) {
    const id = Number(match[1]);
    if (id !== selfId && sight.world.nodes.get(id)?.kind === 'instance') ids.add(id);
  }
  return [...ids];
}

const cleanKeywords = (keywords: readonly string[] | undefined): string[] => {
  const seen = new Set<string>();
  return (keywords ?? []).filter((k) => {
    const key = k.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};

/** 403 unless the viewer may change a node of this kind (articles: contributors; structure: managers). */
function requireWrite(sight: Sight, kind: KnowledgeNodeKind, shared: boolean): void {
  const abilities = abilitiesOf(sight.viewer);
  if (shared && !abilities.can_curate_shared) throw forbidden(M.sharedReadOnly);
  if (kind === 'instance' ? !abilities.can_edit : !abilities.can_manage_structure) throw forbidden();
}

/** The parent a node of `kind` may go under (a domain at the top, a class under a domain or class, …). */
function checkPlace(sight: Sight, kind: KnowledgeNodeKind, parent: NodeRecord | null, selfId?: number): void {
  const wrong = () => badRequest(M.wrongParent, { parent_id: M.wrongParent });
  if (kind === 'domain' && parent !== null) throw wrong();
  if (kind !== 'domain' && parent === null) throw badRequest(M.parentRequired, { parent_id: M.parentRequired });
  if (kind === 'class' && parent && parent.kind === 'instance') throw wrong();
  if (kind === 'instance' && parent && parent.kind !== 'class') throw wrong();
  if (!parent) return;
  const path = pathOf(sight.world, parent.id);
  if (selfId !== undefined && path.some((step) => step.id === selfId)) throw wrong();
  if (kind === 'class' && path.filter((step) => step.kind === 'class').length >= L.depth)
    throw badRequest(M.tooDeep, { parent_id: M.tooDeep });
}

/** The tree, nodes, their revisions, and the writes of contributors and managers. */
export function knowledgeNodesService(ctx: AppContext) {
  const saved = async (actor: Actor, id: number, detail: string): Promise<KnowledgeNodeSaved> => {
    const sight = await sightOf(ctx, actor);
    return { detail, node: await nodeView(ctx, sight, await visibleNode(ctx, sight, id)) };
  };

  /** Saves a new revision over `expected` (409 when someone saved since), its links and its index entry. */
  const saveRevision = async (
    actor: Actor,
    sight: Sight,
    node: NodeRecord,
    expected: number,
    content: { title: string; body: string | null; keywords: string[]; parent_id?: number },
    action: 'updated' | 'restored' | 'moved',
  ) => {
    await inTransaction(ctx, async (tx) => {
      const now = nowIso(tx);
      const revision = expected + 1;
      const patch = {
        title: content.title,
        body: content.body,
        keywords: JSON.stringify(content.keywords),
        revision,
        updated_by: actor.userId,
        updated_at: now,
        ...(content.parent_id === undefined ? {} : { parent_id: content.parent_id }),
      };
      if (!(await updateNodeAt(tx.db, node, expected, patch))) throw conflict(M.editConflict);
      await insertRevision(tx.db, {
        node_id: node.id,
        revision,
        title: content.title,
        body: content.body,
        keywords: patch.keywords,
        author_id: actor.userId,
        created_at: now,
      });
      if (node.kind === 'instance') {
        await replaceLinks(tx.db, node.id, linkTargets(content.body ?? '', sight, node.id));
        await indexArticle(tx, { ...node, ...content });
      }
      await auditService(tx).record(actor, 'knowledge_node', node.id, action, { revision });
    });
  };

  return {
    async tree(actor: Actor): Promise<KnowledgeTree> {
      return { data: visibleTree(await sightOf(ctx, actor)) };
    },

    async get(actor: Actor, id: number) {
      const sight = await sightOf(ctx, actor);
      return nodeView(ctx, sight, await visibleNode(ctx, sight, id));
    },

    /** POST nodes/. A node's children share its ownership: an organisation's, or the provider's shared domain. */
    async create(actor: Actor, body: KnowledgeNodeCreateBody): Promise<KnowledgeNodeSaved> {
      const sight = await sightOf(ctx, actor);
      const parent = body.parent_id === null ? null : await visibleNode(ctx, sight, body.parent_id);
      const shared = parent ? parent.organisation_id === null : body.shared;
      requireWrite(sight, body.kind, shared);
      checkPlace(sight, body.kind, parent);
      if (body.kind !== 'instance' && (body.body || (body.keywords?.length ?? 0) > 0))
        throw badRequest(M.bodyOnlyForArticles, { body: M.bodyOnlyForArticles });
      const article = body.kind === 'instance';
      const text = article ? sanitizeRichText(body.body ?? '') : null;
      const keywords = article ? cleanKeywords(body.keywords) : [];
      const id = await inTransaction(ctx, async (tx) => {
        const now = nowIso(tx);
        const values = {
          organisation_id: shared ? null : actor.organisationId,
          home_organisation_id: parent?.home_organisation_id ?? actor.organisationId,
          parent_id: parent?.id ?? null,
          kind: body.kind,
          title: body.title,
          body: text,
          keywords: JSON.stringify(keywords),
          revision: 1,
          created_by: actor.userId,
          updated_by: actor.userId,
          created_at: now,
          updated_at: now,
        };
        const id = await insertNodeWithFirstRevision(tx.db, values);
        if (article) {
          await replaceLinks(tx.db, id, linkTargets(text ?? '', sight, id));
          await indexArticle(tx, { id, ...values, keywords });
        }
        await auditService(tx).record(actor, 'knowledge_node', id, 'created', { kind: body.kind });
        return id;
      });
      return saved(actor, id, M.created(KIND_LABELS[body.kind]));
    },

    /** PUT nodes/{id}/: a new revision over the one the editor started from; managers may also move it. */
    async update(actor: Actor, id: number, body: KnowledgeNodeUpdateBody): Promise<KnowledgeNodeSaved> {
      const sight = await sightOf(ctx, actor);
      const node = await visibleNode(ctx, sight, id);
      const kind = node.kind as KnowledgeNodeKind;
      requireWrite(sight, kind, node.organisation_id === null);
      if (kind !== 'instance' && (body.body || (body.keywords?.length ?? 0) > 0))
        throw badRequest(M.bodyOnlyForArticles, { body: M.bodyOnlyForArticles });
      const moving = body.parent_id !== undefined && body.parent_id !== node.parent_id;
      if (moving) {
        if (!abilitiesOf(sight.viewer).can_manage_structure) throw forbidden();
        const parent = await visibleNode(ctx, sight, body.parent_id as number);
        if ((parent.organisation_id === null) !== (node.organisation_id === null))
          throw badRequest(M.wrongParent, { parent_id: M.wrongParent });
        checkPlace(sight, kind, parent, node.id);
      }
      if (body.revision !== node.revision) throw conflict(M.editConflict);
      const article = kind === 'instance';
      await saveRevision(
        actor,
        sight,
        node,
        body.revision,
        {
          title: body.title,
          body: article ? sanitizeRichText(body.body ?? node.body ?? '') : null,
          keywords: article ? cleanKeywords(body.keywords ?? parseKeywords(node.keywords)) : [],
          ...(moving ? { parent_id: body.parent_id as number } : {}),
        },
        moving ? 'moved' : 'updated',
      );
      return saved(actor, id, article ? M.articleSaved : M.nodeRenamed);
    },

    /** DELETE nodes/{id}/: an article with its attachments; a domain or class only when empty (409). */
    async remove(actor: Actor, id: number): Promise<{ detail: string }> {
      const sight = await sightOf(ctx, actor);
      const node = await visibleNode(ctx, sight, id);
      requireWrite(sight, node.kind as KnowledgeNodeKind, node.organisation_id === null);
      if (node.kind !== 'instance' && (await childCount(ctx.db, node.id)) > 0) throw conflict(M.notEmpty);
      const attachments = await attachmentsOfNodes(ctx.db, [node.id]);
      await inTransaction(ctx, async (tx) => {
        await attachmentSearch(tx).removeFromIndex(
          node.home_organisation_id,
          attachments.map((a) => a.id),
        );
        if (node.kind === 'instance') await articleSearch(tx).removeFromIndex(node.home_organisation_id, [node.id]);
        await deleteNodeRow(tx.db, node);
        await auditService(tx).record(actor, 'knowledge_node', node.id, 'deleted', { kind: node.kind });
      });
      await removeBlobs(
        ctx,
        attachments.map((a) => a.storage_key),
      );
      return { detail: M.nodeDeleted };
    },

    async revisions(actor: Actor, id: number): Promise<KnowledgeRevisionList> {
      const sight = await sightOf(ctx, actor);
      const node = await visibleNode(ctx, sight, id);
      const rows = await revisionsOf(ctx.db, node.id);
      const names = await usersService(ctx).namesIn(
        sight.viewer.organisationId,
        rows.map((r) => r.author_id),
      );
      return {
        data: rows.map((row) => ({
          revision: row.revision,
          title: row.title,
          author: row.author_id === null ? null : (names.get(row.author_id) ?? null),
          created_at: row.created_at,
        })),
      };
    },

    async revision(actor: Actor, id: number, revision: number): Promise<KnowledgeRevisionDetail> {
      const sight = await sightOf(ctx, actor);
      const node = await visibleNode(ctx, sight, id);
      const row = await findRevision(ctx.db, node.id, revision);
      if (!row) throw notFound();
      const names = await usersService(ctx).namesIn(sight.viewer.organisationId, [row.author_id]);
      return {
        node_id: node.id,
        revision: row.revision,
        title: row.title,
        author: row.author_id === null ? null : (names.get(row.author_id) ?? null),
        created_at: row.created_at,
        body: row.body,
        keywords: parseKeywords(row.keywords),
      };
    },

    /** POST nodes/{id}/revisions/{rev}/restore/: that revision's content as a new revision. */
    async restore(actor: Actor, id: number, revision: number): Promise<KnowledgeNodeSaved> {
      const sight = await sightOf(ctx, actor);
      const node = await visibleNode(ctx, sight, id);
      requireWrite(sight, node.kind as KnowledgeNodeKind, node.organisation_id === null);
      const row = await findRevision(ctx.db, node.id, revision);
      if (!row) throw notFound();
      await saveRevision(
        actor,
        sight,
        node,
        node.revision,
        { title: row.title, body: row.body, keywords: parseKeywords(row.keywords) },
        'restored',
      );
      return saved(actor, id, M.revisionRestored(revision));
    },

    /** The node for other parts of the module (attachments, export), through the same check. */
    visible: async (actor: Actor, id: number) => {
      const sight = await sightOf(ctx, actor);
      return { sight, node: await visibleNode(ctx, sight, id) };
    },
    findNode: (organisationId: number, id: number) => findNode(ctx.db, organisationId, id),
  };
}
