import type { ReviewSearchRow } from '@lexdesk/contract';
import { caseSearchPath } from '../../cases/index.ts';

/** Where a saved search opens: a review's view page, or a case search run again on its case's documents. */
export function savedSearchPath(row: ReviewSearchRow): string {
  const caseId = row.case[0]?.id;
  if (row.kind === 'case_search' && caseId) return caseSearchPath(caseId, row.terms ?? '');
  return `/save-search/view/${row.id}${row.kind === 'review' ? '' : `?kind=${row.kind}`}`;
}
