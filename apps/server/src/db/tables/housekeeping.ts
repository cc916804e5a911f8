/** When each housekeeping step last succeeded (migration 0029; platform/housekeeping.ts). */
export interface HousekeepingRunsTable {
  /** The step's name: a platform step (`sessions`, `storage`, …) or `module:<name>`. */
  step: string;
  succeeded_at: string;
}

export interface HousekeepingTables {
  housekeeping_runs: HousekeepingRunsTable;
}
