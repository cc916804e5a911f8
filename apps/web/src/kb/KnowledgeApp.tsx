import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useMemo } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { createQueryClient } from '../api/queryClient.ts';
import { createAppTheme, usePrefersReducedMotion } from '../app/theme.ts';
import { ToastProvider } from '../ui/ToastProvider.tsx';
import { EndedPage, StartingPage } from './EndedPage.tsx';
import { KbLayout } from './KbLayout.tsx';
import { useKbSession } from './session.ts';
import { useKbDarkTheme } from './theme.ts';

const queryClient = createQueryClient();
const page = <K extends string>(load: () => Promise<Record<K, React.ComponentType>>, name: K) =>
  lazy(() => load().then((m) => ({ default: m[name] })));
const HomePage = page(() => import('./HomePage.tsx'), 'HomePage');
const NodePage = page(() => import('./NodePage.tsx'), 'NodePage');
const EditPage = page(() => import('./EditPage.tsx'), 'EditPage');
const RevisionPage = page(() => import('./RevisionPage.tsx'), 'RevisionPage');
const SearchPage = page(() => import('./SearchPage.tsx'), 'SearchPage');
const AccessPage = page(() => import('./AccessPage.tsx'), 'AccessPage');
const ApiKeysPage = page(() => import('./ApiKeysPage.tsx'), 'ApiKeysPage');

function Routed() {
  const session = useKbSession();
  if (session.state === 'starting') return <StartingPage />;
  if (session.state === 'ended') return <EndedPage message={session.message} />;
  const me = session.me;
  return (
    <Routes>
      <Route element={<KbLayout me={me} />}>
        <Route index element={<HomePage />} />
        <Route path="node/:id" element={<NodePage />} />
        <Route path="node/:id/edit" element={<EditPage />} />
        <Route path="node/:id/revisions/:revision" element={<RevisionPage />} />
        <Route path="search" element={<SearchPage />} />
        {me.can_manage_access && <Route path="access" element={<AccessPage />} />}
        {me.can_manage_access && <Route path="api-keys" element={<ApiKeysPage />} />}
        <Route path="*" element={<Navigate to="/" replace />} />
      </Route>
    </Routes>
  );
}

/** The knowledge application: the main app's theme (light or dark), its own session, routes under /kb. */
export function KnowledgeApp() {
  const dark = useKbDarkTheme();
  const reducedMotion = usePrefersReducedMotion();
  const theme = useMemo(() => createAppTheme(dark, reducedMotion), [dark, reducedMotion]);
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        <ToastProvider>
          <BrowserRouter basename="/kb">
            <Suspense fallback={<StartingPage />}>
              <Routed />
            </Suspense>
          </BrowserRouter>
        </ToastProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
