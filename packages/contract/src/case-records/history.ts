import { z } from 'zod';
import { idParam, paged, pageQuery } from '../common.ts';

/** The case whose history (audit events or reports) is read. */
export const caseHistoryParams = z.object({ case_id: idParam });

/** One event of a case's audit history: who did what, when, and a sentence a person reads. */
export const caseHistoryEvent = z.object({
  id: z.number().int(),
  action: z.string(),
  entity: z.string(),
  description: z.string(),
  actor_id: z.number().int().nullable(),
  actor_name: z.string().nullable(),
  changes: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type CaseHistoryEvent = z.infer<typeof caseHistoryEvent>;

export const caseHistoryResponse = paged(caseHistoryEvent).extend({
  case: z.object({ id: z.number().int(), title: z.string() }),
});
export type CaseHistoryResponse = z.infer<typeof caseHistoryResponse>;
export const caseHistoryQuery = pageQuery;
