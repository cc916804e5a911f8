import type { PlaybookContent } from '@lexdesk/contract';
import { createHash } from 'node:crypto';
import type { PlaybookPackageInput } from './playbook-package.ts';

/**
 * A services agreement playbook as a firm writes one: categories out of entry order, an uncategorised entry,
 * rich text with emphasis, lists and a link, fallbacks with guidance and approvers, and two attachments.
 */
export function servicesPlaybook(): PlaybookContent {
  return {
    name: 'Supplier services agreement',
    playbook_type: 'Services agreement',
    description: 'Our positions when we buy services.\n\nUse with the 2024 template.',
    categories: [
      { id: 11, name: 'Liability' },
      { id: 12, name: 'Data' },
      { id: 13, name: 'Term' },
    ],
    entries: [
      {
        id: 101,
        topic: 'Limitation of liability',
        category_id: 11,
        importance: 'critical',
        standard_position:
          '<p>The supplier’s liability is <strong>uncapped</strong> for <em>data breaches</em> and ' +
          '<u>wilful default</u>.</p><ul><li>Cap for other loss: 150% of annual fees</li>' +
          '<li>No exclusion of direct loss</li></ul>',
        fallbacks: [
          {
            position: 'Cap at 125% of annual fees',
            guidance: 'Only for strategic suppliers.',
            approver: 'Supervising partner',
          },
          { position: 'Cap at 100% of annual fees', guidance: '', approver: 'General Counsel' },
        ],
        unacceptable: ['Any cap below the annual fees', 'Exclusion of liability for data breaches'],
        model_language:
          '<p>Nothing in this Agreement limits the Supplier’s liability for <strong>breach of clause 12</strong>.</p>' +
          '<p>See <a href="https://example.com/guide">the liability guide</a>.</p>',
        concept_head_ids: [501, 502],
      },
      {
        id: 102,
        topic: 'Data processing',
        category_id: 12,
        importance: 'high',
        standard_position: '<p>The supplier signs our <strong>DPA</strong> unchanged.</p>',
        fallbacks: [
          { position: 'Supplier DPA with our security schedule', guidance: 'Check sub-processors.', approver: 'DPO' },
        ],
        unacceptable: ['Transfers outside the EEA without safeguards'],
        model_language:
          '<ol><li>The Supplier processes Personal Data only on instructions.</li><li>It notifies breaches within 24 hours.</li></ol>',
        concept_head_ids: [],
      },
      {
        id: 103,
        topic: 'Cap on indemnities',
        category_id: 11,
        importance: 'medium',
        standard_position: '<p>Indemnities sit outside the cap.</p>',
        fallbacks: [],
        unacceptable: [],
        model_language: '',
        concept_head_ids: [502],
      },
      {
        id: 104,
        topic: 'Governing law',
        category_id: null,
        importance: 'low',
        standard_position: '<p>English law, courts of London.</p>',
        fallbacks: [{ position: 'Arbitration in London (LCIA)', guidance: '', approver: '' }],
        unacceptable: ['Any law outside the UK and EU'],
        model_language: '<p>This Agreement is governed by the law of England and Wales.</p>',
        concept_head_ids: [],
      },
    ],
    attachments: [
      { id: 901, file_name: 'Reference MSA.docx' },
      { id: 902, file_name: 'Guidance note.txt' },
    ],
  };
}

const bytes = (text: string) => Buffer.from(text, 'utf8');

/** The package input of `servicesPlaybook()`: its concept heads by name and its attachments' bytes. */
export function servicesPackageInput(): PlaybookPackageInput {
  return {
    content: servicesPlaybook(),
    conceptHeads: [
      { id: 501, list: 'Commercial', head: 'Liability cap' },
      { id: 502, list: 'Commercial', head: 'Indemnity' },
    ],
    attachments: [
      {
        id: 901,
        content_type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        data: bytes('PK fake docx bytes'),
      },
      { id: 902, content_type: 'text/plain', data: bytes('Read the liability guide first.\n') },
    ],
  };
}

export const sha256Hex = (data: Buffer) => createHash('sha256').update(data).digest('hex');
