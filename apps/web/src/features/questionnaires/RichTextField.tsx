import EditNoteIcon from '@mui/icons-material/EditNote';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { RichTextView } from '../../ui/RichTextView.tsx';
import { RichTextDialog } from './RichTextDialog.tsx';

interface RichTextFieldProps {
  /** Accessible name (unique on the page); `caption` is the short visible label. */
  label: string;
  caption?: string;
  value: string;
  onChange: (html: string) => void;
  disabled?: boolean;
  placeholder?: string;
}

/** Rich text shown in place, written in the 'Enter Information' dialog. */
export function RichTextField({ label, caption, value, onChange, disabled = false, placeholder }: RichTextFieldProps) {
  const [open, setOpen] = useState(false);
  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5, minWidth: 0, flex: '1 1 260px' }}>
      <Box
        sx={{
          flex: 1,
          minWidth: 0,
          minHeight: 40,
          px: 1.5,
          py: 0.5,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          maxHeight: 160,
          overflow: 'auto',
        }}
        aria-label={label}
        role="group"
      >
        <Typography variant="caption" color="text.secondary" component="div">
          {caption ?? label}
        </Typography>
        {value ? (
          <RichTextView html={value} sx={{ '& p': { my: 0.25 } }} />
        ) : (
          <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
            {placeholder ?? 'Nothing written yet'}
          </Typography>
        )}
      </Box>
      {!disabled && (
        <Tooltip title={`Edit ${label.toLowerCase()}`}>
          <IconButton aria-label={`Edit ${label.toLowerCase()}`} onClick={() => setOpen(true)}>
            <EditNoteIcon />
          </IconButton>
        </Tooltip>
      )}
      <RichTextDialog open={open} value={value} label={label} onSave={onChange} onClose={() => setOpen(false)} />
    </Box>
  );
}
