import type { Generated } from 'kysely';

/** Tables of migration 0002_organisation_admin. Same conventions as database.types.ts (0/1 flags, ISO text timestamps). */
export interface PlanHistoryTable {
  id: Generated<number>;
  organisation_id: number;
  plan_name: string;
  /** Months; null for Bespoke. */
  duration: number | null;
  user_limit: number;
  started_at: string | null;
  expires_at: string | null;
  /** created, changed, renewed, trial_converted, user_limit_changed, edited */
  action: string;
  /** Null for the system (an expired Trial moved to Associate). */
  actor_user_id: number | null;
  created_at: string;
}

export interface OrganisationAdminTables {
  plan_history: PlanHistoryTable;
}
