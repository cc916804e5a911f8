import { defineModule } from '../../platform/modules/module.ts';
import { appConfigRoutes } from './app-config.routes.ts';

/** The public settings the web app reads before sign-in. */
export const appConfigModule = defineModule({ name: 'app-config', routes: [appConfigRoutes] });
