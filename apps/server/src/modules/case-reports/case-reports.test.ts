import {
  commonMessages,
  ERROR_CODES,
  reportMessages,
  sessionMessages,
  type CaseReportDetail,
  type CaseReportList,
  type ReportQuestion,
  type ReportQuestionList,
} from '@lexdesk/contract';
import ExcelJS from 'exceljs';
import PizZip from 'pizzip';
import { expect, it } from 'vitest';
import { DEMO, describeEachDatabase, type Harness } from '../../../test/harness.ts';
import { auditService } from '../../platform/audit/audit.service.ts';
import { createCase } from '../case-records/test-support.ts';

const FORBIDDEN = { detail: sessionMessages.forbidden, code: ERROR_CODES.forbidden };
let counter = 0;
const uniqueQuestion = (text: string) => `${text} #${(counter += 1)}-${Date.now().toString(36)}`;

async function addQuestion(h: Harness, token: string, question: string, answer_type = 'short') {
  const res = await h.request('POST', '/api/case-report/questions/', { token, body: { question, answer_type } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ReportQuestion>();
}

describeEachDatabase('report questions', (h) => {
  const tokenOf = async (email: string) => (await h().login(email)).access;

  it('super and admin add, read, edit and delete questions; the list pages and searches', async () => {
    for (const who of [DEMO.super, DEMO.admin]) {
      const token = await tokenOf(who);
      const text = uniqueQuestion('Has the client signed the engagement letter?');
      const created = await addQuestion(h(), token, `  ${text}  `, 'yes_no');
      expect(created).toMatchObject({ question: text, answer_type: 'yes_no' });
      const read = await h().request('GET', `/api/case-report/questions/${created.id}/`, { token });
      expect(read.json<ReportQuestion>().question).toBe(text);
      const list = (
        await h().request('GET', '/api/case-report/questions/', { token, query: { search_key: text.toUpperCase() } })
      ).json<ReportQuestionList>();
      expect(list.data.map((q) => q.id)).toEqual([created.id]);
      const edited = await h().request('PUT', `/api/case-report/questions/${created.id}/`, {
        token,
        body: { question: `${text} (edited)`, answer_type: 'long' },
      });
      expect(edited.json<ReportQuestion>()).toMatchObject({ question: `${text} (edited)`, answer_type: 'long' });
      const del = await h().request('DELETE', `/api/case-report/questions/${created.id}/`, { token });
      expect(del.json()).toEqual({ detail: commonMessages.deleted('Question') });
      expect((await h().request('GET', `/api/case-report/questions/${created.id}/`, { token })).statusCode).toBe(404);
      const actions = (await auditService(h().ctx).historyOf(h().ids.demoOrg, 'report_question', created.id)).map(
        (e) => e.action,
      );
      expect(actions).toEqual(['created', 'updated', 'deleted']);
    }
  });

  it.each([
    [{ answer_type: 'short' }, reportMessages.questionRequired],
    [{ question: '   ', answer_type: 'short' }, reportMessages.questionRequired],
    [{ question: 'x'.repeat(501), answer_type: 'short' }, reportMessages.questionTooLong(500)],
    [{ question: 'Fine question?' }, reportMessages.answerTypeRequired],
    [{ question: 'Fine question?', answer_type: 'essay' }, reportMessages.answerTypeRequired],
  ])('case %# answers 400 %j', async (body, detail) => {
    const res = await h().request('POST', '/api/case-report/questions/', { token: await tokenOf(DEMO.admin), body });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ detail, code: ERROR_CODES.validation });
  });

  it('refuses the same question twice in one organisation (409), ignoring case', async () => {
    const token = await tokenOf(DEMO.admin);
    const text = uniqueQuestion('Is there a limitation issue?');
    const first = await addQuestion(h(), token, text);
    const again = await h().request('POST', '/api/case-report/questions/', {
      token,
      body: { question: text.toUpperCase(), answer_type: 'short' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ detail: reportMessages.questionDuplicate });
    const other = await addQuestion(h(), token, uniqueQuestion('Another'));
    const clash = await h().request('PUT', `/api/case-report/questions/${other.id}/`, {
      token,
      body: { question: text, answer_type: 'short' },
    });
    expect(clash.statusCode).toBe(409);
    // Saving a question with its own text is fine.
    const same = await h().request('PUT', `/api/case-report/questions/${first.id}/`, {
      token,
      body: { question: text, answer_type: 'long' },
    });
    expect(same.statusCode).toBe(200);
    // Another organisation may have the same question.
    expect((await addQuestion(h(), await tokenOf(DEMO.otherAdmin), text)).question).toBe(text);
  });

  it('a plain user reads questions but may not add, edit or delete them (403); no token 401', async () => {
    const admin = await tokenOf(DEMO.admin);
    const question = await addQuestion(h(), admin, uniqueQuestion('Readable?'));
    const user = await tokenOf(DEMO.user);
    expect((await h().request('GET', '/api/case-report/questions/', { token: user })).statusCode).toBe(200);
    const body = { question: 'New?', answer_type: 'short' };
    expect((await h().request('POST', '/api/case-report/questions/', { token: user, body })).json()).toEqual(FORBIDDEN);
    const url = `/api/case-report/questions/${question.id}/`;
    expect((await h().request('PUT', url, { token: user, body })).json()).toEqual(FORBIDDEN);
    expect((await h().request('DELETE', url, { token: user })).json()).toEqual(FORBIDDEN);
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      expect((await h().request(method, url, { body })).statusCode).toBe(401);
    }
    expect((await h().request('GET', '/api/case-report/questions/')).statusCode).toBe(401);
  });

  it('another organisation gets 404 on every question id of this one', async () => {
    const question = await addQuestion(h(), await tokenOf(DEMO.admin), uniqueQuestion('Private?'));
    const other = await tokenOf(DEMO.otherAdmin);
    const url = `/api/case-report/questions/${question.id}/`;
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await h().request(method, url, { token: other, body: { question: 'Mine?', answer_type: 'short' } });
      expect(res.statusCode, method).toBe(404);
    }
    const list = (await h().request('GET', '/api/case-report/questions/', { token: other })).json<ReportQuestionList>();
    expect(list.data.map((q) => q.id)).not.toContain(question.id);
  });
});

describeEachDatabase('case reports', (h) => {
  const tokenOf = async (email: string) => (await h().login(email)).access;

  async function setUp() {
    const admin = await tokenOf(DEMO.admin);
    const theCase = await createCase(h(), admin, 'Harbour Lease dispute');
    const short = await addQuestion(h(), admin, uniqueQuestion('Who is the opposing counsel?'), 'short');
    const yesNo = await addQuestion(h(), admin, uniqueQuestion('Is a settlement likely?'), 'yes_no');
    const date = await addQuestion(h(), admin, uniqueQuestion('Next hearing date?'), 'date');
    return { admin, theCase, short, yesNo, date };
  }

  it('every role answers a report; the history lists it; it downloads as .docx and .xlsx', async () => {
    const { theCase, short, yesNo, date } = await setUp();
    for (const who of [DEMO.super, DEMO.admin, DEMO.user]) {
      const token = await tokenOf(who);
      const res = await h().request('POST', '/api/case-report/reports/', {
        token,
        body: {
          case_id: theCase.id,
          answers: [
            { question_id: date.id, answer: '2026-04-15' },
            { question_id: short.id, answer: 'Smith & Partners' },
            { question_id: yesNo.id, answer: '' },
          ],
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      const report = res.json<CaseReportDetail>();
      expect(report).toMatchObject({ case_id: theCase.id, case_title: 'Harbour Lease dispute', answer_count: 2 });
      // Asked in the order the questions were added; the blank answer is left out.
      expect(report.answers).toEqual([
        { question_id: short.id, question: short.question, answer_type: 'short', answer: 'Smith & Partners' },
        { question_id: date.id, question: date.question, answer_type: 'date', answer: '2026-04-15' },
      ]);

      const history = (
        await h().request('GET', `/api/report/history/${theCase.id}/`, { token })
      ).json<CaseReportList>();
      expect(history.data[0]).toMatchObject({ id: report.id, answer_count: 2 });

      const docx = await h().request('GET', `/api/case-report/reports/${report.id}/download/`, {
        token,
        query: { format: 'docx' },
      });
      expect(docx.statusCode).toBe(200);
      expect(docx.headers['content-type']).toContain('wordprocessingml');
      expect(docx.headers['content-disposition']).toContain('Harbour%20Lease%20dispute%20report%202026-03-02.docx');
      const xml = new PizZip(docx.rawPayload).file('word/document.xml')?.asText() ?? '';
      expect(xml).toContain('Smith &amp; Partners');
      expect(xml).toContain('Harbour Lease dispute');

      const xlsx = await h().request('GET', `/api/case-report/reports/${report.id}/download/`, {
        token,
        query: { format: 'xlsx' },
      });
      expect(xlsx.headers['content-type']).toContain('spreadsheetml');
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
      const values = workbook.getWorksheet('Report')?.getSheetValues().flat().map(String) ?? [];
      expect(values).toEqual(expect.arrayContaining([short.question, 'Smith & Partners', '2026-04-15']));
    }
  });

  it('keeps the text a report was answered with after its question is edited or deleted', async () => {
    const { admin, theCase, short } = await setUp();
    const report = (
      await h().request('POST', '/api/case-report/reports/', {
        token: admin,
        body: { case_id: theCase.id, answers: [{ question_id: short.id, answer: 'Jones LLP' }] },
      })
    ).json<CaseReportDetail>();
    await h().request('PUT', `/api/case-report/questions/${short.id}/`, {
      token: admin,
      body: { question: uniqueQuestion('Renamed'), answer_type: 'long' },
    });
    await h().request('DELETE', `/api/case-report/questions/${short.id}/`, { token: admin });
    const read = (
      await h().request('GET', `/api/case-report/reports/${report.id}/`, { token: admin })
    ).json<CaseReportDetail>();
    expect(read.answers).toEqual([
      { question_id: null, question: short.question, answer_type: 'short', answer: 'Jones LLP' },
    ]);
  });

  it('checks every answer against its question', async () => {
    const { admin, theCase, short, yesNo, date } = await setUp();
    const post = (answers: unknown, caseId: unknown = theCase.id) =>
      h().request('POST', '/api/case-report/reports/', { token: admin, body: { case_id: caseId, answers } });
    const cases: [unknown, string][] = [
      [[{ question_id: yesNo.id, answer: 'Maybe' }], reportMessages.answerYesNo],
      [[{ question_id: date.id, answer: '15/04/2026' }], reportMessages.answerDate],
      [[{ question_id: short.id, answer: '' }], reportMessages.answersRequired],
      [[], reportMessages.answersRequired],
      [[{ question_id: short.id, answer: 'x'.repeat(5001) }], reportMessages.answerTooLong(5000)],
      [
        [
          { question_id: short.id, answer: 'a' },
          { question_id: short.id, answer: 'b' },
        ],
        reportMessages.duplicateAnswer,
      ],
      [[{ question_id: 999_999, answer: 'a' }], reportMessages.unknownQuestion],
    ];
    for (const [answers, detail] of cases) {
      const res = await post(answers);
      expect(res.statusCode, detail).toBe(400);
      expect(res.json()).toMatchObject({ detail, code: ERROR_CODES.validation });
    }
    const noCase = await h().request('POST', '/api/case-report/reports/', { token: admin, body: { answers: [] } });
    expect(noCase.json()).toMatchObject({ detail: reportMessages.caseRequired });
    const bad = await h().request('GET', `/api/case-report/reports/1/download/`, {
      token: admin,
      query: { format: 'pdf' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ detail: 'format must be docx or xlsx' });
  });

  it('refuses a question of another organisation and a case of another organisation', async () => {
    const { admin, theCase } = await setUp();
    const other = await tokenOf(DEMO.otherAdmin);
    const theirQuestion = await addQuestion(h(), other, uniqueQuestion('Theirs?'));
    const res = await h().request('POST', '/api/case-report/reports/', {
      token: admin,
      body: { case_id: theCase.id, answers: [{ question_id: theirQuestion.id, answer: 'x' }] },
    });
    expect(res.json()).toMatchObject({ detail: reportMessages.unknownQuestion });
    const theirCase = await createCase(h(), other);
    const foreign = await h().request('POST', '/api/case-report/reports/', {
      token: admin,
      body: { case_id: theirCase.id, answers: [{ question_id: theirQuestion.id, answer: 'x' }] },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('super and admin delete reports; a user may not (403); other organisations get 404; no token 401', async () => {
    const { admin, theCase, short } = await setUp();
    const make = async () =>
      (
        await h().request('POST', '/api/case-report/reports/', {
          token: admin,
          body: { case_id: theCase.id, answers: [{ question_id: short.id, answer: 'x' }] },
        })
      ).json<CaseReportDetail>();
    const report = await make();
    const url = `/api/case-report/reports/${report.id}/`;
    expect((await h().request('DELETE', url, { token: await tokenOf(DEMO.user) })).json()).toEqual(FORBIDDEN);
    const other = await tokenOf(DEMO.otherAdmin);
    for (const [method, path] of [
      ['GET', url],
      ['GET', `${url}download/?format=docx`],
      ['DELETE', url],
      ['GET', `/api/report/history/${theCase.id}/`],
    ] as const) {
      expect((await h().request(method, path, { token: other })).statusCode, path).toBe(404);
      expect((await h().request(method, path)).statusCode).toBe(401);
    }
    for (const who of [DEMO.super, DEMO.admin]) {
      const doomed = await make();
      const res = await h().request('DELETE', `/api/case-report/reports/${doomed.id}/`, { token: await tokenOf(who) });
      expect(res.json()).toEqual({ detail: commonMessages.deleted('Report') });
    }
    const history = (
      await h().request('GET', `/api/report/history/${theCase.id}/`, { token: admin })
    ).json<CaseReportList>();
    expect(history.data.map((r) => r.id)).toEqual([report.id]);
  });
});
