import Popover from '@mui/material/Popover';
import type { ReactNode } from 'react';

interface TopBarPopoverProps {
  anchor: HTMLElement | null;
  onClose: () => void;
  /** The id of the heading that names the drop-down (it is a dialog to assistive technology). */
  headingId: string;
  width: number;
  children: ReactNode;
}

/** A top bar drop-down (notifications, the task timer): under its button, right-aligned, named by its heading. */
export function TopBarPopover({ anchor, onClose, headingId, width, children }: TopBarPopoverProps) {
  return (
    <Popover
      open={Boolean(anchor)}
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-labelledby': headingId,
          sx: { width, maxWidth: 'calc(100vw - 16px)' },
        } as object,
      }}
    >
      {children}
    </Popover>
  );
}
