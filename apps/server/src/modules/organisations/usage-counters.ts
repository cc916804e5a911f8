import { registerUsageCounter } from './organisation-lifecycle.ts';
import { countActiveUsers, countAllUsers, profileImageBytes } from './organisations-admin.repo.ts';

// What exists today. Documents, template executions, searches and stored files are counted by the areas
// that own them, registering their counters the same way (docs/organisations.md).
registerUsageCounter('users.all', 'users', countAllUsers);
registerUsageCounter('users.active', 'active_users', countActiveUsers);
registerUsageCounter('users.profile-images', 'storage_bytes', profileImageBytes);
