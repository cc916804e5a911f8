/** Where a case's page lives (spec 01 §2: /cases/case-summary/case-status/ prefix). */
export const casePath = (id: number, tab?: string) => `/cases/case-summary/case-status/${id}${tab ? `/${tab}` : ''}`;
/** The case's documents searched for `terms` (as typed: "quoted words" are a phrase). */
export const caseSearchPath = (id: number, terms: string) =>
  `${casePath(id, 'documents')}?search=${encodeURIComponent(terms)}`;
/** Under 'No records found' after a search in documents: what the search matches (platform/search). */
export const DOCUMENT_SEARCH_HINT =
  'Searches find whole words, every word in the same document; put words in quotes for a phrase, e.g. "rent review".';

/** The viewer, with the search term its find dialog opens with. */
export const viewerPath = (documentId: number, search?: string) =>
  `/view-document/editor/${documentId}${search ? `?search=${encodeURIComponent(search)}` : ''}`;
