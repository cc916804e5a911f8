/**
 * What an audit event's details (`audit_events.changes`) may hold. Events about a firm's things (cases, tasks,
 * invoices, knowledge, playbooks, concept lists, …) keep ids, counts and field names only: a title, a client's
 * name, a recipient or a file name written there would outlive the row it names (a deleted task's title would
 * still read in the task activity) and reach whoever reads the log. Names are looked up by id when the log is
 * read (`audit-sentences.ts`), within the event's organisation, and read "a deleted task" once the row is gone.
 */

/**
 * Entities whose events may keep a person's name and email: organisations, their users and the installation's
 * settings (account data the provider administers, not client content; a deleted user still reads by name).
 */
export const ACCOUNT_AUDIT_ENTITIES: readonly string[] = ['organisation', 'user', 'settings'];

/**
 * Detail keys that carry free text. Refused in the details of every other entity; a module that wants to say
 * which thing an event touched stores its id (`item_id`, `attachment_id`) and declares a name look-up.
 */
export const FREE_TEXT_DETAIL_KEYS: readonly string[] = [
  'title',
  'name',
  'text',
  'description',
  'file_name',
  'filename',
  'email',
  'recipient',
  'message',
  'subject',
  'body',
  'comment',
  'term',
  'account',
  'client',
  'concept_list',
  'first_name',
  'last_name',
  'phone',
];

/** The free-text keys of `changes` that an event of `entity` must not keep (none for account entities). */
export function freeTextDetailKeys(entity: string, changes: Record<string, unknown>): string[] {
  if (ACCOUNT_AUDIT_ENTITIES.includes(entity)) return [];
  return Object.keys(changes).filter((key) => FREE_TEXT_DETAIL_KEYS.includes(key));
}

/** Thrown when a module writes free text into an organisation-owned entity's audit details (a programming error). */
export class FreeTextAuditDetailError extends Error {
  constructor(entity: string, action: string, keys: readonly string[]) {
    super(
      `Audit details of ${entity}:${action} must hold ids and field names, not free text (${keys.join(', ')}): ` +
        'store the id and look the name up when the log is read (platform/audit/audit-details.ts)',
    );
    this.name = 'FreeTextAuditDetailError';
  }
}
