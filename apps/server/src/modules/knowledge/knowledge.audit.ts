import { auditText, mergeVocabularies, namesFrom, type AuditSentence } from '../../platform/audit/audit-sentences.ts';
import { nodeTitlesHomedIn } from './knowledge.repo.ts';

/**
 * How knowledge events read. Events keep ids only (platform/audit/audit-details.ts): a node reads by today's
 * title among the nodes the event's organisation homes (its own, and the shared ones its curator keeps), an
 * attachment by today's file name, an API key by today's name; "a deleted knowledge node" once it is gone.
 */
const theNode = (e: Parameters<AuditSentence>[0]) =>
  auditText.thing('knowledge node', e.name('knowledge_node', e.entityId));

const node =
  (verb: string): AuditSentence =>
  (e) =>
    `${e.actor} ${verb} ${theNode(e)}`;

const theKey = (e: Parameters<AuditSentence>[0]) =>
  auditText.thing('knowledge API key', e.name('knowledge_api_key', e.entityId), undefined, 'a knowledge API key');

export const knowledgeAuditVocabulary = mergeVocabularies([
  {
    sentences: {
      'knowledge_node:created': node('created'),
      'knowledge_node:updated': node('saved'),
      'knowledge_node:deleted': node('deleted'),
      'knowledge_node:moved': node('moved'),
      'knowledge_node:restored': (e) => `${e.actor} restored an earlier revision of ${theNode(e)}`,
      'knowledge_node:attachment.added': (e) => {
        const file = e.name('knowledge_attachment', e.changes.attachment_id);
        return `${e.actor} attached ${file ? auditText.quoted(file) : 'a file'} to ${theNode(e)}`;
      },
      'knowledge_node:attachment.deleted': node('deleted an attachment of'),
      'knowledge_rules:updated': (e) => `${e.actor} changed the knowledge access rules`,
      'knowledge_api_key:created': (e) => `${e.actor} created ${theKey(e)}`,
      'knowledge_api_key:revoked': (e) => `${e.actor} revoked ${theKey(e)}`,
    },
    names: {
      knowledge_node: nodeTitlesHomedIn,
      knowledge_attachment: namesFrom('knowledge_attachments', 'file_name'),
      knowledge_api_key: namesFrom('knowledge_api_keys', 'name'),
    },
  },
]);
