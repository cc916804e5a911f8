import { errorResponse, type PageInfo, type PageQuery } from '@lexdesk/contract';

/** The route's success schemas plus `{detail, code, fields?}` for each error status it can answer (OpenAPI). */
export function withErrors<S extends object, const E extends readonly number[]>(
  success: S,
  ...codes: E
): S & Record<E[number], typeof errorResponse> {
  const errors = Object.fromEntries(codes.map((code) => [code, errorResponse]));
  return { ...success, ...errors } as S & Record<E[number], typeof errorResponse>;
}

/** The `page` object of a paged answer. */
export function pageInfoOf(query: PageQuery, totalCount: number): PageInfo {
  return {
    page_no: query.page_no,
    limits: query.limits,
    total_count: totalCount,
    total_pages: Math.ceil(totalCount / query.limits),
  };
}
