import {
  auditText,
  mergeVocabularies,
  namesFrom,
  thingEvents,
  type AuditSentence,
} from '../../platform/audit/audit-sentences.ts';

/** Case pins read by the playbook's name as it was (a shared playbook's name lives in another organisation). */
const pinned =
  (verb: string): AuditSentence =>
  (e) =>
    `${e.actor} ${verb} ${auditText.thing('playbook', e.name('playbook', e.entityId), e.changes.name)}`;

const versioned =
  (verb: string): AuditSentence =>
  (e) =>
    `${e.actor} ${verb} ${auditText.thing('playbook', e.name('playbook', e.entityId), e.changes.name)} at version ${auditText.text(e.changes.version)}`;

/** How the playbooks' events read in the audit log: playbooks and categories by today's name. */
export const playbooksAuditVocabulary = mergeVocabularies([
  thingEvents(
    'playbook',
    'playbook',
    {
      created: 'created',
      updated: 'edited',
      deleted: 'deleted',
      imported: 'imported',
      assigned: 'changed who sees',
      'attachment.added': 'attached a file to',
      'attachment.deleted': 'deleted an attachment of',
    },
    namesFrom('playbooks', 'name'),
  ),
  {
    sentences: {
      'playbook:published': (e) =>
        `${e.actor} published version ${auditText.text(e.changes.version)} of ${auditText.thing('playbook', e.name('playbook', e.entityId))}`,
      'playbook:duplicated': (e) =>
        `${e.actor} made ${auditText.thing('playbook', e.name('playbook', e.entityId))} as a copy of ${auditText.quoted(auditText.text(e.changes.name))}`,
      'playbook:case.added': versioned('added to a case'),
      'playbook:case.moved': versioned('moved a case to'),
      'playbook:case.removed': pinned('removed from a case'),
    },
  },
  thingEvents(
    'playbook_category',
    'playbook category',
    { created: 'created', updated: 'renamed' },
    namesFrom('playbook_categories', 'name'),
  ),
]);
