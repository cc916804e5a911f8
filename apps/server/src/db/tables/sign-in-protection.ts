/** Tables of migration 0009_sign_in_protection (user_security.second_step_failures is in registration.ts). */

/** An address (SHA-256 of the IP) a user completed a sign-in from; rows older than 90 days are dropped. */
export interface KnownSignInAddressesTable {
  user_id: number;
  organisation_id: number;
  address_hash: string;
  last_signed_in_at: string;
}

export interface SignInProtectionTables {
  known_sign_in_addresses: KnownSignInAddressesTable;
}
