import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from './queryClient.ts';

/** A list whose first load is still on its way when a write changes what the server would answer. */
async function listAfterWriteDuringFirstLoad(client: QueryClient): Promise<string | undefined> {
  let serverState = 'locked';
  let answerFirstLoad: () => void = () => undefined;
  const firstLoadHeld = new Promise<void>((resolve) => (answerFirstLoad = resolve));
  let calls = 0;
  const observer = new QueryObserver(client, {
    queryKey: ['locked-accounts', 'search'],
    queryFn: async () => {
      calls += 1;
      const answer = serverState; // read when the request reaches the server
      if (calls === 1) await firstLoadHeld;
      return answer;
    },
    retry: false,
  });
  const unsubscribe = observer.subscribe(() => undefined);
  serverState = 'unblocked'; // the write commits while the first load is on its way
  const invalidated = client.invalidateQueries({ queryKey: ['locked-accounts'] });
  answerFirstLoad();
  await invalidated;
  await client.fetchQuery({ queryKey: ['locked-accounts', 'search'], staleTime: Infinity }).catch(() => undefined);
  unsubscribe();
  return client.getQueryData<string>(['locked-accounts', 'search']);
}

describe('the query client', () => {
  it('shows what a write changed, even when the list started loading just before it', async () => {
    expect(await listAfterWriteDuringFirstLoad(createQueryClient())).toBe('unblocked');
  });

  it("(TanStack's own client keeps the older answer: the reason for ours)", async () => {
    expect(await listAfterWriteDuringFirstLoad(new QueryClient())).toBe('locked');
  });
});
