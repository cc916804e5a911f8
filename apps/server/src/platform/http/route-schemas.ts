import type { PageInfo, PageQuery } from '@lexdesk/contract';

/** The `page` object of a paged answer. */
export function pageInfoOf(query: PageQuery, totalCount: number): PageInfo {
  return {
    page_no: query.page_no,
    limits: query.limits,
    total_count: totalCount,
    total_pages: Math.ceil(totalCount / query.limits),
  };
}
