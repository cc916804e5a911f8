import { defineModule } from '../../platform/modules/module.ts';
import { deleteCaseNotifications } from './notifications.repo.ts';
import { notificationsRoutes } from './notifications.routes.ts';

/** A user's notifications: they go with the user and the organisation by foreign key, and with their case. */
export const notificationsModule = defineModule({
  name: 'notifications',
  routes: [notificationsRoutes],
  data: {
    tables: ['notifications'],
    async caseDeleted(tx, { organisationId, caseId }) {
      await deleteCaseNotifications(tx.db, organisationId, caseId);
      return [];
    },
  },
});
