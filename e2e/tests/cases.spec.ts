import { caseMessages, documentMessages, type DocumentListResponse } from '@lexdesk/contract';
import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { apiLogin, bearer, DEMO } from '../support/api.ts';
import { apiCreateCase, contractFiles, docxTemplate, phraseFrom, uniqueTitle } from '../support/cases.ts';
import { expectAccessible, signInFast } from '../support/ui.ts';

test.describe('cases', () => {
  test(
    'create a case, drop in twenty contracts and real .docx files, watch them index, find the case by a phrase, open the viewer with find',
    { tag: '@smoke' },
    async ({ page }) => {
      test.setTimeout(120_000);
      const contracts = contractFiles('employment', 20);
      const docxFiles = ['contract.docx', 'Agreement_To_Transfer.docx'].map(docxTemplate);
      const phrase = phraseFrom(contracts[3]!);
      const title = uniqueTitle('Employment review');

      await signInFast(page, DEMO.admin);
      await page.getByRole('link', { name: 'Case List' }).click();
      await expect(page).toHaveURL(/\/case$/);
      await expect(page.getByRole('heading', { name: 'Cases' })).toBeVisible();
      await expectAccessible(page);

      await page.getByRole('button', { name: 'Create case' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create case' });
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog.getByText(caseMessages.titleRequired)).toBeVisible();
      await dialog.getByLabel('Title').fill(title);
      // Corrected, the field loses its message at once (not only at the next Save).
      await expect(dialog.getByText(caseMessages.titleRequired)).toBeHidden();
      await dialog.getByLabel('Client').fill('Acme Staffing Inc');
      const parties = dialog.getByLabel('Parties');
      await parties.fill('Acme Staffing Inc');
      await parties.press('Enter');
      await parties.fill('Jane Employee');
      await parties.press('Enter');
      await expectAccessible(page);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText(caseMessages.created)).toBeVisible();
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
      await expect(page.getByText('Jane Employee')).toBeVisible();

      await page.getByRole('tab', { name: 'Documents' }).click();
      await page.getByLabel('Upload documents').setInputFiles([...contracts, ...docxFiles]);
      const items = page.getByTestId('upload-item');
      await expect(items).toHaveCount(22);
      await expect(page.locator('[data-testid="upload-item"][data-state="done"]')).toHaveCount(22, { timeout: 60_000 });
      const states = page.getByTestId('indexing-state');
      await expect(states).toHaveCount(22);
      await expect(page.getByTestId('indexing-state').filter({ hasText: 'Indexed' })).toHaveCount(22, {
        timeout: 60_000,
      });
      await expectAccessible(page);

      await page.getByRole('link', { name: 'Case List' }).click();
      // The Documents tab has a box of the same name: wait for the case list before typing (a busy machine
      // once filled the tab's box just before the page changed).
      await expect(page.getByRole('heading', { name: 'Cases' })).toBeVisible();
      await page.getByLabel('Search in documents ("phrase")').fill(`"${phrase}"`);
      const row = page.getByRole('link', { name: title });
      // The case is on the first page before the search applies too: its link carries the words once it has.
      await expect(row).toHaveAttribute('href', /[?&]search=/);
      await expect(page.getByRole('link', { name: 'Harbour Logistics v Northwind Shipping' })).toHaveCount(0);
      await row.click();
      await expect(page.getByText(`Find in viewer: ${phrase}`)).toBeVisible();

      const contractName = path.basename(contracts[3]!);
      await page.getByRole('link', { name: contractName }).click();
      await expect(page).toHaveURL(/\/view-document\/editor\/\d+\?search=/);
      const find = page.getByRole('dialog', { name: 'Find in document' });
      await expect(find.getByRole('textbox', { name: 'Find' })).toHaveValue(phrase);
      await expect(find.getByTestId('find-status')).toHaveText(/^1 of \d+$/, { timeout: 30_000 });
      const view = page.getByTestId('document-view');
      await expect(view.locator('mark.lexdesk-hit').first()).toHaveText(new RegExp(phrase, 'i'));
      await expectAccessible(page);

      await page.getByRole('link', { name: title }).click();
      // The file is held back until the find box has been read: while the document's text is not there, the
      // find says it is searching, never 'No matches' (issue 31 item 3).
      const href = new URL((await page.getByRole('link', { name: 'contract.docx' }).getAttribute('href'))!, page.url());
      href.searchParams.set('search', 'firstborn');
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      const download = /\/api\/document\/\d+\/download\//;
      // Every download waits for the release, then goes through (the route stays: unrouting a held request
      // would let Playwright answer it first).
      await page.route(download, async (route) => {
        await held;
        await route.fallback();
      });
      await page.goto(href.pathname + href.search);
      await expect(find.getByTestId('find-status')).toHaveText('Searching…');
      release();
      await expect(find.getByTestId('find-status')).toHaveText(/^1 of \d+$/, { timeout: 30_000 });
      await expect(view.locator('.docx-wrapper')).toBeVisible({ timeout: 30_000 });
      await expect(view).toContainText('You promise to give me your firstborn child.');
      await page.getByRole('button', { name: 'Find', exact: true }).click();
      await find.getByRole('textbox', { name: 'Find' }).fill('firstborn');
      await expect(find.getByTestId('find-status')).toHaveText(/^1 of \d+$/);
      await expect(view.locator('mark.lexdesk-hit').first()).toHaveText(/firstborn/i);
      // Two words that are not side by side: each is highlighted instead of 'No matches'.
      await find.getByRole('textbox', { name: 'Find' }).fill('firstborn promise');
      await expect(find.getByTestId('find-status')).toHaveText(/^1 of \d+$/);
      for (const word of [/^promise$/i, /^firstborn$/i]) {
        await expect(view.locator('mark.lexdesk-hit').filter({ hasText: word }).first()).toBeVisible();
      }
    },
  );

  test('a renamed file is refused with a clear message, and a .pdf renders in the viewer', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const { access } = await apiLogin(request, DEMO.user);
    const created = await apiCreateCase(request, access, uniqueTitle('Renamed file'));
    await signInFast(page, DEMO.user);
    await page.goto(`/cases/case-summary/case-status/${created.id}/documents`);
    const text = readFileSync(contractFiles('credit', 1)[0]!);
    await page
      .getByLabel('Upload documents')
      .setInputFiles([{ name: 'loan.docx', mimeType: 'application/octet-stream', buffer: text }]);
    await expect(
      page.getByRole('alert').filter({ hasText: documentMessages.mismatch('docx', 'plain text') }),
    ).toBeVisible();
    await expect(page.getByText('No records found')).toBeVisible();

    // The demo seed's generated PDF opens in the viewer, rendered by pdf.js with a text layer to find in.
    const { access: admin } = await apiLogin(request, DEMO.admin);
    const list = await request.get('/api/case/?search_key=Harbour', { headers: bearer(admin) });
    const harbour = ((await list.json()) as { data: { id: number }[] }).data[0]!;
    const docs = (await (
      await request.get(`/api/case/${harbour.id}/documents/`, { headers: bearer(admin) })
    ).json()) as DocumentListResponse;
    const pdf = docs.data.find((d) => d.extension === 'pdf')!;
    await page.goto(`/view-document/editor/${pdf.id}?search=liquidated`);
    await expect(page.locator('.pdf-page canvas')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('find-status')).toHaveText(/^1 of \d+$/, { timeout: 30_000 });
  });

  test('a user of another organisation gets 404 on every case and document id', async ({ page, request }) => {
    test.setTimeout(120_000);
    const { access } = await apiLogin(request, DEMO.admin);
    const created = await apiCreateCase(request, access, uniqueTitle('Confidential'));
    const upload = await request.post(`/api/case/${created.id}/documents/`, {
      headers: bearer(access),
      multipart: {
        file: { name: 'memo.txt', mimeType: 'text/plain', buffer: Buffer.from('Privileged and confidential memo.') },
      },
    });
    expect(upload.status()).toBe(201);
    const documentId = ((await upload.json()) as { id: number }).id;
    const { access: other } = await apiLogin(request, DEMO.otherAdmin);
    for (const [method, url] of [
      ['GET', `/api/case/${created.id}/`],
      ['PUT', `/api/case/${created.id}/`],
      ['DELETE', `/api/case/${created.id}/`],
      ['GET', `/api/case/${created.id}/status-history/`],
      ['GET', `/api/case/${created.id}/documents/`],
      ['GET', `/api/document/${documentId}/download/`],
      ['DELETE', `/api/document/${documentId}/`],
      ['GET', `/api/solr/document/?documentUID=${documentId}`],
    ] as const) {
      const res = await request.fetch(url, {
        method,
        headers: bearer(other),
        ...(method === 'PUT' ? { data: { title: 'x', status: 'open' } } : {}),
      });
      expect(res.status(), `${method} ${url}`).toBe(404);
    }
    await signInFast(page, DEMO.otherAdmin);
    await page.goto(`/cases/case-summary/case-status/${created.id}`);
    await expect(page.getByRole('heading', { name: 'Case not found' })).toBeVisible({ timeout: 30_000 });
    await page.goto(`/view-document/editor/${documentId}`);
    await expect(page.getByRole('heading', { name: 'Document not found' })).toBeVisible({ timeout: 30_000 });
    await page.goto('/case');
    await expect(page.getByRole('link', { name: 'Greenfield planning appeal' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('link', { name: created.title })).toHaveCount(0);
  });
});
