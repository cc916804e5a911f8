import { MODULE_FLAGS, type ModuleFlags, type PlaybookInput } from '@lexdesk/contract';
import type { Actor } from '../../platform/access/actor.ts';
import { inTransaction, nowIso, type AppContext } from '../../platform/context.ts';
import { enqueueJob } from '../../platform/jobs/jobs.service.ts';
import { blobStorage } from '../../platform/storage/storage.service.ts';
import { buildDocx } from '../documents/index.ts';
import { organisationsService } from '../organisations/index.ts';
import { usersService } from '../users/index.ts';
import { playbookBody } from '@lexdesk/contract';
import { categoryIdsByName } from './playbook-categories.service.ts';
import { insertAttachment } from './playbook-parts.repo.ts';
import { ATTACHMENT_INDEX_JOB } from './playbook-search.ts';
import { playbookVersionsService } from './playbook-versions.service.ts';
import { playbooksService } from './playbooks.service.ts';
import { nameTaken } from './playbooks.repo.ts';

export const DEMO_NDA = 'Mutual NDA (firm standard)';
export const DEMO_LICENCE = 'Software licence (customer side)';

type Entry = NonNullable<PlaybookInput['entries']>[number] & { category: string };

const fb = (position: string, guidance = '', approver = '') => ({ position, guidance, approver });

const NDA_ENTRIES: Entry[] = [
  {
    category: 'Scope',
    topic: 'Definition of confidential information',
    importance: 'high',
    standard_position:
      '<p>Information is confidential when it is marked as such or when a reasonable person would see it as confidential.</p>',
    fallbacks: [
      fb(
        'Only information marked confidential, or identified as confidential in writing within 30 days of an oral disclosure.',
        'Accept for low-risk exchanges such as early commercial talks.',
        'Associate',
      ),
    ],
    unacceptable: ['Everything the other side says or shows us is confidential, with no exclusions.'],
    model_language:
      '<p>"Confidential Information" means information disclosed by one party to the other that is marked confidential or that a reasonable person would understand to be confidential.</p>',
  },
  {
    category: 'Scope',
    topic: 'Standard exclusions',
    importance: 'critical',
    standard_position:
      '<p>Public information, information already known, independently developed or lawfully received from a third party is excluded.</p>',
    fallbacks: [
      fb(
        'Independent development excluded only where documented in written records.',
        'The usual ask of a technology counterparty.',
        'Supervising partner',
      ),
    ],
    unacceptable: ['No exclusion for information that becomes public without our fault.'],
    model_language:
      '<p>The obligations in this agreement do not apply to information that is or becomes public other than through a breach of this agreement.</p>',
  },
  {
    category: 'Term',
    topic: 'Duration of the obligations',
    importance: 'medium',
    standard_position: '<p>Three years from the date of the last disclosure.</p>',
    fallbacks: [
      fb(
        'Five years from the last disclosure.',
        'Trade secrets may be protected for as long as they stay secret.',
        'Supervising partner',
      ),
    ],
    unacceptable: ['Obligations that never end for ordinary business information.'],
    model_language:
      '<p>Each party’s obligations continue for three years after the last disclosure of Confidential Information.</p>',
  },
  {
    category: 'Remedies',
    topic: 'Return and destruction',
    importance: 'medium',
    standard_position:
      '<p>On request, return or destroy the information within 30 days, keeping backup copies under the same duty.</p>',
    fallbacks: [fb('Destruction within 14 days with a written confirmation signed by an officer.', '', 'Associate')],
    unacceptable: ['A duty to purge automatic backups and archives.'],
    model_language:
      '<p>On written request, the recipient shall return or destroy the Confidential Information within 30 days.</p>',
  },
  {
    category: 'Remedies',
    topic: 'Injunctive relief',
    importance: 'low',
    standard_position:
      '<p>Either party may seek an injunction, without having to prove that damages are inadequate.</p>',
    fallbacks: [
      fb(
        'Injunctive relief available subject to the court’s discretion.',
        'A neutral form most counterparties accept.',
      ),
    ],
    unacceptable: ['A waiver of the right to seek interim relief.'],
    model_language: '<p>Damages alone may not be an adequate remedy, and each party may seek injunctive relief.</p>',
  },
  {
    category: 'Governing law',
    topic: 'Governing law and jurisdiction',
    importance: 'high',
    standard_position: '<p>The laws of England and Wales, with the exclusive jurisdiction of the English courts.</p>',
    fallbacks: [
      fb(
        'English law with non-exclusive jurisdiction.',
        'Accept where the counterparty has no assets in England.',
        'Supervising partner',
      ),
    ],
    unacceptable: ['A foreign law we cannot advise on without local counsel.'],
    model_language: '<p>This agreement is governed by the laws of England and Wales.</p>',
  },
];

const LICENCE_ENTRIES: Entry[] = [
  {
    category: 'Licence grant',
    topic: 'Scope of the licence',
    importance: 'critical',
    standard_position: '<p>A perpetual, worldwide licence for the customer and its group companies.</p>',
    fallbacks: [
      fb('A licence for the term of the agreement, for the customer and its affiliates.', '', 'General Counsel'),
      fb('Named-user licence with a right to transfer seats between users.', 'Only for tools with a small user base.'),
    ],
    unacceptable: ['A licence limited to one site or one machine.'],
    model_language: '<p>The supplier grants the customer a non-exclusive, worldwide licence to use the software.</p>',
  },
  {
    category: 'Warranty',
    topic: 'Performance warranty',
    importance: 'high',
    standard_position: '<p>The software performs in line with its documentation for twelve months.</p>',
    fallbacks: [fb('A ninety-day warranty with repair or replacement as the remedy.', '', 'Supervising partner')],
    unacceptable: ['Software supplied as is, with every warranty excluded.'],
    model_language:
      '<p>The supplier warrants that the software will perform substantially in accordance with the documentation.</p>',
  },
  {
    category: 'Liability',
    topic: 'Limitation of liability',
    importance: 'critical',
    standard_position: '<p>Liability capped at twice the annual fees, with no cap for data breaches and IP claims.</p>',
    fallbacks: [
      fb(
        'A cap equal to the annual fees, with a separate higher cap for data protection breaches.',
        'Ask for insurance evidence.',
        'General Counsel',
      ),
    ],
    unacceptable: ['A cap that also covers death, personal injury or fraud.'],
    model_language:
      '<p>Nothing in this agreement limits liability for death or personal injury caused by negligence, or for fraud.</p>',
  },
  {
    category: 'Liability',
    topic: 'Intellectual property indemnity',
    importance: 'high',
    standard_position:
      '<p>The supplier indemnifies the customer against third-party infringement claims without a cap.</p>',
    fallbacks: [fb('An indemnity capped at three times the annual fees.', '', 'General Counsel')],
    unacceptable: ['No indemnity for infringement claims.'],
    model_language:
      '<p>The supplier shall defend the customer against any claim that the software infringes a third party’s rights.</p>',
  },
  {
    category: 'Licence grant',
    topic: 'Source code escrow',
    importance: 'medium',
    standard_position: '<p>Source code deposited with an escrow agent and released on the supplier’s insolvency.</p>',
    fallbacks: [fb('Escrow only for the modules we customise.', 'Cost usually shared.')],
    unacceptable: [],
    model_language: '<p>The supplier shall deposit the source code with the escrow agent within 30 days.</p>',
  },
  {
    category: 'Term',
    topic: 'Termination and exit support',
    importance: 'medium',
    standard_position:
      '<p>Six months of exit support at the current rates, with our data returned in an open format.</p>',
    fallbacks: [fb('Three months of exit support.', '', 'Supervising partner')],
    unacceptable: ['Our data deleted on termination without an export.'],
    model_language:
      '<p>On termination, the supplier shall return the customer data in a commonly used, machine-readable format.</p>',
  },
];

function demoActor(userId: number, organisationId: number): Actor {
  const modules = Object.fromEntries(MODULE_FLAGS.map((flag) => [flag, true])) as ModuleFlags;
  return { userId, organisationId, role: 'admin', plan: 'Associate', modules, sessionId: 0 };
}

const NOTE = [
  'Negotiation note: mutual non-disclosure agreements',
  'We sign mutual NDAs on our standard form whenever we can. When the other side insists on its own form, compare it with the positions of this playbook.',
  'Check the definition of confidential information, the standard exclusions, and how long the obligations last.',
  'Refuse any clause that makes the recipient liable for disclosures required by law or by a regulator.',
];

/** First start: two playbooks of Demo Law LLP, with a guidance note attached; version 1 of the NDA. */
export async function seedDemoPlaybooks(ctx: AppContext, organisationName: string, adminEmail: string) {
  const organisationId = await organisationsService(ctx).idByName(organisationName);
  const admin = await usersService(ctx).findByEmail(adminEmail);
  if (organisationId === null || !admin) return;
  if (await nameTaken(ctx.db, organisationId, DEMO_NDA.toLowerCase())) return;
  const actor = demoActor(admin.id, organisationId);
  const note = await buildDocx(NOTE[0] as string, NOTE.slice(1));
  await inTransaction(ctx, async (tx) => {
    const create = async (
      name: string,
      type: PlaybookInput['playbook_type'],
      description: string,
      entries: Entry[],
    ) => {
      const names = [...new Set(entries.map((e) => e.category))];
      const ids = await categoryIdsByName(tx, organisationId, names);
      const body = playbookBody.parse({
        name,
        playbook_type: type,
        description,
        category_ids: [...ids.values()],
        entries: entries.map(({ category, ...entry }) => ({ ...entry, category_id: ids.get(category.toLowerCase()) })),
      });
      return (await playbooksService(tx).create(actor, body)).id;
    };
    const nda = await create(
      DEMO_NDA,
      'Non-disclosure agreement',
      'Our positions on mutual NDAs for commercial discussions.',
      NDA_ENTRIES,
    );
    await create(
      DEMO_LICENCE,
      'Software licence',
      'Positions when we act for a customer licensing business software.',
      LICENCE_ENTRIES,
    );
    const key = await blobStorage(tx).put('playbooks', note);
    const attachmentId = await insertAttachment(tx.db, {
      organisation_id: organisationId,
      playbook_id: nda,
      storage_key: key,
      file_name: 'NDA negotiation note.docx',
      content_type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      extension: 'docx',
      size: note.length,
      state: 'pending',
      uploaded_by: admin.id,
      uploaded_at: nowIso(tx),
    });
    await enqueueJob(tx, ATTACHMENT_INDEX_JOB, { attachmentId }, { organisationId });
    await playbookVersionsService(tx).publish(actor, nda);
  });
}
