import { alertMessages, caseEmailMessages, reportMessages, type DashboardResponse } from '@lexdesk/contract';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { buildMsg } from '../../apps/server/src/modules/case-emails/msg-builder.ts';
import { buildPdf } from '../../apps/server/src/modules/documents/sample-files.ts';
import { apiLogin, bearer, createDemoAdmin, DEMO } from '../support/api.ts';
import { buildEml, todayUtc } from '../support/case-records.ts';
import { apiCreateCase, uniqueTitle } from '../support/cases.ts';
import { expectAccessible, expectToastComesAndGoes, logout, signIn, signInFast } from '../support/ui.ts';

// Journeys upload, index and download: give them room on a busy machine (they wait on conditions, never sleep).
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

const casePage = (id: number, tab: string) => `/cases/case-summary/case-status/${id}/${tab}`;

async function rowActions(page: Page, name: RegExp | string) {
  await page.getByRole('button', { name }).click();
  return page.getByRole('menu');
}

test.describe('case records', () => {
  test(
    'import an .eml with attachments, see them as documents, delete the email, restore it, then delete it for good',
    { tag: '@smoke' },
    async ({ page, request }) => {
      const { access } = await apiLogin(request, DEMO.admin);
      const theCase = await apiCreateCase(request, access, uniqueTitle('Email matter'));
      const subject = uniqueTitle('Signed heads of terms');
      const eml = buildEml({
        subject,
        from: '"Jane Client" <jane@client.example>',
        to: 'admin@example.com',
        text: 'Attached are the signed heads of terms and our notes.',
        attachments: [
          { fileName: 'heads-of-terms.txt', contentType: 'text/plain', content: 'The rent is payable quarterly.' },
          { fileName: 'notes.html', contentType: 'text/html', content: '<p>Break clause after five years.</p>' },
        ],
      });

      await signInFast(page, DEMO.admin);
      await page.goto(casePage(theCase.id, 'emails'));
      await expect(page.getByRole('table', { name: 'Emails' })).toContainText('No records found');
      await page
        .getByTestId('email-file-input')
        .setInputFiles({ name: 'terms.eml', mimeType: 'message/rfc822', buffer: eml });
      await expect(page.getByText(caseEmailMessages.imported)).toBeVisible();
      const emails = page.getByRole('table', { name: 'Emails' });
      await expect(emails.getByRole('button', { name: subject, exact: true })).toBeVisible();
      await expect(emails.getByRole('row').filter({ hasText: subject })).toContainText('2');
      await expectAccessible(page);

      await emails.getByRole('button', { name: subject, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: subject });
      await expect(dialog.getByText('Attached are the signed heads of terms')).toBeVisible();
      await expect(dialog.getByRole('link', { name: 'heads-of-terms.txt' })).toBeVisible();
      await dialog.getByRole('button', { name: 'Close' }).click();

      await page.getByRole('tab', { name: 'Documents' }).click();
      const documents = page.getByRole('table', { name: 'Documents' });
      await expect(documents.getByRole('link', { name: 'heads-of-terms.txt' })).toBeVisible();
      await expect(documents.getByRole('link', { name: 'notes.html' })).toBeVisible();

      await page.getByRole('tab', { name: 'Emails' }).click();
      await (await rowActions(page, `Actions for ${subject}`)).getByRole('menuitem', { name: 'Delete' }).click();
      const confirm = page.getByRole('dialog', { name: 'Move to recycle bin' });
      await expect(confirm).toContainText('Are you sure you want to delete this email ?');
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await expectToastComesAndGoes(page, caseEmailMessages.movedToBin);
      await expect(page.getByRole('table', { name: 'Emails' })).toContainText('No records found');

      await page.getByRole('button', { name: 'Recycle bin' }).click();
      const bin = page.getByRole('table', { name: 'Recycle bin' });
      await expect(bin.getByRole('button', { name: subject, exact: true })).toBeVisible();
      await expectAccessible(page);
      await (await rowActions(page, `Actions for ${subject}`)).getByRole('menuitem', { name: 'Restore' }).click();
      await expect(page.getByText(caseEmailMessages.restored)).toBeVisible();
      await expect(bin).toContainText('No records found');
      await page.getByRole('button', { name: 'Emails', exact: true }).click();
      await expect(
        page.getByRole('table', { name: 'Emails' }).getByRole('button', { name: subject, exact: true }),
      ).toBeVisible();

      // Delete it again, then for good from the recycle bin: it is gone, its attachments stay case documents.
      await (await rowActions(page, `Actions for ${subject}`)).getByRole('menuitem', { name: 'Delete' }).click();
      await page.getByRole('dialog', { name: 'Move to recycle bin' }).getByRole('button', { name: 'Delete' }).click();
      await expectToastComesAndGoes(page, caseEmailMessages.movedToBin);
      await page.getByRole('button', { name: 'Recycle bin' }).click();
      await expect(bin.getByRole('button', { name: subject, exact: true })).toBeVisible();
      await (
        await rowActions(page, `Actions for ${subject}`)
      )
        .getByRole('menuitem', { name: 'Delete for good' })
        .click();
      const purge = page.getByRole('dialog', { name: 'Delete for good' });
      await expect(purge).toContainText('Are you sure you want to delete this email ?');
      await expectAccessible(page);
      await purge.getByRole('button', { name: 'Delete' }).click();
      await expect(page.getByText(caseEmailMessages.deletedForGood, { exact: true })).toBeVisible();
      await expect(bin).toContainText('No records found');
      await page.getByRole('button', { name: 'Emails', exact: true }).click();
      await expect(page.getByRole('table', { name: 'Emails' })).toContainText('No records found');
      const gone = await request.get(`/api/case/${theCase.id}/emails/?deleted=true`, { headers: bearer(access) });
      expect(((await gone.json()) as { data: unknown[] }).data).toEqual([]);
      await page.getByRole('tab', { name: 'Documents' }).click();
      await expect(
        page.getByRole('table', { name: 'Documents' }).getByRole('link', { name: 'heads-of-terms.txt' }),
      ).toBeVisible();
    },
  );

  test('import an Outlook .msg with attachments and see it with its attachments, which are case documents', async ({
    page,
    request,
  }) => {
    const { access } = await apiLogin(request, DEMO.admin);
    const theCase = await apiCreateCase(request, access, uniqueTitle('Outlook matter'));
    const subject = uniqueTitle('Completion statement');
    // A genuine Outlook .msg, built by the test with the server's builder (no third-party file).
    const msg = buildMsg({
      from: { name: 'Jane Client', email: 'jane@client.example' },
      to: [{ name: 'Admin', email: 'admin@example.com' }],
      subject,
      date: new Date(),
      text: 'The completion statement and the signed transfer are attached.',
      attachments: [
        { fileName: 'completion-notes.txt', contentType: 'text/plain', content: Buffer.from('Completion on Friday.') },
        {
          fileName: 'transfer.pdf',
          contentType: 'application/pdf',
          content: buildPdf('Transfer', ['The seller transfers the property to the buyer.']),
        },
      ],
    });

    await signInFast(page, DEMO.admin);
    await page.goto(casePage(theCase.id, 'emails'));
    await expect(page.getByRole('table', { name: 'Emails' })).toContainText('No records found');
    await page
      .getByTestId('email-file-input')
      .setInputFiles({ name: 'completion.msg', mimeType: 'application/vnd.ms-outlook', buffer: msg });
    await expect(page.getByText(caseEmailMessages.imported)).toBeVisible();
    const emails = page.getByRole('table', { name: 'Emails' });
    const row = emails.getByRole('row').filter({ hasText: subject });
    // The sender reads as a name, its address on hover (issue 18 item 11: no raw quotes).
    await expect(row.getByText('Jane Client', { exact: true })).toHaveAttribute(
      'title',
      'Jane Client <jane@client.example>',
    );
    await expect(row).toContainText('2');

    await emails.getByRole('button', { name: subject, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: subject });
    await expect(dialog.getByText('The completion statement and the signed transfer are attached.')).toBeVisible();
    const attachments = dialog.getByRole('list', { name: 'Attachments' });
    await expect(attachments.getByRole('link', { name: 'completion-notes.txt' })).toBeVisible();
    await expect(attachments.getByRole('link', { name: 'transfer.pdf' })).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('tab', { name: 'Documents' }).click();
    const documents = page.getByRole('table', { name: 'Documents' });
    await expect(documents.getByRole('link', { name: 'completion-notes.txt' })).toBeVisible();
    await expect(documents.getByRole('link', { name: 'transfer.pdf' })).toBeVisible();
  });

  test("raise an alert due today, sign out and in, and see it once in 'Attention required!'", async ({
    page,
    request,
  }) => {
    // A fresh admin: the modal lists alerts of one's own matters, so no other journey sees this one.
    const admin = await createDemoAdmin(request);
    const { access } = await apiLogin(request, admin.email, admin.password);
    const theCase = await apiCreateCase(request, access, uniqueTitle('Alert matter'));

    await signIn(page, admin.email, admin.password);
    await page.goto(casePage(theCase.id, 'alerts'));
    await page.getByRole('button', { name: 'New alert' }).click();
    const form = page.getByRole('dialog', { name: 'New alert' });
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText(alertMessages.alertTypeRequired)).toBeVisible();
    await form.getByLabel('Alert type').click();
    await page.getByRole('option', { name: 'Court date' }).click();
    await form.getByLabel('Due date').fill(todayUtc());
    await form.getByLabel('Comment').fill('Bring the trial bundle.');
    await expectAccessible(page);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(alertMessages.saved)).toBeVisible();
    const row = page.getByRole('table', { name: 'Case alerts' }).getByRole('row').filter({ hasText: 'Court date' });
    await expect(row).toContainText('Due');
    await expect(row).toContainText('Bring the trial bundle.');

    await logout(page);
    await signIn(page, admin.email, admin.password);
    const modal = page.getByRole('dialog', { name: alertMessages.attentionTitle });
    await expect(modal).toBeVisible();
    await expect(modal.getByRole('link', { name: theCase.title })).toBeVisible();
    await expect(modal).toContainText('Court date');
    await expectAccessible(page);
    await modal.getByRole('button', { name: 'Close' }).click();
    await expect(modal).toBeHidden();
    // Once per session: a reload or another page does not bring it back.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Profile menu' })).toBeVisible();
    await page.goto('/case-alerts');
    await expect(page.getByRole('heading', { name: 'Case alerts' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: alertMessages.attentionTitle })).toHaveCount(0);
  });

  test('create report questions, answer a report for a case, download it as .docx and .xlsx', async ({
    page,
    request,
  }) => {
    const { access } = await apiLogin(request, DEMO.admin);
    const theCase = await apiCreateCase(request, access, uniqueTitle('Report matter'));
    const stage = uniqueTitle('Which court hears the claim?');
    const settle = uniqueTitle('Has the client authorised a settlement?');

    await signInFast(page, DEMO.admin);
    await page.getByRole('link', { name: 'Case Reports' }).click();
    await expect(page.getByRole('heading', { name: 'Case reports' })).toBeVisible();
    await expectAccessible(page);
    for (const [question, type] of [
      [stage, 'Short answer'],
      [settle, 'Yes / No'],
    ] as const) {
      await page.getByRole('link', { name: 'Add question' }).click();
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByTestId('form-problem')).toHaveText(reportMessages.questionRequired);
      await page.getByLabel('Question').fill(question);
      await page.getByLabel('Answer type').click();
      await page.getByRole('option', { name: type }).click();
      await page.getByRole('button', { name: 'Save' }).click();
      await expectToastComesAndGoes(page, reportMessages.questionSaved);
    }
    await expect(page.getByRole('table', { name: 'Report questions' })).toContainText(stage);

    await page.goto(casePage(theCase.id, 'reports'));
    await page.getByRole('link', { name: 'Answer a report' }).click();
    await expect(page.getByRole('heading', { name: `Case report: ${theCase.title}` })).toBeVisible();
    await page.getByLabel(stage).fill('High Court, Business and Property Courts');
    await page.getByRole('radiogroup', { name: settle }).getByLabel('Yes').check();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Save report' }).click();
    await expect(page.getByText(reportMessages.reportSaved)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/report/history/${theCase.id}$`));
    const history = page.getByRole('table', { name: 'Report history' });
    await expect(history.getByRole('row')).toHaveCount(2);
    await expectAccessible(page);

    for (const format of ['docx', 'xlsx'] as const) {
      const menu = await rowActions(page, /Actions for the report of/);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        menu.getByRole('menuitem', { name: `Download .${format}` }).click(),
      ]);
      await expectToastComesAndGoes(page, 'Download successfully');
      await expect(page.getByRole('dialog', { name: 'Downloading report' })).toBeHidden();
      expect(download.suggestedFilename()).toMatch(new RegExp(`report \\d{4}-\\d{2}-\\d{2}\\.${format}$`));
      const bytes = readFileSync((await download.path())!);
      expect(bytes.subarray(0, 2).toString()).toBe('PK');
      if (format === 'docx') expect(bytes.length).toBeGreaterThan(2000);
    }
  });

  test('the dashboard is the landing page and shows the counts of cases, documents and alerts', async ({
    page,
    request,
  }) => {
    const { access } = await apiLogin(request, DEMO.otherAdmin);
    await apiCreateCase(request, access, uniqueTitle('Dashboard matter'));
    await signInFast(page, DEMO.otherAdmin);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Bar chart of cases by status' }).locator('svg').first()).toBeVisible();
    await expectAccessible(page);
    // Other journeys may add cases meanwhile: compare the page with the API read right after it loaded.
    await expect
      .poll(async () => {
        await page.reload();
        const shown = await page.getByTestId('stat-cases').textContent();
        const open = await page.getByTestId('status-open').textContent();
        const res = await request.get('/api/dashboard/', { headers: bearer(access) });
        const data = (await res.json()) as DashboardResponse;
        const openCount = data.cases_by_status.find((s) => s.status === 'open')?.count;
        return shown === String(data.total_cases) && open === String(openCount) && data.total_cases > 0;
      })
      .toBe(true);
  });
});
