import { z } from 'zod';
import { idParam } from '../common.ts';

/** Attachments a playbook may hold: reference contracts and guidance notes (docs/playbooks.md). */
export const PLAYBOOK_ATTACHMENT_EXTENSIONS = ['.docx', '.pdf', '.txt'] as const;

/** The search index's progress on an attachment (its text is found by the term search once `indexed`). */
export const PLAYBOOK_ATTACHMENT_STATES = ['pending', 'indexed', 'failed'] as const;

export const playbookAttachment = z.object({
  id: z.number().int(),
  playbook_id: z.number().int(),
  file_name: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  state: z.enum(PLAYBOOK_ATTACHMENT_STATES),
  uploaded_by: z.string().nullable(),
  uploaded_at: z.string(),
});
export type PlaybookAttachment = z.infer<typeof playbookAttachment>;

/** GET playbook-attachment/list/{id}/?type=playbook (spec 01 §7). */
export const playbookAttachmentListQuery = z.object({ type: z.literal('playbook').default('playbook') });
export const playbookAttachmentList = z.object({ data: z.array(playbookAttachment) });
export type PlaybookAttachmentList = z.infer<typeof playbookAttachmentList>;

export const playbookAttachmentAdded = z.object({ detail: z.string(), attachment: playbookAttachment });
export type PlaybookAttachmentAdded = z.infer<typeof playbookAttachmentAdded>;

export const playbookAttachmentParams = z.object({ attachment_id: idParam });
