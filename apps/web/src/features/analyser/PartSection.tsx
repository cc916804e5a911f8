import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A titled block of the head-edit page (Clause Library, Out of Scope, Rules, Response Log). */
export function PartSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={title}
      sx={{ p: { xs: 1.5, sm: 2 }, display: 'grid', gap: 1.5 }}
    >
      <Typography variant="h2">{title}</Typography>
      {children}
    </Paper>
  );
}

interface PartItemProps {
  number: number;
  text: string;
  /** What the item is, for the buttons' names ('clause', 'example'). */
  kind: string;
  onEdit?: () => void;
  onDelete: () => void;
  children?: ReactNode;
}

/** A numbered item with its edit and delete buttons; children (examples, suggestions) below. */
export function PartItem({ number, text, kind, onEdit, onDelete, children }: PartItemProps) {
  return (
    <Box sx={{ borderBottom: 1, borderColor: 'divider', pb: 1 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <Typography variant="body2" sx={{ fontWeight: 600, minWidth: 24 }}>
          {number}.
        </Typography>
        <Typography variant="body2" sx={{ flex: 1, minWidth: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {text}
        </Typography>
        {onEdit && (
          <IconButton size="small" aria-label={`Edit ${kind} ${number}`} onClick={onEdit}>
            <EditIcon fontSize="small" />
          </IconButton>
        )}
        <IconButton size="small" aria-label={`Delete ${kind} ${number}`} onClick={onDelete}>
          <DeleteIcon fontSize="small" />
        </IconButton>
      </Box>
      {children}
    </Box>
  );
}
