/** Our own caps for playbooks (the spec shows the calls, not their limits): docs/playbooks.md. */
export const PLAYBOOK_LIMITS = {
  name: 200,
  description: 5_000,
  categoryName: 100,
  categoriesPerPlaybook: 50,
  entriesPerPlaybook: 200,
  topic: 200,
  /** Standard position and model language, rich text as HTML. */
  richText: 50_000,
  fallbacksPerEntry: 10,
  position: 5_000,
  guidance: 5_000,
  approver: 120,
  unacceptablePerEntry: 10,
  conceptHeadsPerEntry: 20,
  attachmentBytes: 25 * 1024 * 1024,
  attachmentsPerPlaybook: 50,
  /** An imported package: the JSON with its attachments inlined as base64. */
  importBytes: 60 * 1024 * 1024,
  searchKey: 200,
  /** Hits the term search answers at most (it says when there are more). */
  termHits: 500,
} as const;

/** The playbook types the term search asks for (spec 01 §5 'Please select Playbook type'). */
export const PLAYBOOK_TYPES = [
  'Non-disclosure agreement',
  'Services agreement',
  'Data processing agreement',
  'Software licence',
  'Employment agreement',
  'Supply agreement',
  'Lease',
  'Other',
] as const;
export type PlaybookType = (typeof PLAYBOOK_TYPES)[number];

/** How much a topic matters in a negotiation, lowest first. */
export const PLAYBOOK_IMPORTANCE = ['low', 'medium', 'high', 'critical'] as const;
export type PlaybookImportance = (typeof PLAYBOOK_IMPORTANCE)[number];

export const PLAYBOOK_EXPORT_FORMATS = ['docx', 'pdf', 'json'] as const;
export type PlaybookExportFormat = (typeof PLAYBOOK_EXPORT_FORMATS)[number];

/** The lossless package's format marker and version: an import refuses anything else. */
export const PLAYBOOK_PACKAGE_FORMAT = 'lexdesk.playbook';
export const PLAYBOOK_PACKAGE_VERSION = 1;
