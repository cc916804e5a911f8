import { defineModule } from '../../platform/modules/module.ts';
import { adminRoutes } from './admin.routes.ts';

/** The super user's outbox and "send a link" (the outbox itself is the platform's mail service). */
export const adminModule = defineModule({ name: 'admin', routes: [adminRoutes] });
