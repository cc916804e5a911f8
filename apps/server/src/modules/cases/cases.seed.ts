import { MODULE_FLAGS, type CaseBody } from '@lexdesk/contract';
import type { AppContext } from '../../platform/context.ts';
import type { Actor } from '../../platform/access/actor.ts';
import { addCaseDocument } from '../documents/index.ts';
import { buildDocx, buildPdf, buildText } from '../documents/index.ts';
import { usersService } from '../users/index.ts';
import { casesService } from './cases.service.ts';
import { backgroundWork } from '../../platform/queues/fair-queue.ts';

interface SeedDocument {
  name: string;
  kind: 'docx' | 'pdf' | 'txt';
  title: string;
  paragraphs: string[];
}

interface SeedCase {
  organisation: 'demo' | 'other';
  body: CaseBody;
  documents: SeedDocument[];
}

/** Sample matters written for Lexdesk (issue 4 item 10): three for Demo Law LLP, one for Other Firm. */
export const DEMO_CASES: readonly SeedCase[] = [
  {
    organisation: 'demo',
    body: {
      title: 'Harbour Logistics v Northwind Shipping',
      client: 'Harbour Logistics Ltd',
      parties: ['Harbour Logistics Ltd', 'Northwind Shipping plc', 'Baltic Insurance SE'],
      status: 'open',
      description: 'Claim for late delivery and damaged cargo under a 2024 carriage agreement.',
      assigned_user_ids: [],
    },
    documents: [
      {
        name: 'Carriage Agreement.docx',
        kind: 'docx',
        title: 'Carriage Agreement',
        paragraphs: [
          'This Carriage Agreement is made between Harbour Logistics Ltd (the Customer) and Northwind Shipping plc (the Carrier).',
          'The Carrier shall deliver the goods to the port of destination within twenty-one days of loading.',
          'Liquidated damages of 0.5 per cent of the freight shall be payable for each day of late delivery.',
          'Neither party shall be liable for any failure caused by force majeure, including storms, strikes and acts of government.',
          'This Agreement is governed by the laws of England and Wales.',
        ],
      },
      {
        name: 'Letter before claim.pdf',
        kind: 'pdf',
        title: 'Letter before claim',
        paragraphs: [
          'Dear Sirs, we act for Harbour Logistics Ltd in relation to the consignment loaded at Rotterdam on 3 March.',
          'The goods arrived nineteen days late and water damaged. Our client claims liquidated damages and the cost of the damaged cargo.',
          'Please confirm within fourteen days whether your insurer, Baltic Insurance SE, has been notified.',
        ],
      },
      {
        name: 'Attendance note.txt',
        kind: 'txt',
        title: 'Attendance note: call with client',
        paragraphs: [
          'Spoke with the operations director. Photographs of the water damage will follow by email.',
          'Client wants to preserve the commercial relationship; mediation to be proposed before issuing proceedings.',
        ],
      },
    ],
  },
  {
    organisation: 'demo',
    body: {
      title: 'Estate of Margaret Ellison',
      client: 'Ellison family',
      parties: ['Daniel Ellison', 'Ruth Ellison-Park'],
      status: 'pending',
      description: 'Probate application and distribution of the estate under the 2019 will.',
      assigned_user_ids: [],
    },
    documents: [
      {
        name: 'Estate summary.docx',
        kind: 'docx',
        title: 'Estate summary',
        paragraphs: [
          'The deceased left a will dated 14 May 2019 appointing Daniel Ellison as executor.',
          'The residuary estate is to be divided equally between the two children.',
          'Inheritance tax is payable on the value above the nil rate band and must be paid before the grant of probate issues.',
        ],
      },
      {
        name: 'Asset schedule.pdf',
        kind: 'pdf',
        title: 'Schedule of assets',
        paragraphs: [
          'Freehold house at 12 Orchard Lane, valued at 540,000 pounds.',
          'Savings accounts and premium bonds, together 86,000 pounds. Personal chattels to be distributed as the executor decides.',
        ],
      },
    ],
  },
  {
    organisation: 'demo',
    body: {
      title: 'Meridian Software licence review',
      client: 'Meridian Analytics Inc',
      parties: ['Meridian Analytics Inc', 'Cobalt Cloud Services'],
      status: 'closed',
      description: 'Review of a software licence and service level agreement before renewal.',
      assigned_user_ids: [],
    },
    documents: [
      {
        name: 'Licence review memo.docx',
        kind: 'docx',
        title: 'Licence review memo',
        paragraphs: [
          'The licence grants a non-exclusive, non-transferable right to use the software for internal business purposes.',
          'The limitation of liability caps damages at the fees paid in the preceding twelve months.',
          'The service level agreement promises 99.9 per cent availability with service credits as the sole remedy.',
          'We recommend negotiating a termination right for persistent service failures before renewal.',
        ],
      },
      {
        name: 'Renewal checklist.txt',
        kind: 'txt',
        title: 'Renewal checklist',
        paragraphs: [
          'Confirm data processing addendum is signed.',
          'Check the auto-renewal notice period of ninety days.',
        ],
      },
    ],
  },
  {
    organisation: 'other',
    body: {
      title: 'Greenfield planning appeal',
      client: 'Greenfield Homes',
      parties: ['Greenfield Homes', 'Westshire District Council'],
      status: 'open',
      description: 'Appeal against refusal of outline planning permission for 40 homes.',
      assigned_user_ids: [],
    },
    documents: [
      {
        name: 'Grounds of appeal.docx',
        kind: 'docx',
        title: 'Grounds of appeal',
        paragraphs: [
          'The council failed to give adequate weight to the shortfall in its five-year housing land supply.',
          'The proposed access is safe and the highway authority raised no objection.',
        ],
      },
    ],
  },
];

async function buildFile(document: SeedDocument): Promise<Buffer> {
  if (document.kind === 'docx') return buildDocx(document.title, document.paragraphs);
  if (document.kind === 'pdf') return buildPdf(document.title, document.paragraphs);
  return buildText(document.title, document.paragraphs);
}

/**
 * Adds the sample cases and their generated documents (queued for indexing) through the services, as
 * the given admins of each organisation. Returns the created case ids by title.
 */
export async function seedDemoCases(
  ctx: AppContext,
  actors: { demo: Actor; other: Actor },
): Promise<Map<string, number>> {
  const cases = casesService(ctx);
  const ids = new Map<string, number>();
  for (const sample of DEMO_CASES) {
    const actor = actors[sample.organisation];
    const created = await cases.create(actor, { ...sample.body, assigned_user_ids: [actor.userId] });
    ids.set(sample.body.title, created.id);
    for (const document of sample.documents) {
      const data = await buildFile(document);
      // The server's own work at start: no user waits for it.
      const who = backgroundWork(actor.organisationId);
      await addCaseDocument(ctx, actor, { caseId: created.id, name: document.name, data, who });
    }
  }
  return ids;
}

/** The demo admins as Actors (the seed acts through the services, as a signed-in admin would). */
async function seedActor(ctx: AppContext, email: string): Promise<Actor> {
  const account = await usersService(ctx).findByEmail(email);
  if (!account) throw new Error(`demo user ${email} is missing`);
  return {
    userId: account.id,
    organisationId: account.organisationId,
    role: account.role,
    plan: 'Associate',
    modules: moduleFlagsAllOn(),
    sessionId: 0,
  };
}

function moduleFlagsAllOn(): Actor['modules'] {
  return Object.fromEntries(MODULE_FLAGS.map((flag) => [flag, true])) as Actor['modules'];
}

/** First start: the sample cases of DEMO_CASES for the demo admins (admin@example.com, admin@other.example.com). */
export async function seedDemoCaseData(ctx: AppContext): Promise<Map<string, number>> {
  return seedDemoCases(ctx, {
    demo: await seedActor(ctx, 'admin@example.com'),
    other: await seedActor(ctx, 'admin@other.example.com'),
  });
}
