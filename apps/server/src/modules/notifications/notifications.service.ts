import {
  can,
  NOTIFICATION_LIST_MAX,
  notificationMessages,
  NOTIFICATION_TYPES,
  type Notification,
  type NotificationListResponse,
} from '@lexdesk/contract';
import type { Actor } from '../../platform/access/actor.ts';
import { nowIso, type AppContext } from '../../platform/context.ts';
import { forbidden, notFound } from '../../platform/errors/http-error.ts';
import { organisationsService } from '../organisations/index.ts';
import { usersService } from '../users/index.ts';
import { countUnread, insertNotification, listNotifications, markAllRead, markRead } from './notifications.repo.ts';

export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Answers of the mark-read calls (the web shows none of them). */
export const NOTIFICATION_READ_DETAIL = 'Notification marked as read.';
export const NOTIFICATIONS_ALL_READ_DETAIL = 'All notifications marked as read.';

export interface NewNotification {
  organisationId: number;
  /** The recipient. */
  userId: number;
  text: string;
  operation: string;
  type: NotificationType;
  createdById?: number | null;
  caseId?: number | null;
  taskId?: number | null;
}

function typeOf(value: string): NotificationType {
  return (NOTIFICATION_TYPES as readonly string[]).includes(value) ? (value as NotificationType) : 'account';
}

/** Notifications: created by the server when something happens to a user; each user reads only their own. */
export function notificationsService(ctx: AppContext) {
  const service = {
    /** The notification is stored for its recipient (in the caller's transaction, if any). */
    async notify(input: NewNotification): Promise<number> {
      return insertNotification(ctx.db, {
        organisation_id: input.organisationId,
        user_id: input.userId,
        text: input.text,
        operation: input.operation,
        type: input.type,
        created_by_id: input.createdById ?? null,
        case_id: input.caseId ?? null,
        task_id: input.taskId ?? null,
        is_read: 0,
        created_date: nowIso(ctx),
      });
    },

    /** Tells the actor their password was changed. */
    async notifyPasswordChanged(actor: Actor): Promise<number> {
      return service.notify({
        organisationId: actor.organisationId,
        userId: actor.userId,
        text: notificationMessages.passwordChanged,
        operation: 'password_changed',
        type: 'account',
        createdById: actor.userId,
      });
    },

    /** Tells a user an administrator changed their role or modules; 404 unless the actor may see the user. */
    async notifyPermissionsChanged(actor: Actor, userId: number): Promise<number> {
      if (!can(actor, 'organisations.users.manage')) throw forbidden();
      const target = await usersService(ctx).findVisible(actor, userId);
      return service.notify({
        organisationId: target.organisationId,
        userId: target.id,
        text: notificationMessages.permissionsChanged,
        operation: 'permissions_changed',
        type: 'permission',
        // The creator is only named when they belong to the same organisation.
        createdById: target.organisationId === actor.organisationId ? actor.userId : null,
      });
    },

    /** The actor's newest notifications (at most NOTIFICATION_LIST_MAX), unread count, creators' pictures. */
    async list(actor: Actor, userId: number): Promise<NotificationListResponse> {
      if (actor.userId !== userId) throw notFound();
      const rows = await listNotifications(ctx.db, actor.organisationId, userId, NOTIFICATION_LIST_MAX);
      const count = await countUnread(ctx.db, actor.organisationId, userId);
      const organisation = await organisationsService(ctx).summaryOf(actor.organisationId);
      const creatorIds = [...new Set(rows.flatMap((row) => (row.created_by_id === null ? [] : [row.created_by_id])))];
      const creators = await usersService(ctx).briefs(actor.organisationId, creatorIds);
      const notifications: Notification[] = rows.map((row) => {
        const creator = row.created_by_id === null ? undefined : creators.get(row.created_by_id);
        return {
          id: row.id,
          text: row.text,
          created_date: row.created_date,
          organization: organisation?.name ?? '',
          created_by: creator?.name ?? null,
          operation: row.operation,
          creator_id: creator ? row.created_by_id : null,
          type: typeOf(row.type),
          case_id: row.case_id,
          task_id: row.task_id,
          is_read: row.is_read === 1,
        };
      });
      const profileImages: Record<string, string | null> = {};
      for (const [id, creator] of creators) profileImages[String(id)] = creator.image;
      return { count, notifications, profile_images: profileImages };
    },

    /** The actor's notification `id` is read; someone else's or a missing one answers 404. */
    async markRead(actor: Actor, id: number): Promise<{ detail: string }> {
      if (!(await markRead(ctx.db, actor.organisationId, actor.userId, id))) throw notFound();
      return { detail: NOTIFICATION_READ_DETAIL };
    },

    /** Every notification of the actor is read. */
    async markAllRead(actor: Actor, userId: number): Promise<{ detail: string }> {
      if (actor.userId !== userId) throw notFound();
      await markAllRead(ctx.db, actor.organisationId, userId);
      return { detail: NOTIFICATIONS_ALL_READ_DETAIL };
    },
  };
  return service;
}
