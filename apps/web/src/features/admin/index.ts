import { ADMIN_SETTING_ROLES } from '@lexdesk/contract';
import { lazy } from 'react';
import { defineWebModule } from '../../app/webModule.ts';

/** Admin Setting: installation settings, outbox, delivery status, audit log, locked accounts. */
export const adminModule = defineWebModule({
  name: 'admin',
  routes: [
    {
      path: '/admin-setting',
      roles: ADMIN_SETTING_ROLES,
      Page: lazy(() => import('./AdminSettingPage.tsx').then((m) => ({ default: m.AdminSettingPage }))),
    },
  ],
});

// What other modules may use.
export { fetchOrganisations } from './api.ts';
export { unblockLogin } from './settingsApi.ts';
