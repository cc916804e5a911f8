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

// Public API: what other modules use of this one (they may import nothing else of it; eslint.config.js).
/** Notifications: other modules notify users. */
export { notificationsService } from './notifications.service.ts';
