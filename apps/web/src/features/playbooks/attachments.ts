import {
  PLAYBOOK_ATTACHMENT_EXTENSIONS,
  PLAYBOOK_LIMITS as L,
  playbookMessages as M,
  type PlaybookAttachment,
} from '@lexdesk/contract';

/** The file chooser's filter. */
export const ATTACHMENT_ACCEPT = PLAYBOOK_ATTACHMENT_EXTENSIONS.join(',');

/** Why a chosen file cannot be attached (checked before the upload; the server checks again), or null. */
export function attachmentProblem(file: { name: string; size: number }, attachedCount: number): string | null {
  const name = file.name.toLowerCase();
  if (!PLAYBOOK_ATTACHMENT_EXTENSIONS.some((extension) => name.endsWith(extension))) return M.attachmentType;
  if (file.size > L.attachmentBytes) return M.attachmentTooLarge;
  if (attachedCount >= L.attachmentsPerPlaybook) return M.tooManyAttachments;
  return null;
}

/** How the search index's progress on an attachment reads, and its chip's colour. */
export const ATTACHMENT_STATE: Record<
  PlaybookAttachment['state'],
  { label: string; color: 'default' | 'success' | 'error' }
> = {
  pending: { label: 'Indexing…', color: 'default' },
  indexed: { label: 'Searchable', color: 'success' },
  failed: { label: 'Not searchable', color: 'error' },
};

/** A file size as people read it: bytes, KB or MB. */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
