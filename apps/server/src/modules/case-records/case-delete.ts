import type { AppContext } from '../../platform/context.ts';
import { registerCaseDeleteHook } from '../cases/cases.service.ts';
import { caseEmailStorageKeys } from '../case-emails/case-emails.service.ts';

/**
 * Runs in the transaction that deletes a case: removes its emails, alerts and reports (their child rows
 * cascade) and hands back the stored email files, which the case delete removes after it commits.
 */
export async function deleteCaseRecords(tx: AppContext, organisationId: number, caseId: number): Promise<string[]> {
  const keys = await caseEmailStorageKeys(tx, organisationId, caseId);
  for (const table of ['case_emails', 'case_alerts', 'case_reports'] as const) {
    await tx.db.deleteFrom(table).where('organisation_id', '=', organisationId).where('case_id', '=', caseId).execute();
  }
  return keys;
}

/** Called once when the routes are registered. */
export function registerCaseRecordsDeleteHook(): void {
  registerCaseDeleteHook(deleteCaseRecords);
}
