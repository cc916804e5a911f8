import { auditText, mergeVocabularies, type AuditSentence } from '../../platform/audit/audit-sentences.ts';

/**
 * How knowledge events read: by the node's title as stored in the event (a shared node lives in no
 * organisation, so today's name cannot always be looked up in the reader's).
 */
const node =
  (verb: string, after = ''): AuditSentence =>
  (e) =>
    `${e.actor} ${verb} ${auditText.thing('knowledge node', null, e.changes.name)}${after ? ` ${after}` : ''}`;

const file =
  (verb: string, preposition: string): AuditSentence =>
  (e) =>
    `${e.actor} ${verb} ${auditText.quoted(auditText.text(e.changes.file_name))} ${preposition} ${auditText.thing('knowledge node', null, e.changes.name)}`;

export const knowledgeAuditVocabulary = mergeVocabularies([
  {
    sentences: {
      'knowledge_node:created': node('created'),
      'knowledge_node:updated': node('saved'),
      'knowledge_node:deleted': node('deleted'),
      'knowledge_node:moved': node('moved'),
      'knowledge_node:restored': (e) =>
        `${e.actor} restored an earlier revision of ${auditText.thing('knowledge node', null, e.changes.name)}`,
      'knowledge_node:attachment.added': file('attached', 'to'),
      'knowledge_node:attachment.deleted': file('deleted the attachment', 'of'),
      'knowledge_rules:updated': (e) => `${e.actor} changed the knowledge access rules`,
      'knowledge_api_key:created': (e) =>
        `${e.actor} created the knowledge API key ${auditText.quoted(auditText.text(e.changes.name))}`,
      'knowledge_api_key:revoked': (e) =>
        `${e.actor} revoked the knowledge API key ${auditText.quoted(auditText.text(e.changes.name))}`,
    },
  },
]);
