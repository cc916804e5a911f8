import EditNoteIcon from '@mui/icons-material/EditNote';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId, useState, type KeyboardEvent } from 'react';
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

/**
 * Rich text shown in place; the box itself is the button that opens the editor dialog (a click anywhere on
 * it, or Enter / Space once focused), so the small pencil is only a hint of what a click does.
 */
export function RichTextField({ label, caption, value, onChange, disabled = false, placeholder }: RichTextFieldProps) {
  const [open, setOpen] = useState(false);
  const contentId = useId();
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    setOpen(true);
  };
  return (
    <Box sx={{ minWidth: 0, flex: '1 1 260px', display: 'flex' }}>
      <Box
        {...(disabled
          ? { role: 'group', 'aria-label': label }
          : {
              role: 'button',
              tabIndex: 0,
              'aria-label': `Edit ${label.toLowerCase()}`,
              'aria-describedby': contentId,
              onClick: () => setOpen(true),
              onKeyDown,
            })}
        data-testid="rich-text-box"
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
          ...(!disabled && {
            cursor: 'pointer',
            '&:hover': { borderColor: 'text.primary' },
            '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 1 },
          }),
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5 }}>
          <Typography variant="caption" color="text.secondary" component="div" sx={{ flex: 1, minWidth: 0 }}>
            {caption ?? label}
          </Typography>
          {!disabled && <EditNoteIcon fontSize="small" color="action" aria-hidden />}
        </Box>
        {/* Inert: a link in the text must not be followed (or focused) inside the button. */}
        <Box id={contentId} inert>
          {value ? (
            <RichTextView html={value} sx={{ '& p': { my: 0.25 } }} />
          ) : (
            <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
              {placeholder ?? 'Nothing written yet'}
            </Typography>
          )}
        </Box>
      </Box>
      <RichTextDialog open={open} value={value} label={label} onSave={onChange} onClose={() => setOpen(false)} />
    </Box>
  );
}
