import { fetchCases as fetchCaseList } from '../cases/index.ts';

/** A case as the invoice forms hold it. */
export interface CaseChoice {
  id: number;
  title: string;
}

/** The organisation's cases whose title matches `search` (the case list's own call, 50 at most). */
export async function fetchCases(search: string, signal?: AbortSignal): Promise<CaseChoice[]> {
  const page = await fetchCaseList(
    { pageNo: 1, limits: 50, search, text: '', sortBy: 'title', sortOrder: 'asc' },
    signal,
  );
  return page.data.map((c) => ({ id: c.id, title: c.title }));
}
