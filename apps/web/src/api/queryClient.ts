import { QueryClient, type InvalidateOptions, type InvalidateQueryFilters } from '@tanstack/react-query';
import { isApiError } from './client.ts';

/**
 * The app's query client. An invalidation after a write first cancels the fetches of those queries that are
 * still running: TanStack Query would otherwise hand a query that has no data yet (a new page or search
 * that started loading just before the write) the answer of that older request, and the list would show
 * what the write had just changed, e.g. an account still locked after Unblock.
 */
export class FreshAfterWriteQueryClient extends QueryClient {
  override async invalidateQueries(filters?: InvalidateQueryFilters, options?: InvalidateOptions): Promise<void> {
    await this.cancelQueries(filters);
    return super.invalidateQueries(filters, options);
  }
}

export function createQueryClient(): QueryClient {
  return new FreshAfterWriteQueryClient({
    defaultOptions: {
      queries: {
        // A 4xx answer will not change on retry; network trouble may.
        retry: (failureCount, error) =>
          failureCount < 2 && !(isApiError(error) && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: false,
        staleTime: 5_000,
      },
      mutations: { retry: false },
    },
  });
}
