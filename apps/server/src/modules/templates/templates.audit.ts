import { auditText, mergeVocabularies, namesFrom, thingEvents } from '../../platform/audit/audit-sentences.ts';

/** How the templates' events read in the audit log. */
export const templatesAuditVocabulary = mergeVocabularies([
  thingEvents(
    'document_template',
    'template',
    {
      created: 'uploaded',
      updated: 'renamed',
      deleted: 'deleted',
      assigned: 'changed who may use',
      'category.active': 'changed the categories of',
    },
    namesFrom('document_templates', 'name'),
  ),
  {
    sentences: {
      'document_template:file.replaced': (e) =>
        `${e.actor} uploaded version ${auditText.text(e.changes.version)} of ${auditText.thing('template', e.name('document_template', e.entityId))}`,
    },
  },
]);
