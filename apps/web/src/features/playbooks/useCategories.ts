import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../api/queryKeys.ts';
import { fetchCategories } from './api.ts';

/** The organisation's playbook categories (playbook-category/), shared by the editor and the advanced search. */
export function useCategories(enabled = true) {
  return useQuery({ queryKey: queryKeys.playbooks.categories, queryFn: fetchCategories, enabled });
}
