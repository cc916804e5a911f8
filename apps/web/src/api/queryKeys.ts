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
  organisationList: (pageNo: number, limits: number, search: string) =>
    ['organisations', 'list', pageNo, limits, search] as const,
  organisationHistory: (id: number) => ['organisations', id, 'history'] as const,
  managedUsers: (pageNo: number, limits: number, search: string) =>
    ['managed-users', 'list', pageNo, limits, search] as const,
  managedUserHistory: (id: number) => ['managed-users', id, 'history'] as const,
  planDetails: (withDurations: boolean) => ['plans', 'details', withDurations] as const,
  userPlans: (pageNo: number, limits: number, search: string) =>
    ['plans', 'organisations', pageNo, limits, search] as const,
  planHistory: (organisationId: number) => ['plans', 'history', organisationId] as const,
  userLimit: ['plans', 'user-limit'] as const,
  installationSettings: ['admin', 'settings'] as const,
  deliveryStatus: ['admin', 'delivery-status'] as const,
  auditLog: (pageNo: number, limits: number, search: string) => ['admin', 'audit-log', pageNo, limits, search] as const,
  lockedAccounts: (pageNo: number, limits: number, search: string) =>
    ['locked-accounts', pageNo, limits, search] as const,
  mfaMonitoring: ['mfa', 'monitoring'] as const,
  mfaPolicy: (organisationId: number | null) => ['mfa', 'policy', organisationId] as const,
};
