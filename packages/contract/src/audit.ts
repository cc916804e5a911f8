/**
 * Every audit event the server records, by entity: the one vocabulary of `audit_events.action` (past tense,
 * `area.verb` for what happens inside an entity, e.g. a case's `document.added`). The server's `record()`
 * accepts only these, and each module says how its events read (`<module>.audit.ts`). Renaming one needs a
 * migration of the stored events (0018 did so for the case events).
 */
export const AUDIT_EVENTS = {
  case: [
    'created',
    'updated',
    'deleted',
    'document.added',
    'document.deleted',
    'email.imported',
    'email.deleted',
    'email.restored',
    'email.purged',
    'alert.created',
    'alert.updated',
    'alert.deleted',
    'alert.commented',
    'report.created',
    'report.deleted',
    'search.saved',
    'search.deleted',
  ],
  organisation: [
    'created',
    'updated',
    'deleted',
    'registered',
    'set_up',
    'plan_changed',
    'plan_renewed',
    'mfa_policy_changed',
  ],
  user: [
    'created',
    'updated',
    'deleted',
    'activated',
    'deactivated',
    'invited',
    'invitation_completed',
    'link_sent',
    'login_locked',
    'login_unblocked',
    'password_set',
    'password_changed',
    'profile_updated',
    'profile_image_updated',
    'profile_image_removed',
    'phone_verified',
    'mfa_enabled',
    'mfa_disabled',
    'mfa_reset',
    'mfa_check_failed',
    'mfa_bypass_codes_generated',
    'mfa_bypass_code_used',
  ],
  settings: ['updated'],
  report_question: ['created', 'updated', 'deleted'],
  question_category: ['created', 'updated', 'deleted'],
  questionnaire: ['created', 'updated', 'deleted'],
  document_type: ['created', 'updated', 'deleted'],
  document_template: ['created', 'updated', 'deleted', 'assigned', 'category.active', 'file.replaced'],
  template_execution: ['created', 'deleted'],
  template_package: ['exported', 'imported'],
  concept_list: ['created', 'updated', 'deleted', 'removed', 'forked', 'copied_into', 'imported'],
  concept_head: [
    'updated',
    'clause.saved',
    'clause.deleted',
    'scope.saved',
    'scope.deleted',
    'rule.saved',
    'rule.deleted',
    'amendment.added',
    'amendment.updated',
    'amendment.deleted',
    'feedback.deleted',
    'feedback.added',
  ],
  review_search: ['created', 'deleted'],
} as const;

export type AuditEntity = keyof typeof AUDIT_EVENTS;
export type AuditAction<E extends AuditEntity = AuditEntity> = (typeof AUDIT_EVENTS)[E][number];
/** `entity:action`, the key of an event's sentence. */
export type AuditEventKey = { [E in AuditEntity]: `${E}:${AuditAction<E>}` }[AuditEntity];

export const auditEventKeys = (): AuditEventKey[] =>
  Object.entries(AUDIT_EVENTS).flatMap(([entity, actions]) =>
    actions.map((action) => `${entity}:${action}` as AuditEventKey),
  );
