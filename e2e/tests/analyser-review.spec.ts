import { REVIEW_EXPORT_COLUMNS, reviewMessages as RM } from '@lexdesk/contract';
import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { apiLogin, DEMO, uniqueName } from '../support/api.ts';
import { casePagePath, contractFiles, requireSharedData } from '../support/cases.ts';
import {
  apiAddFiles,
  apiCaseWithFiles,
  apiReviewList,
  apiSavedReview,
  chooseHorizon,
  contextDialog,
  fileFromDisk,
  openReview,
  pick,
  resultRow,
  textFile,
} from '../support/review.ts';
import { expectFitsWidth, screenshot, SCREEN_PASSES } from '../support/screens.ts';
import { expectAccessible, expectToastComesAndGoes, signInFast } from '../support/ui.ts';

const NOTICE_TEXT =
  'The Supplier gives notice of delivery. Notice must be in writing. Any notice under this agreement is sent by ' +
  'post to the address of the other party. The warranty lasts one year from delivery.';
const WARRANTY_TEXT =
  'The warranty covers defects in materials. This warranty is limited to repair. No notice is needed for a claim.';

/** Two small documents in a new case and a two-head list: the review's figures are known by heart. */
async function smallReview(request: Parameters<typeof apiLogin>[0]) {
  const { access } = await apiLogin(request, DEMO.admin);
  const caseTitle = uniqueName('Supply review');
  const caseId = await apiCaseWithFiles(request, access, caseTitle, [
    textFile('alpha-notice.txt', NOTICE_TEXT),
    textFile('beta-warranty.txt', WARRANTY_TEXT),
  ]);
  const listName = uniqueName('Supply terms');
  const { headIds } = await apiReviewList(request, access, listName, [
    { head: 'NOTICE', terms: ['notice'] },
    { head: 'WARRANTY', terms: ['warranty'] },
  ]);
  return { access, caseId, caseTitle, listName, headIds };
}

async function runReview(page: Page, listName: string) {
  await pick(page, 'Concept list', listName);
  await page.getByRole('button', { name: 'Run review' }).click();
  await expect(page.getByRole('region', { name: 'Results' })).toBeVisible({ timeout: 30_000 });
}

test.describe('Review and saved searches (issue 13)', () => {
  test(
    'an admin reviews a case from its documents tab, reads a hit in context and in the viewer, saves, finds, views and deletes the search',
    { tag: '@smoke' },
    async ({ page, request, context }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      const { caseId, caseTitle, listName } = await smallReview(request);
      await signInFast(page, DEMO.admin);

      // The case's documents tab leads to the review preset to the case.
      await page.goto(casePagePath(caseId, 'documents'));
      await page.getByRole('link', { name: 'Review with a concept list' }).click();
      await expect(page).toHaveURL(new RegExp(`/case-redirect/queries/${caseId}$`));
      const form = page.getByRole('region', { name: 'What to review' });
      await expect(form.getByRole('button', { name: caseTitle })).toBeVisible();
      await page.getByRole('button', { name: 'Run review' }).click();
      await expectToastComesAndGoes(page, 'Please select a concept list');
      await runReview(page, listName);

      // Multiple mode: case, client, parties, document, concept and count per document and head.
      const notice = resultRow(page, 'alpha-notice.txt', 'NOTICE');
      await expect(notice).toContainText(caseTitle);
      await expect(notice.getByRole('button', { name: '3 hits of NOTICE in alpha-notice.txt' })).toBeVisible();
      await expect(
        resultRow(page, 'beta-warranty.txt', 'WARRANTY').getByRole('button', { name: /^2 hits of WARRANTY/ }),
      ).toBeVisible();
      await expectAccessible(page);
      await notice.getByRole('button', { name: /^Parties of alpha-notice.txt/ }).click();
      const parties = page.getByRole('dialog', { name: 'Parties List' });
      await expect(parties).toContainText('No Party is assigned to the selected document.');
      await parties.getByRole('button', { name: 'Close' }).click();
      await notice.getByRole('button', { name: 'Description of NOTICE' }).click();
      await expect(page.getByRole('dialog', { name: 'NOTICE' })).toContainText('notice clauses');
      await page.getByRole('dialog', { name: 'NOTICE' }).getByRole('button', { name: 'Close' }).click();

      // Keyword in Context: one row per hit, 5 words either side by default.
      await notice.getByRole('button', { name: '3 hits of NOTICE in alpha-notice.txt' }).click();
      const kwic = contextDialog(page);
      await expect(kwic.getByRole('combobox', { name: 'Context' })).toHaveText('5 words');
      const rows = kwic.getByRole('table', { name: 'Keyword in Context' }).getByRole('row');
      await expect(rows).toHaveCount(4);
      await expect(rows.nth(1)).toContainText('The Supplier gives');
      await expectAccessible(page);
      await rows.nth(1).getByRole('button', { name: 'Copy text' }).click();
      await expect(page.getByText('Text copied successfully', { exact: true })).toBeVisible();
      await rows.nth(1).getByRole('button', { name: 'Copy to search' }).click();
      await expect(page.getByText('Text to search copied successfully', { exact: true })).toBeVisible();
      await chooseHorizon(page, 10);
      await expect(rows.nth(1)).toContainText('delivery. Notice must be in writing. Any');

      // View opens the viewer at that hit: the second whole-word "notice" is the current one.
      const [viewer] = await Promise.all([
        page.waitForEvent('popup'),
        rows.nth(2).getByRole('link', { name: 'View hit 2 of notice in the document' }).click(),
      ]);
      await expect(viewer).toHaveURL(/\/view-document\/editor\/\d+\?search=notice&hit=2$/);
      await expect(viewer.getByTestId('find-status')).toHaveText('2 of 3');
      await viewer.close();

      // A like with a comment lands in the head's response log.
      await rows.nth(1).getByRole('button', { name: 'Like hit 1 of notice', exact: true }).click();
      const like = page.getByRole('dialog', { name: 'Like this hit' });
      await like.getByRole('textbox', { name: 'Comment' }).fill('A real notice clause.');
      await like.getByRole('button', { name: 'Send' }).click();
      await expect(like).toBeHidden();
      await kwic.getByRole('button', { name: 'Close' }).click();

      await page.getByRole('button', { name: 'Save search' }).click();
      await expect(page.getByText('Search saved successfully', { exact: true })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Open the saved search' })).toBeVisible();

      // /save-search: the search box finds it; the Advance search refuses empty fields.
      await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Saved Searches' }).click();
      await expect(page.getByRole('heading', { name: 'Saved Searches', level: 1 })).toBeVisible();
      await page.getByRole('button', { name: 'Advance' }).click();
      await page.getByRole('region', { name: 'Advanced search' }).getByRole('button', { name: 'Search' }).click();
      await expectToastComesAndGoes(page, 'Search fields cannot be empty');
      await page.getByRole('searchbox', { name: 'Search saved searches' }).fill(listName);
      const saved = page.getByRole('table', { name: 'Saved searches' }).getByRole('row').filter({ hasText: listName });
      await expect(saved).toHaveCount(1);
      await expect(saved).toContainText(caseTitle);
      await expect(saved.getByRole('button', { name: '2 documents' })).toBeVisible();
      await saved.getByRole('button', { name: '2 documents' }).click();
      const docs = page.getByRole('dialog', { name: 'Documents' });
      await expect(docs).toContainText('alpha-notice.txt');
      await expect(docs).toContainText('beta-warranty.txt');
      await docs.getByRole('button', { name: 'Close' }).click();
      await expectAccessible(page);

      // The view: breadcrumb, read-only inputs, the saved figures and their context.
      await saved.getByRole('link', { name: `View ${listName}` }).click();
      await expect(page).toHaveURL(/\/save-search\/view\/\d+$/);
      const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
      await expect(crumbs).toContainText('Saved Searches');
      await expect(crumbs).toContainText('Document Search');
      await expect(crumbs).toContainText('Document Count');
      await expect(page.getByRole('textbox', { name: 'Concept list' })).toHaveValue(listName);
      await expect(page.getByRole('textbox', { name: 'Concept list' })).toHaveAttribute('readonly', '');
      await resultRow(page, 'alpha-notice.txt', 'NOTICE')
        .getByRole('button', { name: '3 hits of NOTICE in alpha-notice.txt' })
        .click();
      await expect(contextDialog(page).getByRole('combobox', { name: 'Context' })).toHaveText('10 words');
      await expect(contextDialog(page).getByRole('table', { name: 'Keyword in Context' }).getByRole('row')).toHaveCount(
        4,
      );
      await contextDialog(page).getByRole('button', { name: 'Close' }).click();
      await resultRow(page, 'alpha-notice.txt', 'NOTICE').getByRole('button', { name: 'NOTICE', exact: true }).click();
      await expect(page.getByRole('dialog', { name: 'View Term: NOTICE' })).toContainText('notice');
      await page.getByRole('dialog', { name: 'View Term: NOTICE' }).getByRole('button', { name: 'Close' }).click();
      await expectAccessible(page);

      await crumbs.getByRole('link', { name: 'Saved Searches' }).click();
      await page.getByRole('searchbox', { name: 'Search saved searches' }).fill(listName);
      await saved.getByRole('button', { name: `Delete ${listName}` }).click();
      await page.getByRole('dialog', { name: 'Confirm delete' }).getByRole('button', { name: 'Delete' }).click();
      await expectToastComesAndGoes(page, 'Saved search deleted successfully');
      await expect(saved).toHaveCount(0);
    },
  );

  test('an admin reviews one document: concept, term and count, and the saved view names the document', async ({
    page,
    request,
  }) => {
    const { caseTitle, listName } = await smallReview(request);
    await signInFast(page, DEMO.admin);
    await openReview(page);
    await page.getByRole('button', { name: 'Single documents' }).click();
    await pick(page, 'Case', caseTitle);
    // The list stays open between picks (issue 31 item 8): two documents in a row, then the second taken back.
    const documents = page.getByRole('combobox', { name: 'Documents' });
    await documents.click();
    const options = page.getByRole('listbox');
    await options.getByRole('option', { name: 'beta-warranty.txt', exact: true }).click();
    await options.getByRole('option', { name: 'alpha-notice.txt', exact: true }).click();
    await expect(page.getByRole('button', { name: 'alpha-notice.txt' })).toBeVisible();
    await documents.press('Backspace');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'alpha-notice.txt' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'beta-warranty.txt' })).toBeVisible();
    await runReview(page, listName);
    const table = page.getByRole('table', { name: 'Concept counts' });
    const warranty = table.getByRole('row').filter({ has: page.getByRole('button', { name: '2 hits of warranty' }) });
    await expect(warranty).toContainText('WARRANTY');
    await warranty.getByRole('button', { name: 'Amendments of WARRANTY' }).click();
    await expect(page.getByRole('dialog', { name: 'Amendments: WARRANTY' })).toContainText(
      'This concept has no amendments.',
    );
    await page.getByRole('dialog', { name: 'Amendments: WARRANTY' }).getByRole('button', { name: 'Close' }).click();
    await warranty.getByRole('button', { name: '2 hits of warranty' }).click();
    await expect(contextDialog(page).getByRole('table', { name: 'Keyword in Context' }).getByRole('row')).toHaveCount(
      3,
    );
    await contextDialog(page).getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Save search' }).click();
    await page.getByRole('link', { name: 'Open the saved search' }).click();
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs).toContainText('beta-warranty.txt');
    await expect(page.getByRole('table', { name: 'Concept counts' })).toContainText('warranty');
  });

  test('the screens at 1280 and 600 px, light and dark, are readable and accessible', async ({ page, request }) => {
    test.setTimeout(180_000);
    const { access, caseId, listName } = await smallReview(request);
    const savedId = await apiSavedReview(request, access, caseId, listName);

    // One sign-in; the theme follows the emulated system setting and the width the viewport.
    await signInFast(page, DEMO.admin);
    for (const { width, theme } of SCREEN_PASSES) {
      await page.emulateMedia({ colorScheme: theme });
      await page.setViewportSize({ width, height: 900 });
      const shot = (name: string) => screenshot(page, `${name}-${width}-${theme}`);
      await page.goto(`/case-redirect/queries/${caseId}`);
      await expect(
        page.getByRole('region', { name: 'What to review' }).getByRole('button', { name: /Supply review/ }),
      ).toBeVisible();
      await runReview(page, listName);
      await expectAccessible(page);
      await expectFitsWidth(page);
      await shot('queries');
      await resultRow(page, 'alpha-notice.txt', 'NOTICE')
        .getByRole('button', { name: /^3 hits of NOTICE/ })
        .click();
      await expect(contextDialog(page).getByRole('table', { name: 'Keyword in Context' }).getByRole('row')).toHaveCount(
        4,
      );
      await expectAccessible(page);
      await shot('kwic');
      await page.goto('/save-search');
      await expect(page.getByRole('table', { name: 'Saved searches' }).getByRole('row').nth(1)).toBeVisible();
      await page.getByRole('button', { name: 'Advance' }).click();
      await expectAccessible(page);
      await expectFitsWidth(page);
      await shot('save-search');
      await page.goto(`/save-search/view/${savedId}`);
      await expect(page.getByRole('region', { name: 'Results' })).toBeVisible();
      await expectAccessible(page);
      await expectFitsWidth(page);
      await shot('save-search-view');
    }
  });

  test('a saved search says its case has new documents, and runs again beside the saved figures', async ({
    page,
    request,
  }) => {
    const { access, caseId, listName } = await smallReview(request);
    const savedId = await apiSavedReview(request, access, caseId, listName);
    // A third document reaches the case after the search was saved.
    const later = textFile('gamma-notice.txt', 'Notice of termination is given by notice in writing.');
    await apiAddFiles(request, access, caseId, [later], { before: 2 });

    await signInFast(page, DEMO.admin);
    await page.goto(`/save-search/view/${savedId}`);
    const warning = page.getByRole('alert').filter({ hasText: RM.staleDocumentsAdded });
    await expect(warning).toBeVisible();
    const saved = page.getByRole('region', { name: 'Saved figures' });
    await expect(saved.getByRole('button', { name: '3 hits of NOTICE in alpha-notice.txt' })).toBeVisible();
    await expect(saved.getByText('gamma-notice.txt')).toHaveCount(0);

    await warning.getByRole('button', { name: 'Run again' }).click();
    const now = page.getByRole('region', { name: 'Figures now' });
    await expect(now.getByRole('button', { name: '2 hits of NOTICE in gamma-notice.txt' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(now.getByRole('button', { name: '3 hits of NOTICE in alpha-notice.txt' })).toBeVisible();
    // The saved figures stay as they were saved.
    await expect(saved.getByText('gamma-notice.txt')).toHaveCount(0);
  });

  test('300 real contracts: a five-head review, context at horizon 10, a like and a dislike, the .xlsx, saved, found with Advance, reopened and deleted', async ({
    page,
    request,
  }) => {
    requireSharedData();
    test.setTimeout(420_000);
    const { access } = await apiLogin(request, DEMO.admin);
    const caseTitle = uniqueName('Construction contracts');
    const files = contractFiles('construction', 300).map(fileFromDisk);
    await apiCaseWithFiles(request, access, caseTitle, files, { timeout: 240_000 });
    const listName = uniqueName('Construction review');
    const { headIds } = await apiReviewList(request, access, listName, [
      { head: 'PAYMENT', terms: ['payment', 'invoice'] },
      { head: 'INSURANCE', terms: ['insurance'] },
      { head: 'TERMINATION', terms: ['termination', 'terminate'] },
      { head: 'INDEMNITY', terms: ['indemnify', 'indemnification'] },
      { head: 'GOVERNING LAW', terms: ['jurisdiction'], phrases: ['governing law'] },
    ]);

    await signInFast(page, DEMO.admin);
    await openReview(page);
    await pick(page, 'Cases', caseTitle);
    await runReview(page, listName);
    await expect(page.getByTestId('review-summary')).toContainText('300 documents');

    // The first PAYMENT count: its hits in context, 10 words either side.
    const table = page.getByRole('table', { name: 'Document concept counts' });
    await table
      .getByRole('button', { name: /^\d+ hits? of PAYMENT in / })
      .first()
      .click();
    const kwic = contextDialog(page);
    await chooseHorizon(page, 10);
    await expect(kwic.getByRole('combobox', { name: 'Context' })).toHaveText('10 words');
    const rows = kwic.getByRole('table', { name: 'Keyword in Context' }).getByRole('row');
    await expect(rows.nth(1)).toBeVisible();
    expect(await rows.count()).toBeGreaterThanOrEqual(2);

    await rows
      .nth(1)
      .getByRole('button', { name: /^Like hit / })
      .click();
    await page
      .getByRole('dialog', { name: 'Like this hit' })
      .getByRole('textbox', { name: 'Comment' })
      .fill('Right clause.');
    await page.getByRole('dialog', { name: 'Like this hit' }).getByRole('button', { name: 'Send' }).click();
    await expect(page.getByRole('dialog', { name: 'Like this hit' })).toBeHidden();
    const dislikeRow = (await rows.count()) > 2 ? rows.nth(2) : rows.nth(1);
    await dislikeRow.getByRole('button', { name: /^Dislike hit / }).click();
    await page
      .getByRole('dialog', { name: 'Dislike this hit' })
      .getByRole('textbox', { name: 'Comment' })
      .fill('Not a payment term.');
    await page.getByRole('dialog', { name: 'Dislike this hit' }).getByRole('button', { name: 'Send' }).click();
    await expect(page.getByRole('dialog', { name: 'Dislike this hit' })).toBeHidden();
    await kwic.getByRole('button', { name: 'Close' }).click();

    // Export: more than 35 documents says the download is coming; the .xlsx holds the figures.
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      page.getByRole('button', { name: 'Export .xlsx' }).click(),
    ]);
    await expect(page.getByText('Please wait, the download will begin shortly', { exact: true })).toBeVisible();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual([...REVIEW_EXPORT_COLUMNS]);
    expect(sheet.rowCount).toBeGreaterThan(1);
    const concepts = new Set<string>();
    sheet.eachRow((row, n) => {
      if (n > 1) concepts.add(String(row.getCell(5).value));
    });
    expect(concepts.has('PAYMENT')).toBe(true);

    await page.getByRole('button', { name: 'Save search' }).click();
    await expect(page.getByText('Search saved successfully', { exact: true })).toBeVisible();

    // Both votes are in the PAYMENT head's response log.
    await page.goto(`/concept-repo-create?conceptID=${headIds[0]}`);
    const log = page.getByRole('region', { name: 'Response Log' });
    await expect(log).toContainText('Total likes: 1');
    await expect(log).toContainText('Total dislikes: 1');
    await expect(log).toContainText('Right clause.');
    await expect(log).toContainText('Not a payment term.');

    // Found with the Advance search by its concept list, reopened, then deleted.
    await page.goto('/save-search');
    await page.getByRole('button', { name: 'Advance' }).click();
    const advanced = page.getByRole('region', { name: 'Advanced search' });
    await advanced.getByRole('combobox', { name: 'Concept list name' }).fill(listName);
    await advanced.getByRole('combobox', { name: 'Case name' }).fill(caseTitle);
    await advanced.getByRole('button', { name: 'Search' }).click();
    const saved = page.getByRole('table', { name: 'Saved searches' }).getByRole('row').filter({ hasText: listName });
    await expect(saved).toHaveCount(1);
    await expect(saved.getByRole('button', { name: '300 documents' })).toBeVisible();
    await saved.getByRole('link', { name: `View ${listName}` }).click();
    await expect(page.getByRole('textbox', { name: 'Concept list' })).toHaveValue(listName);
    await expect(page.getByTestId('review-summary')).toContainText('300 documents');
    await page.goBack();
    await page.getByRole('searchbox', { name: 'Search saved searches' }).fill(listName);
    await saved.getByRole('button', { name: `Delete ${listName}` }).click();
    await page.getByRole('dialog', { name: 'Confirm delete' }).getByRole('button', { name: 'Delete' }).click();
    await expectToastComesAndGoes(page, 'Saved search deleted successfully');
    await expect(saved).toHaveCount(0);
  });
});
