import { auditText, type AuditEventReading, type AuditVocabulary } from '../../platform/audit/audit-sentences.ts';
import { organisationNameOf } from './organisations.repo.ts';

const { text, nested, thing } = auditText;

/** "the organisation 'Demo Law LLP'" by today's name; a deleted one by its stored name, else "a deleted organisation". */
const organisation = (e: AuditEventReading) =>
  thing('organisation', e.name('organisation', e.entityId), e.changes.name);
/** The same at the start of a sentence. */
const Organisation = (e: AuditEventReading) => organisation(e).replace(/^./, (first) => first.toUpperCase());

/** How events about organisations read in the audit log and an organisation's history. */
export const organisationsAuditVocabulary: AuditVocabulary = {
  sentences: {
    'organisation:created': (e) => `${e.actor} created ${organisation(e)}`,
    'organisation:registered': (e) => `${Organisation(e)} registered for the ${text(e.changes.plan)} plan`,
    'organisation:set_up': (e) => `${e.actor} set up ${organisation(e)} as the first organisation`,
    'organisation:updated': (e) => `${e.actor} edited ${organisation(e)}`,
    'organisation:plan_changed': (e) =>
      `${e.actor} changed the plan of ${organisation(e)} to ${text(nested(e.changes.plan).to) || 'another plan'}`,
    'organisation:plan_renewed': (e) => `${e.actor} renewed the plan of ${organisation(e)}`,
    'organisation:deleted': (e) => `${e.actor} deleted ${organisation(e)}`,
    'organisation:mfa_policy_changed': (e) => `${e.actor} changed who must use two-step sign-in at ${organisation(e)}`,
  },
  names: {
    // Only the event's own organisation: an id of another one never resolves.
    organisation: async (db, organisationId, ids) => {
      if (!ids.includes(organisationId)) return new Map();
      const name = await organisationNameOf(db, organisationId);
      return new Map(name === null ? [] : [[organisationId, name]]);
    },
  },
};
