import { templateMessages as M } from '@lexdesk/contract';
import { useCopyLink } from '../../ui/useCopyLink.ts';
import { executePath } from './api.ts';

/** Copies the link that opens a template's execution screen. */
export function useCopyTemplateLink(): (templateId: number) => Promise<void> {
  return useCopyLink(executePath, M.linkCopied);
}
