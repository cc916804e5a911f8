import { lazy } from 'react';
import { defineWebModule } from '../../app/webModule.ts';

/** The error pages and the redirect page of spec 01 §2. */
export const systemModule = defineWebModule({
  name: 'system',
  publicRoutes: [
    { path: '/404', Page: lazy(() => import('./NotFoundPage.tsx').then((m) => ({ default: m.NotFoundPage }))) },
    {
      path: '/500',
      Page: lazy(() => import('./UnavailablePage.tsx').then((m) => ({ default: m.UnavailablePage }))),
    },
    { path: '/redirect', Page: lazy(() => import('./RedirectPage.tsx').then((m) => ({ default: m.RedirectPage }))) },
  ],
});
