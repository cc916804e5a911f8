import { countPerOrganisation } from '../../db/organisation-data.ts';
import { defineModule } from '../../platform/modules/module.ts';
import { tasksAuditVocabulary } from './tasks.audit.ts';
import { attachmentKeys } from './tasks.repo.ts';
import { tasksRoutes } from './tasks.routes.ts';
import { seedDemoTasks } from './tasks.seed.ts';
import { timeRoutes } from './time.routes.ts';
import { stopOverlongTimers } from './timer.service.ts';

/**
 * The task tracker (issue 15, docs/tasks.md): tasks on cases with assignees, checklist, comments and
 * attachments; the server's timers and time entries; the activity and the two dashboards. A task goes with
 * its case or organisation by foreign key (its parts and time with it); the attachments' files are released.
 * A user's assignments and own time entries go with the user; what they made for others stays (set null).
 */
export const tasksModule = defineModule({
  name: 'tasks',
  routes: [tasksRoutes, timeRoutes],
  data: {
    tables: [
      'tasks',
      'task_assignees',
      'task_checklist_items',
      'task_comments',
      'task_attachments',
      'time_entries',
      'time_entry_spans',
      'task_settings',
    ],
    files: ['task_attachments.storage_key'],
    caseDeleted: (tx, { organisationId, caseId }) => attachmentKeys(tx.db, organisationId, caseId),
    organisationDeleted: (tx, organisationId) => attachmentKeys(tx.db, organisationId),
  },
  usage: [{ metric: 'tasks', count: countPerOrganisation('tasks') }],
  audit: tasksAuditVocabulary,
  // Timers that ran past 12 hours stop themselves (docs/tasks.md, "Timers").
  housekeeping: stopOverlongTimers,
  seed: seedDemoTasks,
  routeAccessFixtures: async () => {
    const fixtures = await import('./route-access-fixtures.ts');
    return { params: fixtures.taskParams, request: fixtures.taskRequest };
  },
});

// Public API: what other modules use of this one (they may import nothing else of it; eslint.config.js).
/** The timer as GET task/ongoing-timer/ answers it (the invoices issue may read running time). */
export { timerService } from './timer.service.ts';
/** Invoices (issue 16): approved billable time entries to bill, and the organisation's billing increment. */
export { billableEntries, lockEntries as lockTimeEntries, type BillableEntry } from './time.repo.ts';
export { settingsOf as taskSettingsOf } from './settings.service.ts';
