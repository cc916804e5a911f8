import { z } from 'zod';
import { idParam } from './common.ts';

export const NOTIFICATION_TYPES = [
  'account',
  'permission',
  'my_playbook',
  'template',
  'case',
  'task',
  'organisation',
] as const;

/** One notification (spec 01 §3). created_by is the creator's display name; creator_id their id. */
export const notification = z.object({
  id: z.number().int(),
  text: z.string(),
  created_date: z.string(),
  organization: z.string(),
  created_by: z.string().nullable(),
  operation: z.string(),
  creator_id: z.number().int().nullable(),
  type: z.enum(NOTIFICATION_TYPES),
  case_id: z.number().int().nullable(),
  task_id: z.number().int().nullable(),
  is_read: z.boolean(),
});
export type Notification = z.infer<typeof notification>;

/** count is the number of unread notifications; the list holds the newest first. */
export const notificationListResponse = z.object({
  count: z.number().int(),
  notifications: z.array(notification),
  profile_images: z.record(z.string(), z.string().nullable()),
});
export type NotificationListResponse = z.infer<typeof notificationListResponse>;

export const notificationIdParams = z.object({ notification_id: idParam });
