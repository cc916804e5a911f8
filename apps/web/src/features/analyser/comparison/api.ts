import { comparisonResponse, type ComparisonResponse } from '@lexdesk/contract';
import { apiRequest } from '../../../api/client.ts';

export const compareDocuments = (body: {
  left_document_id: number;
  right_document_id: number;
  concept_list_id: number | null;
}): Promise<ComparisonResponse> =>
  apiRequest('analyser/compare/', { method: 'POST', body, schema: comparisonResponse });

/** GET path of the .docx export (the download hook adds `left` and `right`). */
export const EXPORT_PATH = 'analyser/compare/export/';
