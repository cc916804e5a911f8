import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../api/queryKeys.ts';
import { fetchConceptContent } from './api.ts';

/** The heads of one list (up to 200, the largest page), for the dialogs that choose a head. */
export function useListHeads(listId: number | null) {
  const params = { pageNo: 1, limits: 200, search: '', listId: listId ?? 0 };
  const query = useQuery({
    queryKey: queryKeys.analyser.content(params),
    queryFn: ({ signal }) => fetchConceptContent(params, signal),
    enabled: listId !== null,
  });
  return { ...query, heads: query.data?.kind === 'heads' ? query.data.data : [] };
}
