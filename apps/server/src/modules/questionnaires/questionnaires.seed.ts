/**
 * Demo questionnaires for Demo Law LLP: two categories whose tags the demo precedent uses (docs/precedents.md),
 * with a nested conditional three levels deep. Idempotent: skipped when the first category exists.
 */
import { MODULE_FLAGS, type ModuleFlags, type QuestionnaireBody } from '@lexdesk/contract';
import type { Actor } from '../../platform/access/actor.ts';
import { inTransaction, type AppContext } from '../../platform/context.ts';
import { organisationsService } from '../organisations/index.ts';
import { usersService } from '../users/index.ts';
import { categoriesService } from './categories.service.ts';
import { findCategoryByKey } from './categories.repo.ts';
import { multipleChoice, shortAnswer, withBranches, yesNo } from './questionnaire-fixtures.ts';
import { questionnairesService } from './questionnaires.service.ts';

export const DEMO_CATEGORIES = ['Client and Matter', 'Commercial Terms'] as const;

function clientForm(): QuestionnaireBody['form'] {
  return [
    shortAnswer("What is the client's full legal name?", 'client_name', {
      description: '<p>As registered, e.g. <strong>Acme Trading Limited</strong>.</p>',
    }),
    shortAnswer("What is the client's registered address?", 'client_address'),
    shortAnswer('What is the matter reference?', 'matter_reference'),
    shortAnswer('What is the effective date of the agreement?', 'effective_date'),
  ];
}

function commercialForm(): QuestionnaireBody['form'] {
  const capAmount = shortAnswer('What is the cap amount?', 'guarantee_cap_amount');
  const cap = withBranches(
    multipleChoice('Which cap applies to the guarantee?', [
      { option: 'Fixed amount', tag: 'guarantee_cap', value: '<p>a fixed amount</p>' },
      {
        option: 'Fees paid in the last 12 months',
        tag: 'guarantee_cap',
        value: '<p>the fees paid in the 12 months before the claim</p>',
      },
    ]),
    [{ selectedOption: 'Fixed amount', listForm: [capAmount] }],
  );
  const limited = withBranches(
    {
      ...yesNo('Is the guarantee limited in amount?', 'guarantee_limited'),
      yesList: [
        { yes: '<p>The liability of the Guarantor is limited as set out below.</p>', tag: 'guarantee_limited' },
      ],
      noList: [{ no: '<p>The liability of the Guarantor is unlimited.</p>', tag: 'guarantee_limited' }],
    },
    [{ selectedOption: 'Yes', listForm: [cap] }],
  );
  const guarantor = withBranches(
    {
      ...yesNo('Is there a guarantor?', 'has_guarantor'),
      yesList: [
        { yes: '<p>The Guarantor guarantees the obligations of the Client.</p>', tag: 'guarantor_clause' },
        { yes: '<p>Yes</p>', tag: 'has_guarantor' },
      ],
      noList: [
        { no: '<p>No guarantee is given.</p>', tag: 'guarantor_clause' },
        { no: '<p>No</p>', tag: 'has_guarantor' },
      ],
    },
    [{ selectedOption: 'Yes', listForm: [shortAnswer("What is the guarantor's name?", 'guarantor_name'), limited] }],
  );
  return [
    multipleChoice(
      'Which law governs the agreement?',
      [
        { option: 'England and Wales', tag: 'governing_law', value: '<p>the laws of England and Wales</p>' },
        { option: 'Scotland', tag: 'governing_law', value: '<p>the laws of Scotland</p>' },
        { option: 'New York', tag: 'governing_law', value: '<p>the laws of the State of New York</p>' },
      ],
      { description: '<p>The law that will <em>interpret</em> the agreement.</p>' },
    ),
    {
      ...yesNo('Should the agreement include a confidentiality clause?', 'confidentiality_clause'),
      yesList: [
        {
          yes: "<p>Each party shall keep the other party's <strong>Confidential Information</strong> secret and shall:</p><ul><li><p>use it only for this agreement; and</p></li><li><p>not disclose it without consent.</p></li></ul>",
          tag: 'confidentiality_clause',
        },
      ],
      noList: [{ no: '<p>No confidentiality obligations apply.</p>', tag: 'confidentiality_clause' }],
    },
    shortAnswer('For how many years does the agreement last?', 'term_years'),
    multipleChoice('When must invoices be paid?', [
      { option: '30 days', tag: 'payment_terms', value: '<p>within 30 days of the date of the invoice</p>' },
      { option: '60 days', tag: 'payment_terms', value: '<p>within 60 days of the date of the invoice</p>' },
    ]),
    {
      ...yesNo('Should interest be charged on late payments?', 'late_payment_clause'),
      yesList: [
        {
          yes: '<p>Interest accrues on late payments at <u>4% a year</u> above the base rate.</p>',
          tag: 'late_payment_clause',
        },
      ],
      noList: [{ no: '<p>No interest is charged on late payments.</p>', tag: 'late_payment_clause' }],
    },
    multipleChoice('How are disputes resolved?', [
      { option: 'Courts', tag: 'dispute_resolution', value: '<p>the courts of the governing law</p>' },
      { option: 'Arbitration', tag: 'dispute_resolution', value: '<p>arbitration under the LCIA Rules</p>' },
    ]),
    guarantor,
  ];
}

/** Seeds the demo categories and questionnaires of the organisation, acting as `userId` (a super user). */
export async function seedDemoQuestionnaires(
  ctx: AppContext,
  organisationId: number,
  userId: number,
): Promise<boolean> {
  if (await findCategoryByKey(ctx.db, organisationId, DEMO_CATEGORIES[0].toLowerCase())) return false;
  const modules = Object.fromEntries(MODULE_FLAGS.map((flag) => [flag, true])) as ModuleFlags;
  const actor: Actor = { userId, organisationId, role: 'super', plan: 'Associate', modules, sessionId: 0 };
  const categories = categoriesService(ctx);
  const forms = questionnairesService(ctx);
  const [client, commercial] = [
    await categories.create(actor, { name: DEMO_CATEGORIES[0] }),
    await categories.create(actor, { name: DEMO_CATEGORIES[1] }),
  ];
  await forms.create(actor, { category: client.category_id, form: clientForm() });
  await forms.create(actor, { category: commercial.category_id, form: commercialForm() });
  return true;
}

/** First start: the demo questionnaires of `organisationName`, written as its super user `superEmail`. */
export async function seedDemoQuestionnaireData(
  ctx: AppContext,
  organisationName: string,
  superEmail: string,
): Promise<void> {
  const organisationId = await organisationsService(ctx).idByName(organisationName);
  const superUser = await usersService(ctx).findByEmail(superEmail);
  if (organisationId === null || !superUser) return;
  await inTransaction(ctx, (tx) => seedDemoQuestionnaires(tx, organisationId, superUser.id));
}
