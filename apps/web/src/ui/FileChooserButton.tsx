import Button from '@mui/material/Button';
import type { ReactNode } from 'react';

/**
 * A button that opens the browser's file chooser (a hidden file input inside a label), for the upload and
 * import dialogs. `ariaLabel` names the input: journeys and screen readers find it by that name.
 */
export function FileChooserButton({
  children,
  ariaLabel,
  accept,
  onChoose,
  disabled,
}: {
  children: ReactNode;
  ariaLabel: string;
  accept: string;
  onChoose: (file: File | null) => void;
  disabled?: boolean;
}) {
  return (
    <Button variant="outlined" component="label" disabled={disabled}>
      {children}
      <input
        hidden
        type="file"
        aria-label={ariaLabel}
        accept={accept}
        onChange={(event) => onChoose(event.target.files?.[0] ?? null)}
      />
    </Button>
  );
}
