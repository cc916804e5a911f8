import { defineModule } from '../../platform/modules/module.ts';
import { plansRoutes } from './plans.routes.ts';

/** Plans are installation-wide; an organisation's plan history belongs to the organisations module. */
export const plansModule = defineModule({ name: 'plans', routes: [plansRoutes] });

// Public API: what other modules use of this one (they may import nothing else of it; eslint.config.js).
/** Records a plan period in an organisation's plan history. */
export { recordPlanHistory } from './plan-history.ts';
