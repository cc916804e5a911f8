import { namesFrom, thingEvents } from '../../platform/audit/audit-sentences.ts';

/** How generated documents' events read in the audit log. */
export const executionsAuditVocabulary = thingEvents(
  'template_execution',
  'document',
  { created: 'generated', deleted: 'deleted' },
  namesFrom('template_executions', 'document_name'),
);
