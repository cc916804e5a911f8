import { namesFrom, thingEvents } from '../../platform/audit/audit-sentences.ts';

/** How template packages' events read in the audit log. */
export const templateExportsAuditVocabulary = thingEvents(
  'template_package',
  'template package',
  { exported: 'exported', imported: 'imported' },
  namesFrom('template_packages', 'name'),
);
