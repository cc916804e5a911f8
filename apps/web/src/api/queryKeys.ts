/** Every TanStack Query key, in one place, so invalidation cannot miss a spelling. */
export const queryKeys = {
  appConfig: ['app-config'] as const,
  user: (userId: number) => ['user', userId] as const,
  userDetail: (userId: number) => ['user', userId, 'detail'] as const,
  profile: (userId: number) => ['user', userId, 'profile'] as const,
  permissionMonitoring: (userId: number) => ['user', userId, 'permission-monitoring'] as const,
  notifications: (userId: number) => ['notifications', userId] as const,
  outbox: (pageNo: number, limits: number, search: string) => ['admin', 'outbox', pageNo, limits, search] as const,
  outboxAll: ['admin', 'outbox'] as const,
  organisations: ['admin', 'organisations'] as const,
};
