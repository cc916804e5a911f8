import {
  MODULE_FLAGS,
  PLAN_NAMES,
  ROLES,
  type AccessSubject,
  type LoginResponse,
  type ModuleFlags,
  type PermissionMonitoringResponse,
  type PlanName,
  type Role,
} from '@lexdesk/contract';

/**
 * The session values of spec 01 §3, one localStorage key each so every tab sees the same session.
 * Remember-me keeps only the email (never the password); the server gives such a session 30 days.
 */
export const STORAGE_KEYS = {
  token: 'lexdesk.token',
  userId: 'lexdesk.user_id',
  username: 'lexdesk.username',
  type: 'lexdesk.type',
  organisation: 'lexdesk.organisation',
  permissions: 'lexdesk.permissions',
  plan: 'lexdesk.plan',
  rememberEmail: 'lexdesk.remember_email',
  versionHash: 'lexdesk.version_hash',
  alertShown: 'lexdesk.alert_shown',
  darkTheme: 'lexdesk.dark_theme',
  lastActivity: 'lexdesk.last_activity',
} as const;

/** Keys that survive logout. */
const KEPT_ON_LOGOUT: readonly string[] = [STORAGE_KEYS.rememberEmail];

export interface StoredPermissions extends ModuleFlags {
  knowledge_access: boolean;
  knowledge_data_permission: boolean;
  /** The Billing grant (always true for admin and super). */
  billing_permission: boolean;
}

export interface Session extends AccessSubject {
  token: string;
  userId: number;
  username: string;
  organisation: string;
  permissions: StoredPermissions;
}

const listeners = new Set<() => void>();
let cachedRaw: string | null = null;
let cachedSession: Session | null = null;

function get(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function set(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage full or disabled: the session simply does not persist.
  }
}

function notify(): void {
  for (const listener of listeners) listener();
}

const SESSION_KEYS = [
  STORAGE_KEYS.token,
  STORAGE_KEYS.userId,
  STORAGE_KEYS.username,
  STORAGE_KEYS.type,
  STORAGE_KEYS.organisation,
  STORAGE_KEYS.permissions,
  STORAGE_KEYS.plan,
];

function parsePermissions(raw: string | null): StoredPermissions | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Record<string, unknown>;
    const flags = {} as Record<string, boolean>;
    for (const key of [...MODULE_FLAGS, 'knowledge_access', 'knowledge_data_permission', 'billing_permission'])
      flags[key] = value[key] === true;
    return flags as unknown as StoredPermissions;
  } catch {
    return null;
  }
}

/** The stored session, or null when signed out (or the stored values are unusable). */
export function readSession(): Session | null {
  const raw = SESSION_KEYS.map((key) => get(key) ?? '').join('\u0000');
  if (raw === cachedRaw) return cachedSession;
  cachedRaw = raw;
  cachedSession = null;
  const token = get(STORAGE_KEYS.token);
  const userId = Number(get(STORAGE_KEYS.userId));
  const permissions = parsePermissions(get(STORAGE_KEYS.permissions));
  if (!token || !Number.isInteger(userId) || userId <= 0 || !permissions) return null;
  const storedRole = get(STORAGE_KEYS.type);
  // Spec 01 §6: the role defaults to user.
  const role: Role = (ROLES as readonly string[]).includes(storedRole ?? '') ? (storedRole as Role) : 'user';
  const storedPlan = get(STORAGE_KEYS.plan);
  const plan: PlanName = (PLAN_NAMES as readonly string[]).includes(storedPlan ?? '')
    ? (storedPlan as PlanName)
    : 'Trial';
  const modules = {} as ModuleFlags;
  for (const flag of MODULE_FLAGS) modules[flag] = permissions[flag];
  cachedSession = {
    token,
    userId,
    username: get(STORAGE_KEYS.username) ?? '',
    organisation: get(STORAGE_KEYS.organisation) ?? '',
    role,
    plan,
    modules,
    grants: { billing_permission: permissions.billing_permission },
    permissions,
  };
  return cachedSession;
}

export function getToken(): string | null {
  return get(STORAGE_KEYS.token);
}

function permissionsOf(source: LoginResponse | PermissionMonitoringResponse): StoredPermissions {
  const flags = {} as StoredPermissions;
  for (const flag of MODULE_FLAGS) flags[flag] = source[flag];
  flags.knowledge_access = source.knowledge_access;
  flags.knowledge_data_permission = source.knowledge_data_permission;
  flags.billing_permission = source.billing_permission;
  return flags;
}

/** Saves a successful sign-in (password or token link). */
export function saveLogin(login: LoginResponse): void {
  set(STORAGE_KEYS.token, login.access);
  set(STORAGE_KEYS.userId, String(login.user_id));
  set(STORAGE_KEYS.username, login.username);
  set(STORAGE_KEYS.type, login.type);
  set(STORAGE_KEYS.organisation, login.user_organisation);
  set(STORAGE_KEYS.plan, login.current_plan);
  set(STORAGE_KEYS.permissions, JSON.stringify(permissionsOf(login)));
  set(STORAGE_KEYS.alertShown, null);
  touchActivity();
  notify();
}

/** Saves the values of a permission poll that differed from the stored ones. */
export function savePermissions(monitoring: PermissionMonitoringResponse): void {
  set(STORAGE_KEYS.type, monitoring.user_role);
  set(STORAGE_KEYS.plan, monitoring.current_plan);
  set(STORAGE_KEYS.permissions, JSON.stringify(permissionsOf(monitoring)));
  notify();
}

/**
 * Logout and forced logout: everything goes except the remembered email. `silent` skips re-rendering,
 * for callers that leave the page next (a re-render would first route to /login on its own).
 */
export function clearSession({ silent = false }: { silent?: boolean } = {}): void {
  try {
    const doomed: string[] = [];
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key?.startsWith('lexdesk.') && !KEPT_ON_LOGOUT.includes(key)) doomed.push(key);
    }
    for (const key of doomed) localStorage.removeItem(key);
  } catch {
    // Nothing to clear.
  }
  if (!silent) notify();
}

export function getRememberedEmail(): string | null {
  return get(STORAGE_KEYS.rememberEmail);
}

export function setRememberedEmail(email: string | null): void {
  set(STORAGE_KEYS.rememberEmail, email);
}

export function getStoredVersion(): string | null {
  return get(STORAGE_KEYS.versionHash);
}

export function setStoredVersion(hash: string): void {
  set(STORAGE_KEYS.versionHash, hash);
}

/** The user's chosen theme: true dark, false light, null when they never chose (the system's mode applies). */
export function getStoredDarkTheme(): boolean | null {
  const value = get(STORAGE_KEYS.darkTheme);
  return value === 'true' ? true : value === 'false' ? false : null;
}

let themeWrites = 0;

export function setStoredDarkTheme(dark: boolean | null): void {
  themeWrites++;
  set(STORAGE_KEYS.darkTheme, dark === null ? null : String(dark));
  notify();
}

/** Counts theme writes, so a poll that started before a toggle does not undo it. */
export function themeWriteCount(): number {
  return themeWrites;
}

/** Once-per-session alert flag (the case-alert modal of spec 01 §2 reads it). */
export function getAlertShown(): boolean {
  return get(STORAGE_KEYS.alertShown) === 'true';
}

export function setAlertShown(): void {
  set(STORAGE_KEYS.alertShown, 'true');
}

export function touchActivity(now = Date.now()): void {
  set(STORAGE_KEYS.lastActivity, String(now));
}

export function getLastActivity(): number | null {
  const value = Number(get(STORAGE_KEYS.lastActivity));
  return Number.isFinite(value) && value > 0 ? value : null;
}

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key.startsWith('lexdesk.')) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
