import type { KnowledgeNode } from '@lexdesk/contract';
import ArticleIcon from '@mui/icons-material/ArticleOutlined';
import FolderIcon from '@mui/icons-material/FolderOutlined';
import LockIcon from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useMe } from './me.ts';
import { NewNodeDialog, type NewNodeTarget } from './NewNodeDialog.tsx';

/** What a domain or class holds, and the buttons to add to it (classes: managers; articles: contributors). */
export function ChildrenPanel({ node }: { node: KnowledgeNode }) {
  const me = useMe();
  const [creating, setCreating] = useState<NewNodeTarget | null>(null);
  const sharedLocked = node.shared && !me.can_curate_shared;
  const canAddClass = me.can_manage_structure && !sharedLocked;
  const canAddArticle = node.kind === 'class' && me.can_edit && !sharedLocked;
  return (
    <>
      {(canAddClass || canAddArticle) && (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {canAddClass && (
            <Button variant="outlined" onClick={() => setCreating({ kind: 'class', parent: node.id })}>
              New class
            </Button>
          )}
          {canAddArticle && (
            <Button variant="contained" onClick={() => setCreating({ kind: 'instance', parent: node.id })}>
              New article
            </Button>
          )}
        </Box>
      )}
      <Paper variant="outlined">
        {node.children.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 2 }}>
            Nothing here yet.
          </Typography>
        ) : (
          <List aria-label={`Inside ${node.title}`}>
            {node.children.map((child) => (
              <ListItemButton key={child.id} component={RouterLink} to={`/node/${child.id}`}>
                <ListItemIcon sx={{ minWidth: 36 }}>
                  {child.kind === 'instance' ? <ArticleIcon /> : <FolderIcon />}
                </ListItemIcon>
                <ListItemText
                  primary={child.title}
                  secondary={child.kind === 'instance' ? 'Article' : 'Class'}
                  slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                />
                {child.restricted && <LockIcon fontSize="small" titleAccess="Restricted" />}
              </ListItemButton>
            ))}
          </List>
        )}
      </Paper>
      <NewNodeDialog target={creating} onClose={() => setCreating(null)} />
    </>
  );
}
