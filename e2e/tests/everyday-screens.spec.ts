import { alertMessages, commonMessages } from '@lexdesk/contract';
import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test';
import { apiLogin, bearer, createDemoAdmin, DEMO } from '../support/api.ts';
import { buildEml, todayUtc } from '../support/case-records.ts';
import { apiCreateCase, apiUpload, casePagePath, uniqueTitle, waitIndexed } from '../support/cases.ts';
import { logout, signIn, signInFast } from '../support/ui.ts';

// Some journeys index documents: give them room on a busy machine (they wait on conditions, never sleep).
const expect = baseExpect.configure({ timeout: 30_000 });

const LONG_COMMENT =
  'Bring the trial bundle, the three witness statements and the signed engagement letter to chambers before nine.';

/** How many lines an element's text takes. */
async function linesOf(element: Locator): Promise<number> {
  return element.evaluate((node) => {
    const lineHeight = parseFloat(getComputedStyle(node).lineHeight) || 20;
    return Math.round(node.getBoundingClientRect().height / lineHeight);
  });
}

/** The page's background colour (the theme in use). */
const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
const DARK_BACKGROUND = 'rgb(18, 20, 23)';
const LIGHT_BACKGROUND = 'rgb(245, 247, 250)';

test.describe('everyday screens', () => {
  test('alerts, emails and case tabs read cleanly: no stray separator, hover text, senders without quotes, tabs in sentence case', async ({
    page,
    request,
  }) => {
    // A fresh admin: 'Attention required!' lists alerts of one's own matters only.
    const admin = await createDemoAdmin(request);
    const { access } = await apiLogin(request, admin.email, admin.password);
    const theCase = await apiCreateCase(request, access, uniqueTitle('Smith Holdings v Jones Commercial Lease'));
    const raised = await request.post('/api/case-alerts/', {
      headers: bearer(access),
      data: { case_id: theCase.id, alert_type: 'Court date', due_date: todayUtc(), comment: LONG_COMMENT },
    });
    expect(raised.status(), await raised.text()).toBe(201);
    const subject = uniqueTitle('Signed lease');
    const eml = buildEml({
      subject,
      from: '"Jane Client" <jane@client.example>',
      to: DEMO.admin,
      text: 'Signed copy attached.',
      attachments: [],
    });
    const imported = await request.post(`/api/case/${theCase.id}/emails/`, {
      headers: bearer(access),
      multipart: { file: { name: 'lease.eml', mimeType: 'message/rfc822', buffer: eml } },
    });
    expect(imported.status(), await imported.text()).toBe(201);

    await page.setViewportSize({ width: 600, height: 900 });
    await signIn(page, admin.email, admin.password);
    const modal = page.getByRole('dialog', { name: alertMessages.attentionTitle });
    const item = modal.getByRole('listitem').filter({ hasText: 'Court date' });
    await expect(item.getByRole('link', { name: theCase.title })).toBeVisible();
    await expect(item).not.toContainText('·');
    await modal.getByRole('button', { name: 'Close' }).click();

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(casePagePath(theCase.id, 'alerts'));
    const alerts = page.getByRole('table', { name: 'Case alerts' });
    await expect(alerts.getByRole('cell', { name: LONG_COMMENT })).toHaveAttribute('title', LONG_COMMENT);
    const tab = page.getByRole('tab', { name: 'Alerts' });
    await expect(tab).toHaveCSS('text-transform', 'none');

    await page.goto(casePagePath(theCase.id, 'emails'));
    const emails = page.getByRole('table', { name: 'Emails' });
    const from = emails.getByRole('row').filter({ hasText: subject }).getByText('Jane Client', { exact: true });
    await expect(from).toHaveAttribute('title', 'Jane Client <jane@client.example>');
    await emails.getByRole('button', { name: subject, exact: true }).click();
    await expect(page.getByRole('dialog', { name: subject })).toContainText('From: Jane Client <jane@client.example>');
  });

  test('the case list gives titles room and says which document matched a search, or how to search', async ({
    page,
    request,
  }) => {
    const { access } = await apiLogin(request, DEMO.admin);
    const title = uniqueTitle('Harbourside Developments Limited v Northern Marine Insurance');
    const theCase = await apiCreateCase(request, access, title);
    // A neighbour with a long client and parties: the columns compete for room as in a real list.
    const neighbour = await request.post('/api/case/', {
      headers: bearer(access),
      data: {
        title: `${title} (costs)`,
        status: 'pending',
        client: 'Northern Marine Insurance Company Limited',
        parties: ['Harbourside Developments Limited', 'Northern Marine Insurance Company Limited'],
      },
    });
    expect(neighbour.status(), await neighbour.text()).toBe(201);
    const word = `quokka${Date.now().toString(36)}`;
    const fileName = `${word}-lease.txt`;
    await apiUpload(request, access, theCase.id, {
      name: fileName,
      mimeType: 'text/plain',
      buffer: Buffer.from(`The tenant keeps the ${word} garden tidy.`),
    });
    await waitIndexed(request, access, theCase.id, 1);

    await signInFast(page, DEMO.admin);
    await page.goto('/case');
    await page.getByLabel('Search by title, client or party').fill(title);
    await page.getByLabel('Search by title, client or party').press('Enter');
    const cases = page.getByRole('table', { name: 'Cases' });
    const link = cases.getByRole('link', { name: title, exact: true });
    // Beside a long client and long parties this 73-character title took 7 lines at 1280 px: the table's automatic
    // layout gave the other columns their full width first. From 1200 px the layout is fixed, the client and the
    // parties are cut (whole on hover) and the title takes what the others leave: the widest column by far.
    for (const width of [1280, 600]) {
      await page.setViewportSize({ width, height: 900 });
      await expect(link).toBeVisible();
      expect(await linesOf(link), `title lines at ${width} px`).toBeLessThanOrEqual(3);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    const widthOf = async (name: string) =>
      (await cases.getByRole('columnheader', { name, exact: true }).boundingBox())?.width ?? 0;
    const tableWidth = (await cases.boundingBox())?.width ?? 0;
    expect(await widthOf('Title')).toBeGreaterThan(tableWidth * 0.28);
    expect(await widthOf('Title')).toBeGreaterThan(2 * Math.max(await widthOf('Client'), await widthOf('Parties')));

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByLabel('Search by title, client or party').fill('');
    await page.getByLabel('Search by title, client or party').press('Enter');
    const inDocuments = page.getByLabel('Search in documents ("phrase")');
    await inDocuments.fill(word);
    await inDocuments.press('Enter');
    const row = cases.getByRole('row').filter({ has: page.getByRole('link', { name: title, exact: true }) });
    await expect(cases.getByRole('row')).toHaveCount(2); // the header and the one case with the word
    await expect(row).toContainText(`Found in: ${fileName}`);
    await expect(row.getByRole('link', { name: fileName })).toHaveAttribute('href', /\/view-document\/editor\//);

    await inDocuments.fill(`${word}zzz`);
    await inDocuments.press('Enter');
    await expect(cases.getByRole('cell', { name: commonMessages.noRecords })).toContainText(
      'put words in quotes for a phrase',
    );
  });

  test('an upload says "Uploading…" until the server answered, then "Uploaded"', async ({ page, request }) => {
    const { access } = await apiLogin(request, DEMO.admin);
    const theCase = await apiCreateCase(request, access, uniqueTitle('Upload matter'));
    // Hold the server's answer: the bytes are sent, the document is not stored yet.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/api/case/${theCase.id}/documents/`, async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      const response = await route.fetch();
      await held;
      await route.fulfill({ response });
    });

    await signInFast(page, DEMO.admin);
    await page.goto(casePagePath(theCase.id, 'documents'));
    await page.locator('input[type="file"]').setInputFiles({
      name: 'held.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Held until the test lets it go.'),
    });
    const upload = page.getByTestId('upload-item').filter({ hasText: 'held.txt' });
    await expect(upload).toContainText('Uploading…');
    await expect(upload).not.toContainText('Uploaded');
    release();
    await expect(upload).toContainText('Uploaded');
    await expect(upload).not.toContainText('Uploading');
  });

  test("the theme follows the system's dark mode until the user chooses one, and the choice is kept", async ({
    browser,
    request,
  }) => {
    const admin = await createDemoAdmin(request);
    const context = await browser.newContext({ colorScheme: 'dark' });
    const page = await context.newPage();
    await page.goto('/login');
    await expect.poll(() => background(page)).toBe(DARK_BACKGROUND);
    await signIn(page, admin.email, admin.password);
    const toggle = page.getByRole('button', { name: 'Dark mode' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(await background(page)).toBe(DARK_BACKGROUND);
    // The user asks for light: light it is, and it holds against the system's dark mode.
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await expect.poll(() => background(page)).toBe(LIGHT_BACKGROUND);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Dark mode' })).toHaveAttribute('aria-pressed', 'false');
    expect(await background(page)).toBe(LIGHT_BACKGROUND);
    await logout(page);
    await signIn(page, admin.email, admin.password);
    await expect(page.getByRole('button', { name: 'Dark mode' })).toHaveAttribute('aria-pressed', 'false');
    await expect.poll(() => background(page)).toBe(LIGHT_BACKGROUND);
    await context.close();
  });

  test('the audit log reads as sentences and keeps email addresses whole', async ({ page, request }) => {
    const { access } = await apiLogin(request, DEMO.super);
    const settings = bearer(access);
    const before = (await (await request.get('/api/admin/settings/', { headers: settings })).json()) as {
      registration_open: boolean;
    };
    for (const open of [!before.registration_open, before.registration_open]) {
      const saved = await request.put('/api/admin/settings/', { headers: settings, data: { registration_open: open } });
      expect(saved.status(), await saved.text()).toBe(200);
    }
    await page.setViewportSize({ width: 600, height: 900 });
    await signInFast(page, DEMO.super);
    await page.goto('/admin-setting');
    const log = page.getByRole('table', { name: 'Audit log' });
    const row = log.getByRole('row').filter({ hasText: 'Sam Super changed the installation settings' }).first();
    await expect(row).toBeVisible();
    await expect(log).not.toContainText(' · ');
    await expect(row.getByTitle(DEMO.super)).toHaveCSS('overflow-wrap', 'normal');
  });
});
