import { defineModule } from '../../platform/modules/module.ts';
import { settingsAuditVocabulary } from './settings.audit.ts';
import { settingsRoutes } from './settings.routes.ts';

/** Installation settings of Admin Setting (installation-wide rows: nothing of an organisation). */
export const settingsModule = defineModule({
  name: 'settings',
  routes: [settingsRoutes],
  audit: settingsAuditVocabulary,
});
