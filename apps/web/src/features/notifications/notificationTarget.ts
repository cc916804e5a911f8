import type { Notification } from '@lexdesk/contract';

/**
 * Where a notification leads (spec 01 §4): one carrying a task (assigned, a timer that stopped itself) → that task
 * (/task?task_id=N), my_playbook → /my-playbook, template → /document-template, case → its case history. Only built
 * routes are followed; the caller checks that.
 */
export function notificationTarget(notification: Notification): string | null {
  if (notification.task_id !== null) return `/task?task_id=${notification.task_id}`;
  switch (notification.type) {
    case 'my_playbook':
      return '/my-playbook';
    case 'template':
      return '/document-template';
    case 'task':
      return '/task';
    case 'case':
      return notification.case_id ? `/case-history/history/${notification.case_id}` : null;
    default:
      return null;
  }
}
