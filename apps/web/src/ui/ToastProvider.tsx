import { TOAST_MS } from '@lexdesk/contract';
import GlobalStyles from '@mui/material/GlobalStyles';
import { styled } from '@mui/material/styles';
import { MaterialDesignContent, SnackbarProvider } from 'notistack';
import type { ReactNode } from 'react';

// notistack's default greens and oranges fail text contrast with white; these reach WCAG AA.
const Toast = styled(MaterialDesignContent)(() => ({
  '&.notistack-MuiContent-success': { backgroundColor: '#1b5e20' },
  '&.notistack-MuiContent-error': { backgroundColor: '#b71c1c' },
  '&.notistack-MuiContent-warning': { backgroundColor: '#8a4b00' },
  '&.notistack-MuiContent-info': { backgroundColor: '#0d47a1' },
}));

/** Below the top bar (64 px, 56 on phones), so a toast never covers its timer, theme or profile controls. */
const BELOW_TOP_BAR = 'lexdesk-toasts-below-top-bar';

/** Toasts: top right under the top bar, gone after 2 s (spec 01 §8). Raise them with enqueueSnackbar. */
export function ToastProvider({ children }: { children: ReactNode }) {
  return (
    <>
      <GlobalStyles
        styles={{
          [`.${BELOW_TOP_BAR}`]: { top: '72px !important' },
          '@media (max-width: 599.95px)': { [`.${BELOW_TOP_BAR}`]: { top: '64px !important' } },
        }}
      />
      <SnackbarProvider
        maxSnack={3}
        autoHideDuration={TOAST_MS}
        anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
        classes={{ containerAnchorOriginTopRight: BELOW_TOP_BAR }}
        Components={{ success: Toast, error: Toast, warning: Toast, info: Toast, default: Toast }}
      >
        {children}
      </SnackbarProvider>
    </>
  );
}
