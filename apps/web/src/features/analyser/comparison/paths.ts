/** The comparison's route (spec 01 §2, spelling kept); `left`/`right` preselect documents, `leftCase`/`rightCase` cases. */
export const COMPARISON_PATH = '/queries/document/comparision';

/** The comparison page with the first document (and its case) preselected. */
export const comparisonPath = (caseId: number, documentId: number) =>
  `${COMPARISON_PATH}?leftCase=${caseId}&left=${documentId}`;
