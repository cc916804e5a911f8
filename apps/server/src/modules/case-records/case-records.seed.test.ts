import type { CaseAlert, CaseAlertList, CaseEmailList, CaseReportList, DashboardResponse } from '@lexdesk/contract';
import { expect, it } from 'vitest';
import { DEMO, describeEachDatabase } from '../../../test/harness.ts';
import { DEMO_CASES, seedDemoCaseData } from '../cases/cases.seed.ts';
import { seedDemoCaseRecords } from './case-records.seed.ts';

describeEachDatabase('demo case records', (h) => {
  it('gives every sample case an email (one an Outlook .msg) with an attachment, alerts and a report, once', async () => {
    const present = await h()
      .database.db.selectFrom('cases')
      .select('id')
      .where('title', '=', 'Estate of Margaret Ellison')
      .executeTakeFirst();
    if (!present) await seedDemoCaseData(h().ctx);
    await seedDemoCaseRecords(h().ctx);
    await seedDemoCaseRecords(h().ctx);

    const tokens = { demo: (await h().login(DEMO.admin)).access, other: (await h().login(DEMO.otherAdmin)).access };
    const formats: string[] = [];
    for (const sample of DEMO_CASES) {
      const token = tokens[sample.organisation];
      const theCase = await h()
        .database.db.selectFrom('cases')
        .select('id')
        .where('title', '=', sample.body.title)
        .executeTakeFirstOrThrow();
      const emails = (await h().request('GET', `/api/case/${theCase.id}/emails/`, { token })).json<CaseEmailList>();
      expect(emails.data).toHaveLength(1);
      expect(emails.data[0]?.hasAttachments).toBe(true);
      formats.push(`${emails.data[0]?.format ?? ''}: ${emails.data[0]?.from_address ?? ''}`);
      const alerts = (
        await h().request('GET', '/api/case-alerts/', { token, query: { case_id: theCase.id } })
      ).json<CaseAlertList>();
      expect(alerts.page.total_count).toBeGreaterThanOrEqual(1);
      expect(alerts.data[0]?.documents).toHaveLength(1);
      const reports = (
        await h().request('GET', `/api/report/history/${theCase.id}/`, { token })
      ).json<CaseReportList>();
      expect(reports.data).toHaveLength(1);
      expect(reports.data[0]?.answer_count).toBe(4);
    }
    // One sample arrived from Outlook: a real .msg, read like the .eml ones.
    expect(formats).toContainEqual(expect.stringMatching(/^msg: .*Tom Becker.*t\.becker@meridian-analytics\.example/));
    expect(formats.filter((f) => f.startsWith('eml: '))).toHaveLength(DEMO_CASES.length - 1);
    // A newcomer's dashboard shows the alerts of the coming days.
    const dashboard = (await h().request('GET', '/api/dashboard/', { token: tokens.demo })).json<DashboardResponse>();
    expect(dashboard.upcoming_alerts.map((a) => a.case_title)).toEqual(
      expect.arrayContaining(['Harbour Logistics v Northwind Shipping', 'Estate of Margaret Ellison']),
    );
    // They fall due later: then the modal lists them for the admin whose matters they are.
    h().clock.advance({ days: 5 });
    const later = (await h().login(DEMO.admin)).access;
    const due = (await h().request('GET', '/api/case/alert/notifications/', { token: later })).json<CaseAlert[]>();
    expect(due.map((a) => a.case_title)).toEqual(
      expect.arrayContaining(['Harbour Logistics v Northwind Shipping', 'Estate of Margaret Ellison']),
    );
  });
});
