import { lazy } from 'react';
import { defineWebModule } from '../../app/webModule.ts';

/** The signed-in user's own profile, password, theme and sign-in security. */
export const usersModule = defineWebModule({
  name: 'users',
  routes: [
    {
      path: '/user/profile/:id',
      Page: lazy(() => import('./ProfilePage.tsx').then((m) => ({ default: m.ProfilePage }))),
    },
  ],
});

// What the shell and other modules may use.
export { fetchPermissionMonitoring, fetchUserDetail, toggleTheme } from './api.ts';
