import { REVIEW_EXPORT_COLUMNS, type ReviewResult } from '@lexdesk/contract';
import { writeTableCsv, writeTableXlsx } from '../concept-file-codec.ts';

/** One row per document, head and term with a count above 0 (a document without hits: one row, count 0). */
export function exportRows(result: ReviewResult): (string | number)[][] {
  const rows: (string | number)[][] = [];
  for (const doc of result.results) {
    const base = [doc.case_name, doc.client, doc.parties_count, doc.document];
    if (doc.concepts.length === 0) rows.push([...base, '', '', 0]);
    for (const concept of doc.concepts)
      for (const term of concept.terms) rows.push([...base, concept.head, term.term, term.count]);
  }
  return rows;
}

/** The review's figures as .xlsx or .csv, named after the list and the day counted. */
export async function exportReview(
  result: ReviewResult,
  format: 'xlsx' | 'csv',
): Promise<{ data: Buffer; fileName: string }> {
  const rows = exportRows(result);
  const stem = `${result.inputs.concept_list.concept_list} review ${result.counted_at.slice(0, 10)}`;
  const data =
    format === 'csv'
      ? writeTableCsv(REVIEW_EXPORT_COLUMNS, rows)
      : await writeTableXlsx(REVIEW_EXPORT_COLUMNS, rows, 'Review', (index) => (index === 3 ? 50 : 25));
  return { data, fileName: `${stem}.${format}` };
}
