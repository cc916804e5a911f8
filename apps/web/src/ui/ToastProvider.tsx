import { TOAST_MS } from '@lexdesk/contract';
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

/** Toasts: top right, gone after 2 s (spec 01 §8). Raise them with notistack's enqueueSnackbar. */
export function ToastProvider({ children }: { children: ReactNode }) {
  return (
    <SnackbarProvider
      maxSnack={3}
      autoHideDuration={TOAST_MS}
      anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
      Components={{ success: Toast, error: Toast, warning: Toast, info: Toast, default: Toast }}
    >
      {children}
    </SnackbarProvider>
  );
}
