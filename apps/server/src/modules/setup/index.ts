import { defineModule } from '../../platform/modules/module.ts';
import { setupRoutes } from './setup.routes.ts';

/** The first super user, through the console's one-time link. */
export const setupModule = defineModule({ name: 'setup', routes: [setupRoutes] });
