/** Constants of the specification (spec 01 §9) and of our own decisions (docs/decisions.md). */
export const PAGE_SIZES = [10, 15, 20, 25, 50, 100, 200] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 10;

export const PERMISSION_POLL_MS = 10_000;
export const TOKEN_PRESENCE_CHECK_MS = 7_000;
export const IDLE_LOGOUT_SECONDS = 3600;
export const IDLE_CHECK_MS = 40_000;
export const VERSION_CHECK_MS = 30_000;
export const EXPIRY_POPUP_CHECK_MS = 1_000;
export const ERROR_BANNER_MS = 4_000;
export const TOAST_MS = 2_000;
export const LOGIN_REDIRECT_MS = 1_500;
export const DOWNLOAD_DIALOG_CLOSE_MS = 1_000;

export const PASSWORD_MIN_LENGTH = 8;
export const USER_LIMIT_MAX = 9999;
export const MOBILE_BREAKPOINT_PX = 600;
export const TASK_NAME_MAX = 30;

/** Links sent by email (set password, reset password, create admin) live 24 hours and work once. */
export const LINK_TTL_HOURS = 24;
/** Sign-in attempts: after this many failures in the window, 429 per account and per address. */
export const LOGIN_MAX_FAILURES_PER_ACCOUNT = 5;
export const LOGIN_MAX_FAILURES_PER_IP = 20;
export const THROTTLE_WINDOW_MINUTES = 15;
export const FORGOT_PASSWORD_MAX_PER_WINDOW = 5;

export const PROFILE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const PROFILE_IMAGE_SIZE_PX = 256;
export const NAME_MAX_LENGTH = 100;
export const PHONE_MAX_LENGTH = 20;
export const NOTIFICATION_LIST_MAX = 50;

export const DATE_FORMAT_SHORT = 'MM-DD-YY HH:mm A';
export const DATE_FORMAT_LONG = 'ddd, MMM D, YYYY hh:mm:ss A';

/** Outbox messages (kept with links and codes masked) are purged after this many days. */
export const OUTBOX_RETENTION_DAYS = 30;
