import BusinessIcon from '@mui/icons-material/BusinessOutlined';
import GroupIcon from '@mui/icons-material/GroupOutlined';
import PlanIcon from '@mui/icons-material/WorkspacePremiumOutlined';
import { lazy } from 'react';
import { defineWebModule } from '../../app/webModule.ts';

/** Organisations, their users and plans (docs/organisations.md). */
export const organisationsModule = defineWebModule({
  name: 'organisations',
  routes: [
    {
      path: '/organization',
      roles: ['super'],
      Page: lazy(() => import('./OrganisationsPage.tsx').then((m) => ({ default: m.OrganisationsPage }))),
    },
    {
      path: '/user',
      roles: ['super', 'admin'],
      Page: lazy(() => import('./UsersPage.tsx').then((m) => ({ default: m.UsersPage }))),
    },
    {
      path: '/plan-details',
      roles: ['super'],
      Page: lazy(() => import('./PlanDetailsPage.tsx').then((m) => ({ default: m.PlanDetailsPage }))),
    },
    {
      path: '/user/plan/changeplan',
      roles: ['super', 'admin'],
      Page: lazy(() => import('./ChangePlanPage.tsx').then((m) => ({ default: m.ChangePlanPage }))),
    },
  ],
  menuIcons: { organisations: BusinessIcon, users: GroupIcon, 'plan-details': PlanIcon },
  // The plan-expiry modal (spec 01 §2, §4).
  shellOverlays: [lazy(() => import('./PlanExpiryModal.tsx').then((m) => ({ default: m.PlanExpiryModal })))],
});
