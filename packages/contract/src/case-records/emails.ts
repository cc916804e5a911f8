import { z } from 'zod';
import { idParam, paged, pagedSearchQuery } from '../common.ts';

/** A case id in the path (`/case/{case_id}/emails/`). */
export const caseRecordsCaseParams = z.object({ case_id: idParam });
export type CaseRecordsCaseParams = z.infer<typeof caseRecordsCaseParams>;

/** An email id in the path: the spec names an email's id `emailId`. */
export const emailIdParams = z.object({ email_id: idParam });
export type EmailIdParams = z.infer<typeof emailIdParams>;

/** A case document made from one attachment of the email (null when the document was deleted since). */
export const emailAttachment = z.object({
  id: z.number().int(),
  file_name: z.string(),
  size_bytes: z.number().int(),
  content_type: z.string(),
  document_id: z.number().int().nullable(),
  /** Why the attachment is not a case document (a type the document store refuses); null when it is. */
  note: z.string().nullable(),
});
export type EmailAttachment = z.infer<typeof emailAttachment>;

/** One imported email (spec 01 §3: emailId, hasAttachments). */
export const caseEmail = z.object({
  emailId: z.number().int(),
  case_id: z.number().int(),
  subject: z.string(),
  from_address: z.string(),
  to_addresses: z.string(),
  cc_addresses: z.string(),
  sent_at: z.string().nullable(),
  file_name: z.string(),
  format: z.enum(['eml', 'msg']),
  size_bytes: z.number().int(),
  hasAttachments: z.boolean(),
  attachment_count: z.number().int(),
  deleted_at: z.string().nullable(),
  created_at: z.string(),
  created_by: z.string().nullable(),
});
export type CaseEmail = z.infer<typeof caseEmail>;

export const caseEmailDetail = caseEmail.extend({
  body_text: z.string(),
  attachments: z.array(emailAttachment),
});
export type CaseEmailDetail = z.infer<typeof caseEmailDetail>;

export const caseEmailList = paged(caseEmail);
export type CaseEmailList = z.infer<typeof caseEmailList>;

/** The email list or (deleted=true) the recycle bin of a case; search_key matches subject and addresses. */
export const caseEmailQuery = pagedSearchQuery.extend({
  deleted: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});
export type CaseEmailQuery = z.infer<typeof caseEmailQuery>;
