import { invoiceMessages as M } from '@lexdesk/contract';
import { dialectOf } from '../../db/dialect.ts';
import type { AppContext } from '../../platform/context.ts';
import { billedTime } from './invoices.repo.ts';

/**
 * The time entries an invoice bills (a draft or an issued one; a void invoice or a deleted draft released
 * them), each with why the task tracker refuses to change it: `holds.timeEntries` of the declaration.
 */
export async function heldTimeEntries(
  c: AppContext,
  organisationId: number,
  ids: readonly number[],
): Promise<ReadonlyMap<number, string>> {
  const rows = await billedTime(c.db, dialectOf(c), organisationId, ids);
  return new Map(rows.map((r) => [r.id, r.number_text ? M.timeEntryHeld(r.number_text) : M.timeEntryHeldByDraft]));
}
