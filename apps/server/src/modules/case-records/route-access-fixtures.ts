import { multipartBody, DEMO, type Harness } from '../../../test/harness.ts';
import { caseAlertsService } from '../case-alerts/case-alerts.service.ts';
import { caseEmailsService } from '../case-emails/case-emails.service.ts';
import { caseReportsService } from '../case-reports/case-reports.service.ts';
import { casesService } from '../cases/cases.service.ts';
import { sampleEml } from './test-support.ts';
import { NEVER_ABORTED } from '../../platform/queues/fair-queue.ts';

/** Demo Law LLP ids for the case records' route parameters (platform/access/route-access.test.ts). */
export async function caseRecordParams(h: Harness): Promise<Record<string, number>> {
  const admin = await h.actorOf((await h.login(DEMO.admin)).access);
  const theCase = await casesService(h.ctx).create(admin, {
    title: `Route access ${Date.now()}`,
    client: '',
    description: '',
    status: 'open',
    parties: [],
    assigned_user_ids: [],
  });
  const file = { fileName: 'a.eml', data: sampleEml() };
  const email = await caseEmailsService(h.ctx).import(admin, theCase.id, file, NEVER_ABORTED);
  const alert = await caseAlertsService(h.ctx).create(admin, {
    case_id: theCase.id,
    alert_type: 'Meeting',
    due_date: '2026-03-10',
    document_ids: [],
    comment: '',
  });
  const reports = caseReportsService(h.ctx);
  const question = await reports.createQuestion(admin, {
    question: `Route access ${Date.now()}?`,
    answer_type: 'short',
  });
  const report = await reports.createReport(admin, {
    case_id: theCase.id,
    answers: [{ question_id: question.id, answer: 'yes' }],
  });
  return {
    case_id: theCase.id,
    email_id: email.emailId,
    alert_id: alert.id,
    question_id: question.id,
    report_id: report.id,
  };
}

/** Requests that pass validation on the case records' routes, so only ownership can stop them. */
export function caseRecordRequest(method: string, url: string): object | null {
  if (method === 'POST' && url === '/api/case/:case_id/emails/') {
    return multipartBody('file', 'mail.eml', 'message/rfc822', sampleEml());
  }
  if (method === 'PUT' && url === '/api/case-alerts/:alert_id/') {
    return { body: { alert_type: 'Meeting', due_date: '2026-03-11' } };
  }
  if (method === 'POST' && url === '/api/case-alerts/:alert_id/comments/') return { body: { text: 'Intruder' } };
  if (method === 'PUT' && url === '/api/case-report/questions/:question_id/') {
    return { body: { question: 'Intruder?', answer_type: 'short' } };
  }
  if (method === 'GET' && url === '/api/case-report/reports/:report_id/download/') return { query: { format: 'docx' } };
  return null;
}
