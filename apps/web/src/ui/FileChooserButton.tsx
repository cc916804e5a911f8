import Button from '@mui/material/Button';
import type { ReactNode } from 'react';

/**
 * A button that opens the browser's file chooser (a hidden file input inside a label), for the upload and
 * import dialogs. `ariaLabel` names the input: journeys and screen readers find it by that name. With
 * `onChooseFiles` the chooser takes several files at once.
 */
export function FileChooserButton({
  children,
  ariaLabel,
  accept,
  onChoose,
  onChooseFiles,
  disabled,
}: {
  children: ReactNode;
  ariaLabel: string;
  accept: string;
  onChoose?: (file: File | null) => void;
  onChooseFiles?: (files: File[]) => void;
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
        multiple={onChooseFiles !== undefined}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          onChoose?.(files[0] ?? null);
          onChooseFiles?.(files);
          // The same file chosen again is a new choice.
          event.target.value = '';
        }}
      />
    </Button>
  );
}
