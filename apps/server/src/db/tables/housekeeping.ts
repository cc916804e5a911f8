/** When each housekeeping step last succeeded (migration 0029; platform/housekeeping.ts). */
export interface HousekeepingRunsTable {
  /** The step's name: a platform step (`sessions`, `storage`, …) or `module:<name>`. */
  step: string;
  succeeded_at: string;
}

/** When each housekeeping step last failed (migration 0030). */
export interface HousekeepingFailuresTable {
  step: string;
  failed_at: string;
  /** The error's class and code (`TypeError`, `Error ENOENT`), never its message: it may quote a firm's content. */
  failure: string;
}

export interface HousekeepingTables {
  housekeeping_runs: HousekeepingRunsTable;
  housekeeping_failures: HousekeepingFailuresTable;
}
