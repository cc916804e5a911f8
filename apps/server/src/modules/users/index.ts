import { defineModule } from '../../platform/modules/module.ts';
import { userPickersRoutes } from './pickers.routes.ts';
import { userAdminRoutes } from './user-admin.routes.ts';
import { usersAuditVocabulary } from './users.audit.ts';
import { usersRoutes } from './users.routes.ts';

/** Profiles, pictures, passwords and the admin's user list. A user's rows go with the user by foreign key. */
export const usersModule = defineModule({
  name: 'users',
  routes: [usersRoutes, userAdminRoutes, userPickersRoutes],
  data: { tables: ['users'] },
  audit: usersAuditVocabulary,
});

// Public API: what other modules use of this one (they may import nothing else of it; eslint.config.js).
/** Users: find, create and update accounts. */
export { usersService, type Account } from './users.service.ts';
/** Active users of chosen organisations that the caller may pick (concept lists, playbook assignment). */
export { pickerUsersFor } from './user-pickers.ts';
