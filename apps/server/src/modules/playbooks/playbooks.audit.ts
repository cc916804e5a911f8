import {
  auditText,
  mergeVocabularies,
  namesFrom,
  thingEvents,
  type AuditSentence,
} from '../../platform/audit/audit-sentences.ts';

/**
 * Events keep ids only (platform/audit/audit-details.ts): a playbook reads by today's name in the event's
 * organisation. A case pin of a playbook another organisation shares, or of one deleted since, reads "a playbook".
 */
const thePinned = (e: Parameters<AuditSentence>[0]) =>
  auditText.thing('playbook', e.name('playbook', e.entityId), undefined, 'a playbook');

const pinned =
  (verb: string): AuditSentence =>
  (e) =>
    `${e.actor} ${verb} ${thePinned(e)}`;

const versioned =
  (verb: string): AuditSentence =>
  (e) =>
    `${e.actor} ${verb} ${thePinned(e)} at version ${auditText.text(e.changes.version)}`;

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
        `${e.actor} made ${auditText.thing('playbook', e.name('playbook', e.entityId))} as a copy of ${auditText.thing('playbook', e.name('playbook', e.changes.from), undefined, 'a playbook')}`,
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
