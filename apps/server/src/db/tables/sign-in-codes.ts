import type { Generated } from 'kysely';

/** Tables of migration 0013_sign_in_codes. Same conventions as database.types.ts (ISO text timestamps). */
export interface SignInCodeTables {
  sign_in_codes: SignInCodesTable;
}

/** One-time codes of token sign-in: only the hash is kept; a code is used once, within minutes. */
export interface SignInCodesTable {
  id: Generated<number>;
  code_hash: string;
  user_id: number;
  organisation_id: number;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}
