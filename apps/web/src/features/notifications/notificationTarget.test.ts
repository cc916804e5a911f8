import type { Notification } from '@lexdesk/contract';
import { describe, expect, it } from 'vitest';
import { notificationTarget } from './notificationTarget.ts';

const base: Notification = {
  id: 1,
  text: 't',
  created_date: '2026-01-01T00:00:00Z',
  organization: 'o',
  created_by: null,
  operation: 'update',
  creator_id: null,
  type: 'account',
  case_id: null,
  task_id: null,
  is_read: false,
};

describe('notificationTarget', () => {
  it('follows spec 01 §4', () => {
    expect(notificationTarget({ ...base, type: 'my_playbook' })).toBe('/my-playbook');
    expect(notificationTarget({ ...base, type: 'template' })).toBe('/document-template');
    expect(notificationTarget({ ...base, type: 'case', case_id: 7 })).toBe('/case-history/history/7');
    expect(notificationTarget(base)).toBeNull();
  });

  it('opens the task a notification carries', () => {
    expect(notificationTarget({ ...base, type: 'task', task_id: 12 })).toBe('/task?task_id=12');
    expect(notificationTarget({ ...base, type: 'task' })).toBe('/task');
  });
});
