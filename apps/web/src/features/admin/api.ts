import { organisationOptions, outboxList, type OutboxList, type SendLinkBody } from '@lexdesk/contract';
import type { z } from 'zod';
import { apiRequest } from '../../api/client.ts';

export function fetchOutbox(pageNo: number, limits: number, search = '', signal?: AbortSignal): Promise<OutboxList> {
  const query = search ? { page_no: pageNo, limits, search_key: search } : { page_no: pageNo, limits };
  return apiRequest('admin/outbox/', { query, schema: outboxList, signal });
}

export function sendLink(body: SendLinkBody): Promise<unknown> {
  return apiRequest('admin/links/', { method: 'POST', body });
}

export function fetchOrganisations(signal?: AbortSignal): Promise<z.infer<typeof organisationOptions>> {
  return apiRequest('admin/organisations/', { schema: organisationOptions, signal });
}
