import { z } from 'zod';
import { idListParam } from '../analyser/query-params.ts';
import { idParam } from '../common.ts';

/**
 * Sharing a playbook (super only). The pickers are the shared ones of spec 01 §7 (GET get-org/,
 * GET assign-organisation/, GET fetch/organisation-user/?users=); GET and PUT playbook/{id}/assignment/ read
 * and save who the playbook is shared with. An organisation never sees another's playbook unless it is
 * assigned to it; when users of that organisation are named, only they see it.
 */
export const playbookAssignment = z.object({
  playbook_id: z.number().int(),
  organisationIDs: z.array(z.number().int()),
  userIDs: z.array(z.number().int()),
});
export type PlaybookAssignment = z.infer<typeof playbookAssignment>;
export const playbookAssignmentBody = z.object({
  organisationIDs: z.array(idParam).max(1000).default([]),
  userIDs: z.array(idParam).max(10_000).default([]),
});
export type PlaybookAssignmentBody = z.infer<typeof playbookAssignmentBody>;
export type PlaybookAssignmentInput = z.input<typeof playbookAssignmentBody>;

/** GET fetch/organisation-user/?users=1,2: active users of the chosen organisations (the shared user picker). */
export const organisationUserQuery = z.object({ users: idListParam });
