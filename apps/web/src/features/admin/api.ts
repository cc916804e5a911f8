import { organisationOptions, outboxList, type OutboxList, type SendLinkBody } from '@lexdesk/contract';
import type { z } from 'zod';
import { apiRequest } from '../../api/client.ts';

export function fetchOutbox(pageNo: number, limits: number, signal?: AbortSignal): Promise<OutboxList> {
  return apiRequest('admin/outbox/', { query: { page_no: pageNo, limits }, schema: outboxList, signal });
}

export function sendLink(body: SendLinkBody): Promise<unknown> {
  return apiRequest('admin/links/', { method: 'POST', body });
}

export function fetchOrganisations(signal?: AbortSignal): Promise<z.infer<typeof organisationOptions>> {
  return apiRequest('admin/organisations/', { schema: organisationOptions, signal });
}
