import { expect, test, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { apiLogin, createDemoAdmin } from '../support/api.ts';
import { apiCreateCase, apiUpload, casePagePath, contractFiles, uniqueTitle, waitIndexed } from '../support/cases.ts';
import { soffice } from '../support/office.ts';
import { SCREENS_WANTED } from '../support/screens.ts';
import { expectAccessible, signIn } from '../support/ui.ts';

const DEMO_LIST = 'Commercial contract review';

/** Words only: the comparison of texts that went through Word's paragraphs and LibreOffice's export. */
const words = (text: string) =>
  text
    .replace(/\uFEFF/g, '')
    .split(/\s+/)
    .filter(Boolean)
    .join(' ');

/**
 * The text of a flat ODF document as LibreOffice holds it after Accept All. LibreOffice 7 keeps a deletion's
 * text in the body between <text:change-start/> and <text:change-end/> of a deletion region (older files keep
 * it inside <text:tracked-changes>): both are dropped, insertions stay. A deletion that spans a paragraph end
 * joins the two paragraphs, as accepting it does.
 */
function acceptedText(fodt: string): string {
  const deletions = [...fodt.matchAll(/<text:changed-region[^>]*\stext:id="([^"]+)"[^>]*>\s*<text:deletion>/g)].map(
    (match) => match[1] ?? '',
  );
  let body = fodt
    .slice(fodt.indexOf('<office:text'), fodt.indexOf('</office:text>'))
    .replace(/<text:tracked-changes[^>]*>[\s\S]*?<\/text:tracked-changes>/g, '');
  for (const id of deletions) {
    const start = body.indexOf(`<text:change-start text:change-id="${id}"/>`);
    const endTag = `<text:change-end text:change-id="${id}"/>`;
    const end = body.indexOf(endTag, start);
    if (start >= 0 && end >= 0) body = body.slice(0, start) + body.slice(end + endTag.length);
  }
  return body
    .replace(/<text:(s|tab|line-break)[^>]*\/>/g, ' ')
    .replace(/<\/text:(p|h)>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

/** With E2E_SCREENS=1: the viewport with the redline's top in view (a full-page shot would stretch the columns' 70vh height). */
async function shoot(page: Page, name: string) {
  if (!SCREENS_WANTED) return;
  await page.getByText(/words inserted/).scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
  // And the columns themselves, at their first change.
  await page.getByTestId('redline-right').locator('ins').first().scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath(`${name}-redline.png`) });
}

test.describe('Document comparison (issue 13)', () => {
  test('a new admin compares two real contracts, reads the redline and concept counts, and opens the exported redline in LibreOffice', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const [first, second] = contractFiles('severance', 2) as [string, string];
    const admin = await createDemoAdmin(request);
    const { access } = await apiLogin(request, admin.email, admin.password);
    const caseDetail = await apiCreateCase(request, access, uniqueTitle('Severance comparison'));
    const upload = (file: string) =>
      apiUpload(request, access, caseDetail.id, {
        name: path.basename(file),
        mimeType: 'text/plain',
        buffer: readFileSync(file),
      });
    await upload(first);
    await upload(second);
    await waitIndexed(request, access, caseDetail.id, 2);

    // From the case's documents, "Compare" opens the comparison with that document as the first.
    await signIn(page, admin.email, admin.password);
    await page.goto(casePagePath(caseDetail.id, 'documents'));
    await page.getByRole('button', { name: `Actions for ${path.basename(first)}` }).click();
    await page.getByRole('menuitem', { name: 'Compare' }).click();
    await expect(page).toHaveURL(/\/queries\/document\/comparision\?leftCase=\d+&left=\d+$/);
    await expect(page.getByRole('heading', { name: 'Compare documents' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'First document: document' })).toHaveValue(path.basename(first));

    // The second side is empty: Compare says what is missing.
    await page.getByRole('button', { name: 'Compare', exact: true }).click();
    await expect(page.getByText('Please select a case', { exact: true })).toBeVisible();
    await page.getByRole('combobox', { name: 'Second document: case' }).fill(caseDetail.title);
    await page.getByRole('option', { name: caseDetail.title }).click();
    await page.getByRole('combobox', { name: 'Second document: document' }).click();
    // The first document is not offered again.
    await expect(page.getByRole('option')).toHaveCount(1);
    await page.getByRole('option', { name: path.basename(second) }).click();
    await page.getByRole('combobox', { name: 'Concept list (optional)' }).click();
    await page.getByRole('option', { name: DEMO_LIST }).click();
    await page.getByRole('button', { name: 'Compare', exact: true }).click();

    const left = page.getByTestId('redline-left');
    const right = page.getByTestId('redline-right');
    await expect(left).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('redline-stats')).toContainText(/words inserted/);
    // Insertions only on the right, deletions only on the left; equal text on both.
    expect(await left.locator('ins').count()).toBe(0);
    expect(await right.locator('del').count()).toBe(0);
    expect(await left.locator('del').count()).toBeGreaterThan(0);
    expect(await right.locator('ins').count()).toBeGreaterThan(0);
    // Marked by more than colour: struck through and underlined.
    expect(
      await left
        .locator('del')
        .first()
        .evaluate((el) => getComputedStyle(el).textDecorationLine),
    ).toContain('line-through');
    expect(
      await right
        .locator('ins')
        .first()
        .evaluate((el) => getComputedStyle(el).textDecorationLine),
    ).toContain('underline');
    const counts = page.getByRole('table', { name: `Concept counts: ${DEMO_LIST}` });
    await expect(counts).toBeVisible();
    expect(await counts.getByRole('row').count()).toBeGreaterThan(2);

    await expectAccessible(page);
    await shoot(page, 'comparison-light-1280');
    await page.setViewportSize({ width: 600, height: 900 });
    await shoot(page, 'comparison-light-600');
    await page.getByRole('button', { name: 'Dark mode' }).click();
    await expect(page.getByRole('button', { name: 'Dark mode' })).toHaveAttribute('aria-pressed', 'true');
    await expectAccessible(page);
    await shoot(page, 'comparison-dark-600');
    await page.setViewportSize({ width: 1280, height: 900 });
    await shoot(page, 'comparison-dark-1280');
    await page.getByRole('button', { name: 'Dark mode' }).click();

    // Export: a .docx with tracked changes that LibreOffice reads and accepts into the second document.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export .docx' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^Redline - .+ vs .+\.docx$/);
    const outDir = test.info().outputPath('export');
    const docx = path.join(outDir, 'redline.docx');
    await download.saveAs(docx);

    const fodt = readFileSync(soffice(docx, 'fodt', outDir), 'utf8');
    expect(fodt).toContain('<text:tracked-changes');
    expect((fodt.match(/<text:insertion>/g) ?? []).length).toBeGreaterThan(0);
    expect((fodt.match(/<text:deletion>/g) ?? []).length).toBeGreaterThan(0);
    expect(words(acceptedText(fodt))).toBe(words(readFileSync(second, 'utf8')));

    const pdf = soffice(docx, 'pdf', outDir);
    const pdfText = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
    // The PDF prints the redline with its changes shown (struck and underlined text side by side), so words
    // run together at the changes: the second document's long words are all there.
    expect(readFileSync(pdf).subarray(0, 5).toString()).toBe('%PDF-');
    const longWords = [...new Set(readFileSync(second, 'utf8').match(/\b[A-Za-z]{9,}\b/g) ?? [])].slice(0, 40);
    expect(longWords.length).toBeGreaterThan(10);
    for (const word of longWords) expect(pdfText).toContain(word);
  });
});
