import { defineModule } from '../../platform/modules/module.ts';
import { settingsAuditVocabulary } from './settings.audit.ts';
import { settingsRoutes } from './settings.routes.ts';

/** Installation settings of Admin Setting (installation-wide rows: nothing of an organisation). */
export const settingsModule = defineModule({
  name: 'settings',
  routes: [settingsRoutes],
  audit: settingsAuditVocabulary,
});

// Public API: what other modules use of this one (they may import nothing else of it; eslint.config.js).
/** Installation settings (app config, registration). */
export { settingsService } from './settings.service.ts';
