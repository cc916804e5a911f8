import { defineModule } from '../../platform/modules/module.ts';
import { deleteRegistrationsOf } from './registration.repo.ts';
import { registrationRoutes } from './registration.routes.ts';
import { registrationService } from './registration.service.ts';

/** Self-service sign-up. Its rows keep the registrant's contact details, so they go with the account. */
export const registrationModule = defineModule({
  name: 'registration',
  routes: [registrationRoutes],
  data: {
    tables: ['registrations'],
    async userDeleted(tx, { organisationId, userId }) {
      await deleteRegistrationsOf(tx.db, organisationId, userId);
      return [];
    },
    async organisationDeleted(tx, organisationId) {
      await deleteRegistrationsOf(tx.db, organisationId);
      return [];
    },
  },
  housekeeping: (ctx) => registrationService(ctx).purgeStale(),
});
