import { CASE_STATUS_LABELS, type CaseStatus } from '@lexdesk/contract';
import { auditText, namesFrom, type AuditVocabulary } from '../../platform/audit/audit-sentences.ts';

const { text, nested, thing } = auditText;

/** 'on_hold' → 'On hold', as the status chip reads; an unknown value as it is. */
const statusLabel = (value: unknown): string =>
  Object.hasOwn(CASE_STATUS_LABELS, text(value)) ? CASE_STATUS_LABELS[text(value) as CaseStatus] : text(value);

const EDITABLE_FIELDS = ['title', 'client', 'description', 'parties', 'assigned_users'] as const;

/**
 * The fields an update changed: events list their names (`fields`); the from → to values older events kept
 * were moved into that list by migration 0027 (a key still there is read as a name, never its value).
 */
function editedFields(changes: Record<string, unknown>): string[] {
  const listed = Array.isArray(changes.fields) ? changes.fields.map(text) : [];
  return EDITABLE_FIELDS.filter((field) => listed.includes(field) || field in changes).map((field) =>
    field.replace('_', ' '),
  );
}

/** How the case's own events and its saved searches read in its history. */
export const casesAuditVocabulary: AuditVocabulary = {
  sentences: {
    'case:created': (e) => `${e.actor} created the case`,
    'case:updated': (e) => {
      const status = nested(e.changes.status);
      const fields = editedFields(e.changes);
      const parts = [
        ...(text(status.to)
          ? [`changed the status from ${statusLabel(status.from)} to ${statusLabel(status.to)}`]
          : []),
        ...(fields.length > 0 ? [`edited the ${fields.join(', ')}`] : []),
      ];
      return `${e.actor} ${parts.join(' and ') || 'edited the case'}`;
    },
    'case:deleted': (e) => `${e.actor} deleted the case`,
    'case:search.saved': (e) =>
      `${e.actor} saved ${thing('search', e.name('saved_search', e.changes.saved_search_id))}`,
    'case:search.deleted': (e) =>
      `${e.actor} deleted ${thing('saved search', e.name('saved_search', e.changes.saved_search_id), undefined, 'a saved search')}`,
  },
  names: { saved_search: namesFrom('case_saved_searches', 'name') },
};
