import {
  detailResponse,
  permissionMonitoringResponse,
  themeToggleResponse,
  userDetailResponse,
  userProfileResponse,
  type PasswordChangeBody,
  type PermissionMonitoringResponse,
  type ProfileUpdateBody,
  type UserDetailResponse,
  type UserProfileResponse,
} from '@lexdesk/contract';
import { apiRequest, apiUpload } from '../../api/client.ts';

export function fetchPermissionMonitoring(userId: number, signal?: AbortSignal): Promise<PermissionMonitoringResponse> {
  return apiRequest(`user/permission-monitoring/${userId}/`, {
    query: { login_mode: 'webapp' },
    schema: permissionMonitoringResponse,
    signal,
  });
}

export function fetchUserDetail(userId: number, signal?: AbortSignal): Promise<UserDetailResponse> {
  return apiRequest(`user/${userId}/`, { schema: userDetailResponse, signal });
}

export function fetchProfile(userId: number, signal?: AbortSignal): Promise<UserProfileResponse> {
  return apiRequest(`user/profile/${userId}/`, { schema: userProfileResponse, signal });
}

export function updateProfile(userId: number, body: ProfileUpdateBody): Promise<UserProfileResponse> {
  return apiRequest(`user/profile/${userId}/`, { method: 'PUT', body, schema: userProfileResponse });
}

export function uploadProfileImage(
  userId: number,
  file: File,
  onProgress: (percent: number) => void,
): Promise<unknown> {
  const form = new FormData();
  form.append('file', file);
  return apiUpload(`user/profile/${userId}/image/`, form, onProgress);
}

export function deleteProfileImage(userId: number): Promise<unknown> {
  return apiRequest(`user/profile/${userId}/image/`, { method: 'DELETE' });
}

/** A wrong current password is a form message, not a forced logout, whatever status the server picks. */
export function changePassword(userId: number, body: PasswordChangeBody): Promise<{ detail: string }> {
  return apiRequest(`user/profile/${userId}/password/`, {
    method: 'POST',
    body,
    schema: detailResponse,
    forceLogoutOnAuthError: false,
  });
}

/** Saves the theme the user asked for (`dark`), which from then on wins over the system's mode. */
export function toggleTheme(userId: number, dark: boolean): Promise<{ is_dark_theme: boolean }> {
  return apiRequest(`user/theme/toggle/${userId}/`, {
    method: 'POST',
    body: { is_dark_theme: dark },
    schema: themeToggleResponse,
  });
}
