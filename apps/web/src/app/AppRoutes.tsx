import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { PublicOnly, RequireAuth, RequireRole, RootRedirect } from './guards.tsx';
import { PUBLIC_ROUTES, SHELL_ROUTES } from './modules.ts';
import { PageSpinner } from './PageSpinner.tsx';

const Shell = lazy(() => import('./shell/Shell.tsx').then((m) => ({ default: m.Shell })));

/** Public routes of spec 01 §2, then the authenticated shell (both from the modules); anything else goes to /login. */
export function AppRoutes() {
  return (
    <Suspense fallback={<PageSpinner minHeight="100vh" />}>
      <Routes>
        <Route path="/" element={<RootRedirect />} />
        {PUBLIC_ROUTES.map(({ path, signedOutOnly, Page }) => (
          <Route
            key={path}
            path={path}
            element={
              signedOutOnly ? (
                <PublicOnly>
                  <Page />
                </PublicOnly>
              ) : (
                <Page />
              )
            }
          />
        ))}
        <Route
          element={
            <RequireAuth>
              <Shell />
            </RequireAuth>
          }
        >
          {SHELL_ROUTES.map(({ path, roles, Page }) => (
            <Route
              key={path}
              path={path}
              element={
                roles ? (
                  <RequireRole roles={roles}>
                    <Page />
                  </RequireRole>
                ) : (
                  <Page />
                )
              }
            />
          ))}
        </Route>
        <Route path="*" element={<Navigate to="/login" replace />} />
      </Routes>
    </Suspense>
  );
}
