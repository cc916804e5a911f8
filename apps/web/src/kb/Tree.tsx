import type { KnowledgeTreeNode } from '@lexdesk/contract';
import ArticleIcon from '@mui/icons-material/ArticleOutlined';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import FolderIcon from '@mui/icons-material/FolderOutlined';
import LockIcon from '@mui/icons-material/LockOutlined';
import PublicIcon from '@mui/icons-material/PublicOutlined';
import TopicIcon from '@mui/icons-material/TopicOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, matchPath, useLocation } from 'react-router';
import { refusalText } from '../api/client.ts';
import { fetchTree, kbKeys } from './api.ts';
import { useMe } from './me.ts';
import { NewNodeDialog, type NewNodeTarget } from './NewNodeDialog.tsx';
import { childrenByParent, pathTo } from './tree.ts';

const ICONS = { domain: TopicIcon, class: FolderIcon, instance: ArticleIcon } as const;

export function useTree() {
  return useQuery({ queryKey: kbKeys.tree, queryFn: ({ signal }) => fetchTree(signal) });
}

/** Domains → classes → articles, restricted ones marked with a lock (only those who may see them see them). */
export function Tree({ onNavigate }: { onNavigate: () => void }) {
  const me = useMe();
  const tree = useTree();
  const { pathname } = useLocation();
  const currentId = Number(matchPath('/node/:id/*', pathname)?.params.id ?? NaN);
  const rows = useMemo(() => tree.data?.data ?? [], [tree.data]);
  const byParent = useMemo(() => childrenByParent(rows), [rows]);
  const [open, setOpen] = useState<Set<number>>(new Set());
  const [creating, setCreating] = useState<NewNodeTarget | null>(null);
  // The branch of the page in view opens (a link, a search hit, the lookup).
  useEffect(() => {
    if (!Number.isInteger(currentId)) return;
    const path = pathTo(rows, currentId);
    setOpen((before) => (path.every((id) => before.has(id)) ? before : new Set([...before, ...path])));
  }, [rows, currentId]);
  const toggle = (id: number) =>
    setOpen((before) => {
      const next = new Set(before);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const level = (parent: number | null, depth: number) => (
    <List dense disablePadding>
      {(byParent.get(parent) ?? []).map((node) => (
        <TreeRow
          key={node.id}
          node={node}
          depth={depth}
          current={node.id === currentId}
          expandable={node.kind !== 'instance' && (byParent.get(node.id)?.length ?? 0) > 0}
          expanded={open.has(node.id)}
          onToggle={() => toggle(node.id)}
          onNavigate={onNavigate}
        >
          {open.has(node.id) && level(node.id, depth + 1)}
        </TreeRow>
      ))}
    </List>
  );

  return (
    <Box>
      <Box sx={{ px: 2, pb: 1, display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography variant="h2" component="h2" sx={{ fontSize: '1rem' }}>
          Contents
        </Typography>
        {me.can_manage_structure && (
          <Button size="small" onClick={() => setCreating({ kind: 'domain', parent: null })}>
            New domain
          </Button>
        )}
      </Box>
      {tree.isError && (
        <Typography color="error" variant="body2" sx={{ px: 2 }}>
          {refusalText(tree.error)}
        </Typography>
      )}
      {tree.data && rows.length === 0 && (
        <Typography color="text.secondary" variant="body2" sx={{ px: 2 }}>
          Nothing here yet.
        </Typography>
      )}
      {level(null, 0)}
      <NewNodeDialog target={creating} onClose={() => setCreating(null)} />
    </Box>
  );
}

function TreeRow({
  node,
  depth,
  current,
  expandable,
  expanded,
  onToggle,
  onNavigate,
  children,
}: {
  node: KnowledgeTreeNode;
  depth: number;
  current: boolean;
  expandable: boolean;
  expanded: boolean;
  onToggle: () => void;
  onNavigate: () => void;
  children: React.ReactNode;
}) {
  const Icon = ICONS[node.kind];
  return (
    <>
      <ListItem
        disablePadding
        secondaryAction={
          expandable ? (
            <IconButton
              size="small"
              edge="end"
              aria-label={`${expanded ? 'Collapse' : 'Expand'} ${node.title}`}
              aria-expanded={expanded}
              onClick={onToggle}
            >
              {expanded ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
            </IconButton>
          ) : undefined
        }
      >
        <ListItemButton
          component={RouterLink}
          to={`/node/${node.id}`}
          onClick={() => {
            if (expandable && !expanded) onToggle();
            onNavigate();
          }}
          selected={current}
          aria-current={current ? 'page' : undefined}
          sx={{ pl: 1.5 + depth * 2, pr: 5 }}
        >
          <ListItemIcon sx={{ minWidth: 30 }}>
            <Icon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={node.title} slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }} />
          {node.shared && <PublicIcon fontSize="small" titleAccess="Shared domain" sx={{ ml: 0.5 }} />}
          {node.restricted && <LockIcon fontSize="small" titleAccess="Restricted" sx={{ ml: 0.5 }} />}
        </ListItemButton>
      </ListItem>
      {/* A nested list sits in an item of its own: a list holds only items. */}
      {children ? (
        <Box component="li" sx={{ listStyle: 'none' }}>
          {children}
        </Box>
      ) : null}
    </>
  );
}
