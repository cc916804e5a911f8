import { lazy } from 'react';
import { defineWebModule } from '../../app/webModule.ts';

/** Self-registration of an organisation (docs/registration-and-mfa.md). */
export const registrationModule = defineWebModule({
  name: 'registration',
  publicRoutes: [
    {
      path: '/user/register/new',
      signedOutOnly: true,
      Page: lazy(() => import('./RegistrationPage.tsx').then((m) => ({ default: m.RegistrationPage }))),
    },
  ],
});
