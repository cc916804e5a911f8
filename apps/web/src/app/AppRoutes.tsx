import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { PublicOnly, RequireAuth, RequireRole, RootRedirect } from './guards.tsx';
import { PageSpinner } from './PageSpinner.tsx';
import { SHELL_ROUTES } from './routes.ts';

const LoginPage = lazy(() => import('../features/accounts/LoginPage.tsx').then((m) => ({ default: m.LoginPage })));
const SetPasswordPage = lazy(() =>
  import('../features/accounts/SetPasswordPage.tsx').then((m) => ({ default: m.SetPasswordPage })),
);
const CreateAdminPage = lazy(() =>
  import('../features/accounts/CreateAdminPage.tsx').then((m) => ({ default: m.CreateAdminPage })),
);
const NotFoundPage = lazy(() =>
  import('../features/system/NotFoundPage.tsx').then((m) => ({ default: m.NotFoundPage })),
);
const UnavailablePage = lazy(() =>
  import('../features/system/UnavailablePage.tsx').then((m) => ({ default: m.UnavailablePage })),
);
const RedirectPage = lazy(() =>
  import('../features/system/RedirectPage.tsx').then((m) => ({ default: m.RedirectPage })),
);
const RegistrationPage = lazy(() =>
  import('../features/registration/RegistrationPage.tsx').then((m) => ({ default: m.RegistrationPage })),
);
const SetupPage = lazy(() => import('../features/setup/SetupPage.tsx').then((m) => ({ default: m.SetupPage })));
const Shell = lazy(() => import('./shell/Shell.tsx').then((m) => ({ default: m.Shell })));

/** Public routes of spec 01 §2, then the authenticated shell; anything else goes to /login. */
export function AppRoutes() {
  const login = (
    <PublicOnly>
      <LoginPage />
    </PublicOnly>
  );
  return (
    <Suspense fallback={<PageSpinner minHeight="100vh" />}>
      <Routes>
        <Route path="/" element={<RootRedirect />} />
        <Route path="/login" element={login} />
        <Route path="/login/redirect/*" element={login} />
        <Route path="/404" element={<NotFoundPage />} />
        <Route path="/500" element={<UnavailablePage />} />
        <Route path="/redirect" element={<RedirectPage />} />
        <Route path="/user/password/new/:username/:token" element={<SetPasswordPage mode="reset" />} />
        <Route path="/register/admin/:param" element={<CreateAdminPage />} />
        <Route path="/setup" element={<SetupPage />} />
        <Route
          path="/user/register/new"
          element={
            <PublicOnly>
              <RegistrationPage />
            </PublicOnly>
          }
        />
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
        {/* Set password: /{username}/token=... (SetPasswordPage sends other two-segment paths to /login). */}
        <Route path="/:username/:token" element={<SetPasswordPage mode="set" />} />
        <Route path="*" element={<Navigate to="/login" replace />} />
      </Routes>
    </Suspense>
  );
}
