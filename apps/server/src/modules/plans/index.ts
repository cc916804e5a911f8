import { defineModule } from '../../platform/modules/module.ts';
import { plansRoutes } from './plans.routes.ts';

/** Plans are installation-wide; an organisation's plan history belongs to the organisations module. */
export const plansModule = defineModule({ name: 'plans', routes: [plansRoutes] });
