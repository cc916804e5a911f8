import { createElement, lazy } from 'react';
import { defineWebModule } from '../../app/webModule.ts';

const LoginPage = lazy(() => import('./LoginPage.tsx').then((m) => ({ default: m.LoginPage })));
/** The password page of a reset link or of a welcome ("set") link. */
const setPasswordPage = (mode: 'set' | 'reset') =>
  lazy(() =>
    import('./SetPasswordPage.tsx').then((m) => ({ default: () => createElement(m.SetPasswordPage, { mode }) })),
  );

/** Sign-in (with MFA and token sign-in), password links and the admin-creation link: pages outside the shell. */
export const accountsModule = defineWebModule({
  name: 'accounts',
  publicRoutes: [
    { path: '/login', signedOutOnly: true, Page: LoginPage },
    { path: '/login/redirect/*', signedOutOnly: true, Page: LoginPage },
    { path: '/user/password/new/:username/:token', Page: setPasswordPage('reset') },
    {
      path: '/register/admin/:param',
      Page: lazy(() => import('./CreateAdminPage.tsx').then((m) => ({ default: m.CreateAdminPage }))),
    },
    // Set password: /{username}/token=... (SetPasswordPage sends other two-segment paths to /login).
    { path: '/:username/:token', Page: setPasswordPage('set') },
  ],
});

// What other modules may use.
export { isDeadLink } from './api.ts';
