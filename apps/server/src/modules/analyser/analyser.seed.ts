/**
 * Demo concept lists (issue 12): a contract review list of ten heads, written in our own words after the
 * clause categories lawyers tag in commercial contracts, made by the super user and assigned to all; and a
 * smaller list of Demo Law LLP's own with a clause, an out-of-scope item, a rule, an amendment and a few votes.
 * Idempotent: skipped when the first list exists.
 */
import { MODULE_FLAGS, type ConceptHeadInput, type ModuleFlags, type Role } from '@lexdesk/contract';
import type { Actor } from '../../platform/access/actor.ts';
import { inTransaction, type AppContext } from '../../platform/context.ts';
import { organisationsService } from '../organisations/index.ts';
import { usersService } from '../users/index.ts';
import { amendmentsService } from './amendments.service.ts';
import { ownedNameTaken } from './concept-lists.repo.ts';
import { conceptListsService } from './concept-lists.service.ts';
import { recordFeedback } from './feedback.service.ts';
import { headPartsService } from './head-parts.service.ts';

export const DEMO_CONCEPT_LIST = 'Commercial contract review';
export const DEMO_FIRM_CONCEPT_LIST = 'Demo Law supply checklist';

const head = (name: string, definition: string, terms: string, phrases: string): ConceptHeadInput => ({
  head: name,
  definition: `<p>${definition}</p>`,
  terms,
  phrases,
});

export const DEMO_CONCEPT_HEADS: ConceptHeadInput[] = [
  head(
    'Governing law',
    'Which legal system the parties chose to read and enforce the contract.',
    'governed | construed | jurisdiction',
    'laws of | governed by the laws | exclusive jurisdiction',
  ),
  head(
    'Termination for convenience',
    'A right to end the contract without having to show a breach, usually on notice.',
    'terminate | convenience',
    'for any reason | without cause | upon written notice',
  ),
  head(
    'Limitation of liability',
    'A ceiling on what one party can recover from the other, or heads of loss it cannot claim at all.',
    'liability | cap | consequential',
    'in no event shall | aggregate liability | indirect or consequential loss',
  ),
  head(
    'Renewal term',
    'How the contract continues once the first term ends, and for how long each extension runs.',
    'renew | renewal | extend',
    'automatically renew | successive periods | unless either party',
  ),
  head(
    'Non-compete',
    'A promise not to run or support a competing business, often limited by time and territory.',
    'compete | competing | competitor',
    'shall not engage | competing business | restricted territory',
  ),
  head(
    'Exclusivity',
    'A commitment to deal only with the other party for certain goods, services or areas.',
    'exclusive | exclusively | solely',
    'exclusive supplier | sole and exclusive | shall not appoint',
  ),
  head(
    'Assignment',
    'Whether a party may transfer the contract or its rights to someone else, and on what conditions.',
    'assign | assignment | transfer',
    'may not assign | prior written consent | change of control',
  ),
  head(
    'Audit rights',
    'A right to inspect the other party’s books, records or premises to check it keeps the contract.',
    'audit | inspect | records',
    'right to audit | books and records | during normal business hours',
  ),
  head(
    'Insurance',
    'Cover a party must buy and keep in force while the contract runs, with the amounts required.',
    'insurance | insured | policy',
    'maintain insurance | certificate of insurance | additional insured',
  ),
  head(
    'Liquidated damages',
    'A sum agreed in advance that is payable when a particular breach, such as late delivery, happens.',
    'liquidated | damages | penalty',
    'liquidated damages | per day of delay | genuine pre-estimate',
  ),
];

const FIRM_HEADS: ConceptHeadInput[] = [
  head(
    'Payment terms',
    'When invoices fall due and what happens if they are paid late.',
    'invoice | payment | interest',
    'within thirty days | late payment',
  ),
  head(
    'Warranty period',
    'How long the supplier stands behind the goods after delivery.',
    'warranty | defects | warrants',
    'free from defects | warranty period',
  ),
  head(
    'Confidentiality',
    'What each side must keep secret, for how long, and the usual carve-outs.',
    'confidential | disclose | secrecy',
    'confidential information | publicly available',
  ),
];

function demoActor(userId: number, organisationId: number, role: Role): Actor {
  const modules = Object.fromEntries(MODULE_FLAGS.map((flag) => [flag, true])) as ModuleFlags;
  return { userId, organisationId, role, plan: 'Associate', modules, sessionId: 0 };
}

/** First start: the demo concept lists, the first written as the super user `superEmail`. */
export async function seedDemoConceptLists(ctx: AppContext, organisationName: string, superEmail: string) {
  const organisationId = await organisationsService(ctx).idByName(organisationName);
  const users = usersService(ctx);
  const superUser = await users.findByEmail(superEmail);
  if (organisationId === null || !superUser) return;
  if (await ownedNameTaken(ctx.db, organisationId, DEMO_CONCEPT_LIST.toLowerCase())) return;
  const colleagues = (await users.activeUsersIn([organisationId])).filter((u) => u.id !== superUser.id);
  const admin = (await users.findByEmail('admin@example.com')) ?? superUser;
  await inTransaction(ctx, async (tx) => {
    const lists = conceptListsService(tx);
    const parts = headPartsService(tx);
    const superActor = demoActor(superUser.id, organisationId, 'super');
    const shared = await lists.create(superActor, {
      name: DEMO_CONCEPT_LIST,
      concept_doc_id: null,
      organisationIDs: [organisationId],
      userIDs: [superUser.id],
      concepts: DEMO_CONCEPT_HEADS,
      is_assigned_to_all: true,
    });
    const [governingLaw, convenience, liability] = shared.ids.concept_ids as [number, number, number];
    await parts.addClause(superActor, {
      conceptID: governingLaw,
      clause_description:
        'This agreement and any dispute arising from it are governed by the laws of England and Wales.',
    });
    await parts.addScope(superActor, {
      conceptID: governingLaw,
      scope_description: 'Mentions of a law that only describe a regulatory duty, not the law of the contract',
      examples: [
        { example_text: 'The supplier shall comply with the data protection laws of the United Kingdom.' },
        { example_text: 'Each party shall observe applicable anti-bribery laws.' },
      ],
    });
    await parts.addRule(superActor, {
      conceptID: liability,
      rule_description: 'The cap must not apply to death, personal injury or fraud.',
      suggestions: [
        { suggestion_text: 'Add: "Nothing in this agreement limits liability for death or personal injury."' },
        { suggestion_text: 'Add a carve-out for fraud and fraudulent misrepresentation.' },
      ],
    });
    await amendmentsService(tx).add(superActor, convenience, false, {
      amendment_type: 'Text',
      amendment: 'Require at least 90 days’ written notice before a termination for convenience takes effect.',
    });

    const adminActor = demoActor(admin.id, organisationId, admin.id === superUser.id ? 'super' : 'admin');
    const own = await lists.create(adminActor, {
      name: DEMO_FIRM_CONCEPT_LIST,
      concept_doc_id: null,
      organisationIDs: [organisationId],
      userIDs: colleagues.length > 0 ? colleagues.map((u) => u.id) : [admin.id],
      concepts: FIRM_HEADS,
      is_assigned_to_all: false,
    });
    const [payment] = own.ids.concept_ids as [number];
    await parts.addClause(adminActor, {
      conceptID: payment,
      clause_description: 'The Customer shall pay each undisputed invoice within 30 days of receiving it.',
    });
    const votes = [
      { term: 'governed', thumbs_up: true, comments: 'Clause 14.1, the governing law clause.' },
      { term: 'governed', thumbs_up: true, comments: '' },
      { term: 'jurisdiction', thumbs_up: false, comments: 'Only a reference to the courts, not the law.' },
    ];
    for (const vote of votes) await recordFeedback(tx, adminActor, governingLaw, vote);
  });
}
