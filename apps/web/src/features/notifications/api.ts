import { notificationListResponse, type NotificationListResponse } from '@lexdesk/contract';
import { apiRequest } from '../../api/client.ts';

export function fetchNotifications(userId: number, signal?: AbortSignal): Promise<NotificationListResponse> {
  return apiRequest(`notification/${userId}/`, { schema: notificationListResponse, signal });
}

/** PUT notification/{id}/ marks one read. */
export function markNotificationRead(id: number): Promise<unknown> {
  return apiRequest(`notification/${id}/`, { method: 'PUT', body: {} });
}

export function markAllNotificationsRead(userId: number): Promise<unknown> {
  return apiRequest(`notification/read/all/${userId}/`);
}
