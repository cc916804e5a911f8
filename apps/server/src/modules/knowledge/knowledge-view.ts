import {
  type KnowledgeAttachment,
  type KnowledgeNode,
  type KnowledgeNodeKind,
  type KnowledgeTreeNode,
} from '@lexdesk/contract';
import type { Actor } from '../../platform/access/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors/http-error.ts';
import { usersService } from '../users/index.ts';
import { requireKnowledge } from './knowledge-auth.service.ts';
import {
  attachmentsOfNodes,
  findNode,
  linksOf,
  type AttachmentRecord,
  type NodeRecord,
  type TreeRecord,
} from './knowledge.repo.ts';
import {
  decide,
  pathOf,
  reachOf,
  viewerOf,
  visibleNodes,
  worldOf,
  type KnowledgeWorld,
  type Viewer,
} from './policy.ts';

/** A reader's view of the knowledge: who, the organisation's world, and what of it they see. */
export interface Sight {
  viewer: Viewer;
  world: KnowledgeWorld;
  visible: ReadonlyMap<number, { restricted: boolean }>;
}

/** The viewer's sight, after the licence and knowledge-role check (403 with their messages). */
export async function sightOf(ctx: AppContext, actor: Actor): Promise<Sight> {
  const viewer = await viewerOf(ctx, actor);
  requireKnowledge(viewer);
  const world = await worldOf(ctx, viewer.organisationId);
  return { viewer, world, visible: visibleNodes(viewer, world) };
}

/**
 * The node if the viewer sees it, else 404 exactly like a missing id: an unknown id, another organisation's
 * node, a shared node not shared with the organisation, and a node restricted for the viewer alike (a 403
 * there would confirm that a restricted node exists: issue 29).
 */
export async function visibleNode(ctx: AppContext, sight: Sight, nodeId: number): Promise<NodeRecord> {
  if (!decide(sight.viewer, sight.world, nodeId).visible) throw notFound();
  const node = await findNode(ctx.db, sight.viewer.organisationId, nodeId);
  if (!node) throw notFound();
  return node;
}

export const parseKeywords = (json: string): string[] => {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((k): k is string => typeof k === 'string') : [];
  } catch {
    return [];
  }
};

export function treeNodeOf(sight: Sight, row: TreeRecord): KnowledgeTreeNode {
  return {
    id: row.id,
    parent_id: row.parent_id,
    kind: row.kind as KnowledgeNodeKind,
    title: row.title,
    shared: row.organisation_id === null,
    restricted: sight.visible.get(row.id)?.restricted ?? false,
  };
}

/** The visible nodes as the tree lists them (domains, classes and articles by title). */
export function visibleTree(sight: Sight): KnowledgeTreeNode[] {
  return [...sight.world.nodes.values()]
    .filter((row) => sight.visible.has(row.id))
    .map((row) => treeNodeOf(sight, row));
}

export function breadcrumbOf(sight: Sight, nodeId: number) {
  return pathOf(sight.world, nodeId)
    .filter((step) => sight.visible.has(step.id))
    .map((step) => ({ id: step.id, title: step.title, kind: step.kind as KnowledgeNodeKind }));
}

/** Names of the viewer's organisation's users (a shared node's curator, of the provider, stays unnamed). */
async function namesFor(ctx: AppContext, sight: Sight, ids: readonly (number | null)[]) {
  return usersService(ctx).namesIn(sight.viewer.organisationId, ids);
}

export async function attachmentsFor(
  ctx: AppContext,
  sight: Sight,
  rows: readonly AttachmentRecord[],
): Promise<KnowledgeAttachment[]> {
  const names = await namesFor(
    ctx,
    sight,
    rows.map((r) => r.uploaded_by),
  );
  return rows.map((row) => ({
    id: row.id,
    node_id: row.node_id,
    file_name: row.file_name,
    content_type: row.content_type,
    size: Number(row.size),
    state: row.state as KnowledgeAttachment['state'],
    uploaded_by: row.uploaded_by === null ? null : (names.get(row.uploaded_by) ?? null),
    uploaded_at: row.uploaded_at,
  }));
}

/** GET nodes/{id}/: the node with its breadcrumb, visible children, and an article's content and links. */
export async function nodeView(ctx: AppContext, sight: Sight, node: NodeRecord): Promise<KnowledgeNode> {
  const tree = sight.world.nodes.get(node.id);
  const children = [...sight.world.nodes.values()]
    .filter((row) => row.parent_id === node.id && sight.visible.has(row.id))
    .map((row) => treeNodeOf(sight, row));
  const links = await linksOf(ctx.db, node.id);
  const linkList = (ids: number[]) =>
    ids
      .filter((id) => sight.visible.has(id))
      .map((id) => ({ id, title: sight.world.nodes.get(id)?.title ?? '' }))
      .sort((a, b) => a.title.localeCompare(b.title));
  const names = await namesFor(ctx, sight, [node.created_by, node.updated_by]);
  const nameOf = (id: number | null) => (id === null ? null : (names.get(id) ?? null));
  return {
    ...treeNodeOf(sight, tree ?? node),
    breadcrumb: breadcrumbOf(sight, node.id),
    children,
    body: node.kind === 'instance' ? (node.body ?? '') : null,
    keywords: parseKeywords(node.keywords),
    revision: node.revision,
    created_by: nameOf(node.created_by),
    created_at: node.created_at,
    updated_by: nameOf(node.updated_by),
    updated_at: node.updated_at,
    attachments:
      node.kind === 'instance' ? await attachmentsFor(ctx, sight, await attachmentsOfNodes(ctx.db, [node.id])) : [],
    links_out: linkList(links.out),
    linked_from: linkList(links.in),
  };
}

/** Whether the organisation reaches the node at all (rules screens: nodes of the organisation's tree). */
export const reachable = (world: KnowledgeWorld, nodeId: number) => reachOf(world, nodeId).reachable;
