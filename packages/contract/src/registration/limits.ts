/** Constants of registration and sign-in protection (spec 01 §9, and ours: docs/registration-and-mfa.md). */
export const OTP_LENGTH = 6;
export const OTP_TTL_MINUTES = 10;
export const OTP_MAX_RESENDS = 3;
/** Wrong OTPs a registration or a sign-in challenge survives. */
export const OTP_MAX_CHECKS = 5;
/** Registrations started per address per throttle window. */
export const REGISTRATION_MAX_PER_IP = 10;
/** Consecutive failed sign-ins that lock an account until an administrator unblocks it. */
export const LOGIN_LOCK_AFTER_FAILURES = 10;
export const BYPASS_CODE_COUNT = 10;
/** SMS codes (sign-in, phone check) per user per throttle window. */
export const SMS_CODES_PER_WINDOW = 5;
