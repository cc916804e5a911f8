import { MODULE_FLAGS, type AlertType, type AnswerType } from '@lexdesk/contract';
import type { Actor } from '../../platform/access/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { caseAlertsService } from '../case-alerts/index.ts';
import { caseEmailsService, buildEml, buildMsg } from '../case-emails/index.ts';
import { caseReportsService } from '../case-reports/index.ts';
import { DEMO_CASES } from '../cases/index.ts';
import { buildDocx } from '../documents/index.ts';
import { usersService } from '../users/index.ts';
import { scoped } from '../../db/tenant-scope.ts';
import { NEVER_ABORTED } from '../../platform/queues/fair-queue.ts';

/** Report questions every demo organisation starts with. */
const DEMO_QUESTIONS: readonly { question: string; answer_type: AnswerType }[] = [
  { question: 'What is the current stage of the matter?', answer_type: 'short' },
  { question: 'Is a settlement or agreed outcome likely?', answer_type: 'yes_no' },
  { question: 'When is the next key date?', answer_type: 'date' },
  { question: 'Summary of progress since the last report', answer_type: 'long' },
];

/**
 * Per sample case: the email it starts with, its alerts (days from today) and its first report's answers.
 * Alerts fall due in the coming days, not today: the dashboard shows them as upcoming, and the
 * 'Attention required!' modal appears once they are due (not at every demo sign-in of a fresh install).
 */
const RECORDS: Record<
  string,
  {
    correspondent: { name: string; email: string };
    /** Arrives as an Outlook .msg (else .eml), so the demo shows both formats. */
    outlook?: true;
    subject: string;
    text: string;
    attachment: { name: string; title: string; paragraphs: string[] };
    alerts: { type: AlertType; inDays: number; comment: string }[];
    answers: [string, string, string, string];
  }
> = {
  'Harbour Logistics v Northwind Shipping': {
    correspondent: { name: 'Priya Shah', email: 'priya.shah@harbour-logistics.example' },
    subject: 'Photographs of the water damage',
    text: 'As promised on our call, the surveyor’s note on the damaged consignment is attached. Photographs follow separately.',
    attachment: {
      name: 'Surveyor note.docx',
      title: 'Surveyor note',
      paragraphs: [
        'Inspection at the consignee warehouse on 25 March found water ingress in containers 4 and 7.',
        'The damage is consistent with a failed hatch seal during the voyage, not with handling at the port.',
      ],
    },
    alerts: [
      { type: 'Filing deadline', inDays: 2, comment: 'Reply to the letter before claim.' },
      { type: 'Meeting', inDays: 10, comment: 'Mediation planning call with the client.' },
    ],
    answers: ['Pre-action correspondence', 'Yes', '', 'Letter before claim sent; awaiting the carrier’s insurer.'],
  },
  'Estate of Margaret Ellison': {
    correspondent: { name: 'Daniel Ellison', email: 'daniel.ellison@mail.example' },
    subject: 'Valuation of Orchard Lane',
    text: 'Please find the estate agent’s valuation of the house attached, as the probate registry asked for it.',
    attachment: {
      name: 'House valuation.docx',
      title: 'Valuation of 12 Orchard Lane',
      paragraphs: [
        'Market value at the date of death: 540,000 pounds.',
        'The valuation assumes vacant possession and no structural defects beyond those noted.',
      ],
    },
    alerts: [
      { type: 'Filing deadline', inDays: 5, comment: 'Inheritance tax account IHT400 to be filed.' },
      { type: 'Follow-up', inDays: 21, comment: 'Chase the grant of probate.' },
    ],
    answers: ['Probate application', 'Yes', '', 'Assets valued; inheritance tax account in preparation.'],
  },
  'Meridian Software licence review': {
    correspondent: { name: 'Tom Becker', email: 't.becker@meridian-analytics.example' },
    outlook: true,
    subject: 'Signed data processing addendum',
    text: 'The data processing addendum is signed on our side; the copy is attached for your file.',
    attachment: {
      name: 'Data processing addendum.docx',
      title: 'Data processing addendum',
      paragraphs: [
        'The processor shall process personal data only on documented instructions from the controller.',
        'Sub-processors may be engaged only with the prior written authorisation of the controller.',
      ],
    },
    alerts: [{ type: 'Contract renewal', inDays: 45, comment: 'Auto-renewal notice period of ninety days.' }],
    answers: ['Review complete', 'No', '', 'Memo delivered; client to negotiate a termination right.'],
  },
  'Greenfield planning appeal': {
    correspondent: { name: 'Alex Morgan', email: 'alex.morgan@greenfield-homes.example' },
    subject: 'Highways consultation response',
    text: 'Attached is the highway authority’s response confirming no objection to the proposed access.',
    attachment: {
      name: 'Highways response.docx',
      title: 'Highway authority consultation response',
      paragraphs: ['The highway authority raises no objection subject to a visibility splay condition.'],
    },
    alerts: [{ type: 'Court date', inDays: 3, comment: 'Statement of case to the Planning Inspectorate.' }],
    answers: ['Appeal lodged', 'No', '', 'Grounds of appeal submitted; awaiting the start letter.'],
  },
};

async function adminActor(ctx: AppContext, email: string): Promise<Actor | null> {
  const account = await usersService(ctx).findByEmail(email);
  if (!account) return null;
  const modules = Object.fromEntries(MODULE_FLAGS.map((flag) => [flag, true])) as Actor['modules'];
  return {
    userId: account.id,
    organisationId: account.organisationId,
    role: account.role,
    plan: 'Associate',
    modules,
    sessionId: 0,
  };
}

/** The sample case's email as the file a lawyer would drop in: Outlook .msg or MIME .eml. */
async function sampleEmail(records: (typeof RECORDS)[string], date: Date): Promise<Buffer> {
  const attachment = {
    fileName: records.attachment.name,
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    content: await buildDocx(records.attachment.title, records.attachment.paragraphs),
  };
  const { correspondent: from, subject, text } = records;
  const to = { name: 'Ada Admin', email: 'admin@example.com' };
  if (records.outlook) return buildMsg({ from, to: [to], subject, date, text, attachments: [attachment] });
  return buildEml({
    from: `"${from.name}" <${from.email}>`,
    to: to.email,
    subject,
    date,
    text,
    attachments: [attachment],
  });
}

const dayFrom = (now: Date, days: number) => new Date(now.getTime() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Demo data of the case records (issue 4 item 10): report questions for each organisation, and for each
 * sample case an email with a generated .docx attachment, alerts (some due today) and a first report.
 * Idempotent: an organisation with questions, or a case with emails, is left as it is.
 */
export async function seedDemoCaseRecords(ctx: AppContext): Promise<void> {
  const reports = caseReportsService(ctx);
  const emails = caseEmailsService(ctx);
  const alerts = caseAlertsService(ctx);
  const actors = {
    demo: await adminActor(ctx, 'admin@example.com'),
    other: await adminActor(ctx, 'admin@other.example.com'),
  };
  const questionIds = new Map<number, number[]>();
  for (const actor of Object.values(actors)) {
    if (!actor) continue;
    const existing = await reports.listQuestions(actor, { page_no: 1, limits: 200 });
    if (existing.page.total_count === 0) {
      for (const question of DEMO_QUESTIONS) await reports.createQuestion(actor, question);
    }
    const all = await reports.listQuestions(actor, { page_no: 1, limits: 200 });
    questionIds.set(
      actor.organisationId,
      all.data.slice(0, DEMO_QUESTIONS.length).map((q) => q.id),
    );
  }

  const now = ctx.now();
  for (const sample of DEMO_CASES) {
    const actor = actors[sample.organisation];
    const records = RECORDS[sample.body.title];
    if (!actor || !records) continue;
    const found = await scoped(ctx.db, actor.organisationId)
      .selectFrom('cases')
      .select('id')
      .where('title', '=', sample.body.title)
      .executeTakeFirst();
    if (!found) continue;
    const existing = await emails.list(actor, found.id, { page_no: 1, limits: 10, deleted: false });
    if (existing.page.total_count > 0) continue;

    const email = await emails.import(
      actor,
      found.id,
      {
        fileName: `${records.subject}.${records.outlook ? 'msg' : 'eml'}`,
        data: await sampleEmail(records, new Date(now.getTime() - 2 * 86_400_000)),
      },
      NEVER_ABORTED,
    );
    const documentId = email.attachments[0]?.document_id ?? null;
    for (const alert of records.alerts) {
      await alerts.create(actor, {
        case_id: found.id,
        alert_type: alert.type,
        due_date: dayFrom(now, alert.inDays),
        document_ids: documentId ? [documentId] : [],
        comment: alert.comment,
      });
    }
    const ids = questionIds.get(actor.organisationId) ?? [];
    const answers = records.answers.map((answer, index) => ({
      question_id: ids[index] ?? 0,
      answer: index === 2 ? dayFrom(now, records.alerts[0]?.inDays ?? 7) : answer,
    }));
    await reports.createReport(actor, { case_id: found.id, answers: answers.filter((a) => a.question_id > 0) });
  }
}
