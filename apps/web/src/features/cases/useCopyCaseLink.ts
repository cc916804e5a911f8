import { caseMessages } from '@lexdesk/contract';
import { useCopyLink } from '../../ui/useCopyLink.ts';
import { casePath } from './paths.ts';

const copyHint = (url: string) => `Copy this link: ${url}`;

/** Copies a case page's address: '{item} copied successfully' (spec 01 §8). */
export function useCopyCaseLink(): (caseId: number) => Promise<void> {
  return useCopyLink(casePath, caseMessages.copied('Case link'), copyHint);
}
