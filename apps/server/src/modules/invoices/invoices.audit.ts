import {
  auditText,
  mergeVocabularies,
  namesFrom,
  thingEvents,
  type AuditSentence,
} from '../../platform/audit/audit-sentences.ts';

const theInvoice = (e: Parameters<AuditSentence>[0]) =>
  auditText.thing(
    'invoice',
    e.name('invoice', e.entityId),
    typeof e.changes.number === 'string' ? e.changes.number : undefined,
  );

/** Where an invoice was emailed, as far as the event says (older events say nothing). */
const SENT_TO: Record<string, string> = {
  true: " to the client account's address",
  false: ' to another address',
};

/** How the invoice events read in the history screens. */
export const invoicesAuditVocabulary = mergeVocabularies([
  thingEvents(
    'client_account',
    'client account',
    { created: 'created', updated: 'edited', deleted: 'deleted' },
    namesFrom('client_accounts', 'name'),
  ),
  thingEvents(
    'expense',
    'expense',
    { created: 'added', updated: 'edited', deleted: 'deleted' },
    namesFrom('expenses', 'description'),
  ),
  {
    sentences: {
      // Events keep ids (platform/audit/audit-details.ts): the account by today's name, the recipient not at all.
      'invoice:created': (e) =>
        `${e.actor} drafted an invoice for ${auditText.thing('client account', e.name('client_account', e.changes.account_id))}`,
      'invoice:updated': (e) => `${e.actor} edited ${theInvoice(e)}`,
      'invoice:deleted': (e) => `${e.actor} deleted a draft invoice`,
      'invoice:issued': (e) => `${e.actor} issued ${theInvoice(e)}`,
      'invoice:voided': (e) => `${e.actor} voided ${theInvoice(e)}`,
      'invoice:payment.recorded': (e) => `${e.actor} recorded a payment on ${theInvoice(e)}`,
      'invoice:payment.deleted': (e) => `${e.actor} deleted a payment of ${theInvoice(e)}`,
      'invoice:credited': (e) =>
        `${e.actor} issued credit note ${auditText.text(e.changes.credit_note)} on ${theInvoice(e)}`,
      'invoice:sent': (e) => `${e.actor} emailed ${theInvoice(e)}${SENT_TO[String(e.changes.to_account)] ?? ''}`,
      'invoice_settings:updated': (e) => `${e.actor} changed the invoice settings`,
    },
    names: { invoice: namesFrom('invoices', 'number_text') },
  },
]);
