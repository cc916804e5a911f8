import type { Generated } from 'kysely';
import type { Flag } from '../database.types.ts';

/** Tables of migration 0003_registration. Same conventions as database.types.ts (0/1 flags, ISO text timestamps). */

/** Installation settings (Admin Setting): one row per key, value as text. Not tenant data. */
export interface SettingsTable {
  key: string;
  value: string;
  updated_at: string;
  updated_by_user_id: number | null;
}

/** A self-registration between the form and the OTP check; the organisation exists only once it passes. */
export interface RegistrationsTable {
  id: Generated<number>;
  token_hash: string;
  organisation_name: string;
  email: string;
  phone: string;
  plan_name: string;
  duration: number | null;
  user_limit: number;
  otp_hash: string;
  /** 'sms' when a phone was given, else 'email'. */
  otp_channel: string;
  otp_sent_at: string;
  /** OTP lifetime: 10 minutes after the latest send. */
  expires_at: string;
  resends: number;
  failed_checks: number;
  completed_at: string | null;
  organisation_id: number | null;
  user_id: number | null;
  created_at: string;
}

/** Per-user sign-in protection: TOTP (secrets encrypted), verified phone, failed sign-ins and lock. */
export interface UserSecurityTable {
  user_id: number;
  organisation_id: number;
  totp_secret: string | null;
  totp_pending_secret: string | null;
  totp_enabled_at: string | null;
  /** The last accepted TOTP time step: a code works once. */
  totp_last_step: number | null;
  verified_phone: string | null;
  phone_verified_at: string | null;
  failed_logins: number;
  locked_at: string | null;
  /** Second-step codes refused in a row, across challenges (migration 0009). */
  second_step_failures: Generated<number>;
  updated_at: string;
}

export interface MfaBypassCodesTable {
  id: Generated<number>;
  organisation_id: number;
  user_id: number;
  /** sha256(salt:code) — `salt$hash`. */
  code_hash: string;
  created_at: string;
  used_at: string | null;
}

/** Short-lived codes: the second sign-in step ('login', with its challenge token) and phone checks ('phone'). */
export interface VerificationCodesTable {
  id: Generated<number>;
  organisation_id: number;
  user_id: number;
  purpose: string;
  token_hash: string | null;
  code_hash: string | null;
  target: string;
  remember: Flag;
  attempts: number;
  sends: number;
  created_at: string;
  expires_at: string;
  verified_at: string | null;
  used_at: string | null;
}

/** Roles of an organisation that must use multi-factor sign-in. */
export interface MfaRolePoliciesTable {
  organisation_id: number;
  role: string;
  created_at: string;
}

export interface RegistrationTables {
  settings: SettingsTable;
  registrations: RegistrationsTable;
  user_security: UserSecurityTable;
  mfa_bypass_codes: MfaBypassCodesTable;
  verification_codes: VerificationCodesTable;
  mfa_role_policies: MfaRolePoliciesTable;
}
