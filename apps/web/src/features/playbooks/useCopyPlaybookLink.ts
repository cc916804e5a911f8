import { commonMessages } from '@lexdesk/contract';
import { useCopyLink } from '../../ui/useCopyLink.ts';
import { playbookViewPath } from './paths.ts';

/** Copy link (every role): the view's address, with '{item} copied successfully' (spec 01 §8). */
export function useCopyPlaybookLink(): (playbookId: number) => Promise<void> {
  return useCopyLink(playbookViewPath, commonMessages.copied('Playbook'));
}
