import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { useMemo } from 'react';
import { BrowserRouter } from 'react-router';
import { createQueryClient } from '../api/queryClient.ts';
import { ToastProvider } from '../ui/ToastProvider.tsx';
import { AppRoutes } from './AppRoutes.tsx';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { ScrollToTop } from './ScrollToTop.tsx';
import { useDarkTheme } from './session/useSession.ts';
import { createAppTheme, usePrefersReducedMotion } from './theme.ts';
import { VersionCheck } from './VersionCheck.tsx';

const queryClient = createQueryClient();

export function App() {
  const dark = useDarkTheme();
  const reducedMotion = usePrefersReducedMotion();
  const theme = useMemo(() => createAppTheme(dark, reducedMotion), [dark, reducedMotion]);
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        <ToastProvider>
          <BrowserRouter>
            <ScrollToTop />
            <VersionCheck />
            <ErrorBoundary>
              <AppRoutes />
            </ErrorBoundary>
          </BrowserRouter>
        </ToastProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
