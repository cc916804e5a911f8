import type { Actor } from '../../platform/access/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { attachmentsOfNodes, findNode, type NodeRecord, type TreeRecord } from './knowledge.repo.ts';
import { parseKeywords, sightOf, visibleNode, type Sight } from './knowledge-view.ts';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The visible nodes under `rootId`, depth first in title order (the export's order). */
function visibleSubtree(sight: Sight, rootId: number): { row: TreeRecord; depth: number }[] {
  const children = new Map<number, TreeRecord[]>();
  for (const row of sight.world.nodes.values()) {
    if (row.parent_id === null || !sight.visible.has(row.id)) continue;
    children.set(row.parent_id, [...(children.get(row.parent_id) ?? []), row]);
  }
  const out: { row: TreeRecord; depth: number }[] = [];
  const walk = (id: number, depth: number) => {
    const row = sight.world.nodes.get(id);
    if (!row || !sight.visible.has(id) || out.length > 10_000) return;
    out.push({ row, depth });
    const below = [...(children.get(id) ?? [])].sort((a, b) => a.title.localeCompare(b.title) || a.id - b.id);
    for (const child of below) walk(child.id, depth + 1);
  };
  walk(rootId, 0);
  return out;
}

/**
 * GET nodes/{id}/export/: one standalone .html file of the node and everything below it that the viewer
 * sees (the policy's visible set: restricted parts are left out for a reader without the flag). Bodies are
 * the stored, sanitised HTML; no script, no outside resource.
 */
export async function exportNode(ctx: AppContext, actor: Actor, nodeId: number) {
  const sight = await sightOf(ctx, actor);
  const root = await visibleNode(ctx, sight, nodeId);
  const parts = visibleSubtree(sight, root.id);
  const attachments = await attachmentsOfNodes(
    ctx.db,
    parts.filter((p) => p.row.kind === 'instance').map((p) => p.row.id),
  );
  const sections: string[] = [];
  for (const { row, depth } of parts) {
    const level = Math.min(6, depth + 1);
    sections.push(`<h${level} id="node-${row.id}">${escapeHtml(row.title)}</h${level}>`);
    if (row.kind !== 'instance') continue;
    const full: NodeRecord | undefined =
      row.id === root.id ? root : await findNode(ctx.db, sight.viewer.organisationId, row.id);
    const keywords = parseKeywords(row.keywords);
    if (keywords.length > 0) sections.push(`<p class="keywords">Keywords: ${keywords.map(escapeHtml).join(', ')}</p>`);
    sections.push(`<div class="article">${full?.body ?? ''}</div>`);
    const files = attachments.filter((a) => a.node_id === row.id);
    if (files.length > 0)
      sections.push(`<p class="attachments">Attachments: ${files.map((f) => escapeHtml(f.file_name)).join(', ')}</p>`);
  }
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(root.title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:50rem;margin:2rem auto;line-height:1.5}.keywords,.attachments{color:#555}</style>
</head><body>
${sections.join('\n')}
</body></html>
`;
  return { name: `${root.title.replace(/[^\p{L}\p{N} _-]+/gu, '').trim() || 'knowledge'}.html`, html };
}
