import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useMemo } from 'react';
import { BrowserRouter } from 'react-router';
import { isApiError } from '../api/client.ts';
import { ToastProvider } from '../ui/ToastProvider.tsx';
import { AppRoutes } from './AppRoutes.tsx';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { ScrollToTop } from './ScrollToTop.tsx';
import { useDarkTheme } from './session/useSession.ts';
import { createAppTheme } from './theme.ts';
import { VersionCheck } from './VersionCheck.tsx';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A 4xx answer will not change on retry; network trouble may.
      retry: (failureCount, error) =>
        failureCount < 2 && !(isApiError(error) && error.status >= 400 && error.status < 500),
      refetchOnWindowFocus: false,
      staleTime: 5_000,
    },
    mutations: { retry: false },
  },
});

export function App() {
  const dark = useDarkTheme();
  const theme = useMemo(() => createAppTheme(dark), [dark]);
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
