import { lazy } from 'react';
import { defineWebModule } from '../../app/webModule.ts';

/** The first super user, through the console's one-time link. */
export const setupModule = defineWebModule({
  name: 'setup',
  publicRoutes: [
    { path: '/setup', Page: lazy(() => import('./SetupPage.tsx').then((m) => ({ default: m.SetupPage }))) },
  ],
});
