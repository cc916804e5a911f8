import { playbookMessages as M } from '@lexdesk/contract';
import { describe, expect, it } from 'vitest';
import { ATTACHMENT_ACCEPT, attachmentProblem, fileSize } from './attachments.ts';

describe('playbook attachments', () => {
  it('takes .docx, .pdf and .txt up to 25 MB, 50 per playbook', () => {
    expect(ATTACHMENT_ACCEPT).toBe('.docx,.pdf,.txt');
    expect(attachmentProblem({ name: 'Guide.PDF', size: 10 }, 0)).toBeNull();
    expect(attachmentProblem({ name: 'notes.txt', size: 25 * 1024 * 1024 }, 49)).toBeNull();
    expect(attachmentProblem({ name: 'sheet.xlsx', size: 10 }, 0)).toBe(M.attachmentType);
    expect(attachmentProblem({ name: 'old.doc', size: 10 }, 0)).toBe(M.attachmentType);
    expect(attachmentProblem({ name: 'big.pdf', size: 25 * 1024 * 1024 + 1 }, 0)).toBe(M.attachmentTooLarge);
    expect(attachmentProblem({ name: 'one.pdf', size: 1 }, 50)).toBe(M.tooManyAttachments);
  });

  it('reads sizes', () => {
    expect(fileSize(512)).toBe('512 B');
    expect(fileSize(2048)).toBe('2 KB');
    expect(fileSize(3 * 1024 * 1024 + 200_000)).toBe('3.2 MB');
  });
});
