import type { ListParams } from './api.ts';

/** TanStack Query keys of templates and executions. */
export const templateKeys = {
  all: ['templates'] as const,
  list: (p: ListParams) => ['templates', 'list', p] as const,
  detail: (id: number) => ['templates', 'detail', id] as const,
  assignment: (id: number) => ['templates', 'assignment', id] as const,
  query: (id: number) => ['templates', 'query', id] as const,
  execution: (id: number) => ['templates', 'execution', id] as const,
  history: (id: number, p: ListParams) => ['templates', 'history', id, p] as const,
  userHistory: (userId: number, p: ListParams) => ['templates', 'user-history', userId, p] as const,
  historyUsers: (p: ListParams) => ['templates', 'history-users', p] as const,
  cases: (search: string) => ['templates', 'cases', search] as const,
};
