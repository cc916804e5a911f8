import {
  auditLogList,
  deliveryStatus,
  detailResponse,
  installationSettings,
  lockedAccountList,
  type AuditLogList,
  type DeliveryStatus,
  type InstallationSettings,
  type InstallationSettingsBody,
  type LockedAccountList,
} from '@lexdesk/contract';
import { apiRequest } from '../../api/client.ts';

const pageQuery = (pageNo: number, limits: number, search: string) =>
  search ? { page_no: pageNo, limits, search_key: search } : { page_no: pageNo, limits };

export function fetchInstallationSettings(signal?: AbortSignal): Promise<InstallationSettings> {
  return apiRequest('admin/settings/', { schema: installationSettings, signal });
}

export function saveInstallationSettings(body: InstallationSettingsBody): Promise<InstallationSettings> {
  return apiRequest('admin/settings/', { method: 'PUT', body, schema: installationSettings });
}

export function fetchDeliveryStatus(signal?: AbortSignal): Promise<DeliveryStatus> {
  return apiRequest('admin/delivery-status/', { schema: deliveryStatus, signal });
}

export function fetchAuditLog(
  pageNo: number,
  limits: number,
  search: string,
  signal?: AbortSignal,
): Promise<AuditLogList> {
  return apiRequest('admin/audit-events/', { query: pageQuery(pageNo, limits, search), schema: auditLogList, signal });
}

export function fetchLockedAccounts(
  pageNo: number,
  limits: number,
  search: string,
  signal?: AbortSignal,
): Promise<LockedAccountList> {
  return apiRequest('user/unblock-login/', {
    query: pageQuery(pageNo, limits, search),
    schema: lockedAccountList,
    signal,
  });
}

export function unblockLogin(userId: number): Promise<{ detail: string }> {
  return apiRequest('user/unblock-login/', { method: 'POST', body: { user_id: userId }, schema: detailResponse });
}
