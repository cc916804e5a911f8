import {
  auditText,
  type AuditEventReading,
  type AuditSentence,
  type AuditVocabulary,
} from '../../platform/audit/audit-sentences.ts';
import { userDisplayNamesOf } from './users.repo.ts';

const { text } = auditText;

/** The user an event is about, by today's name; an old event's stored name or email; else "a deleted user". */
function subject(e: AuditEventReading): string {
  return e.name('user', e.entityId) ?? (text(e.changes.name) || text(e.changes.email) || 'a deleted user');
}

/** "their own" when the actor acted on themselves, else "Jane Doe's". */
const whose = (e: AuditEventReading) => (e.actorId !== null && e.actorId === e.entityId ? 'their' : `${subject(e)}'s`);

/** `${actor} ${verb} ${subject}`, e.g. "Ada Admin activated Ben User". */
const onUser =
  (verb: string): AuditSentence =>
  (e) =>
    `${e.actor} ${verb} ${subject(e)}`;
/** `${actor} ${verb} ${their|subject's} ${what}`, e.g. "Ben User changed their password". */
const onOwn =
  (verb: string, what: string): AuditSentence =>
  (e) =>
    `${e.actor} ${verb} ${whose(e)} ${what}`;

const LINKS: Record<string, string> = {
  set_password: 'a link to set a password',
  reset_password: 'a link to reset the password',
  create_admin: 'a link to create an admin account',
};

/** How events about users read in the audit log and a user's history. */
export const usersAuditVocabulary: AuditVocabulary = {
  sentences: {
    'user:created': (e) =>
      e.changes.via === 'registration'
        ? `${subject(e)} registered as the organisation's admin`
        : `${e.actor} created the account of ${subject(e)}`,
    'user:invited': onUser('invited'),
    'user:updated': onOwn('edited', 'details'),
    'user:deleted': (e) => `${e.actor} deleted the user ${text(e.changes.name) || text(e.changes.email) || ''}`.trim(),
    'user:activated': onUser('activated'),
    'user:deactivated': onUser('deactivated'),
    'user:link_sent': (e) =>
      `${e.actor === 'System' ? `${subject(e)} was sent` : `${e.actor} sent ${subject(e)}`} ${
        LINKS[text(e.changes.purpose)] ?? 'a link'
      }`,
    'user:password_set': (e) => `${subject(e)} set a password with an emailed link`,
    'user:invitation_completed': (e) => `${subject(e)} accepted the invitation`,
    'user:profile_updated': onOwn('edited', 'profile'),
    'user:profile_image_updated': onOwn('changed', 'profile picture'),
    'user:profile_image_removed': onOwn('removed', 'profile picture'),
    'user:password_changed': onOwn('changed', 'password'),
    'user:phone_verified': onOwn('verified', 'phone number'),
    'user:mfa_enabled': onOwn('turned on', 'two-step sign-in'),
    'user:mfa_disabled': onOwn('turned off', 'two-step sign-in'),
    'user:mfa_reset': onOwn('turned off', 'two-step sign-in'),
    'user:mfa_bypass_codes_generated': onOwn('generated', 'bypass codes'),
    'user:mfa_bypass_code_used': (e) => `${subject(e)} signed in with a bypass code`,
    'user:mfa_check_failed': (e) => `A wrong second-step code was given for ${subject(e)}`,
    'user:login_locked': (e) => `The account of ${subject(e)} was locked after repeated failed sign-ins`,
    'user:login_unblocked': (e) => `${e.actor} unblocked the sign-in of ${subject(e)}`,
  },
  names: {
    user: userDisplayNamesOf,
  },
};
