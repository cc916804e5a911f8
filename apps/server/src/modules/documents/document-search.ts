import type { AppContext } from '../../platform/context.ts';
import { searchService } from '../../platform/search/search.service.ts';

/** The search index's source kind of case documents (stored in every index row: never rename it). */
export const CASE_DOCUMENT_SOURCE = 'case_document';

/** The search index of case documents: search, counts and keyword in context, scoped to this kind. */
export function documentSearch(ctx: AppContext) {
  return searchService(ctx, CASE_DOCUMENT_SOURCE);
}

export {
  isAnalysisCancelled,
  type CountTermsOptions,
  type KwicPage,
  type KwicPaging,
  type KwicRow,
} from '../../platform/search/search.service.ts';
