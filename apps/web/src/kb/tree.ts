import type { KnowledgeTreeNode } from '@lexdesk/contract';

/** The tree's rows by parent (null: the domains), each level by kind (classes before articles), then title. */
export function childrenByParent(rows: readonly KnowledgeTreeNode[]): Map<number | null, KnowledgeTreeNode[]> {
  const order = { domain: 0, class: 1, instance: 2 } as const;
  const map = new Map<number | null, KnowledgeTreeNode[]>();
  for (const row of rows) {
    const list = map.get(row.parent_id) ?? [];
    list.push(row);
    map.set(row.parent_id, list);
  }
  for (const list of map.values()) list.sort((a, b) => order[a.kind] - order[b.kind] || a.title.localeCompare(b.title));
  return map;
}

/** The ids from the top down to `id` (so the tree opens where the page is). */
export function pathTo(rows: readonly KnowledgeTreeNode[], id: number | null): number[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const path: number[] = [];
  let node = id === null ? undefined : byId.get(id);
  while (node && path.length <= rows.length) {
    path.unshift(node.id);
    node = node.parent_id === null ? undefined : byId.get(node.parent_id);
  }
  return path;
}

export const KIND_LABELS = { domain: 'Domain', class: 'Class', instance: 'Article' } as const;
