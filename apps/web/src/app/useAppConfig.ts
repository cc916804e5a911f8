import { appConfigResponse, type AppConfigResponse } from '@lexdesk/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api/client.ts';
import { queryKeys } from '../api/queryKeys.ts';

/** Installation settings (help site, product name); public and cached for the whole visit. */
export function useAppConfig(): AppConfigResponse | undefined {
  const query = useQuery({
    queryKey: queryKeys.appConfig,
    queryFn: ({ signal }) =>
      apiRequest('app-config/', { schema: appConfigResponse, signal, forceLogoutOnAuthError: false }),
    staleTime: Infinity,
    retry: 1,
  });
  return query.data;
}
