import { defineModule } from '../../platform/modules/module.ts';
import { dashboardRoutes } from './dashboard.routes.ts';

/** The dashboard reads the cases and their records; it keeps nothing of its own. */
export const dashboardModule = defineModule({ name: 'dashboard', routes: [dashboardRoutes] });
