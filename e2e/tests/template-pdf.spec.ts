import { templateMessages as M } from '@lexdesk/contract';
import { expect, test, type Download, type Page } from '@playwright/test';
import { DEMO } from '../support/api.ts';
import { pdfText } from '../support/invoices.ts';
import { apiTemplateSetUp, executionQuestion } from '../support/templates.ts';
import { expectAccessible, expectToastComesAndGoes, signInFast } from '../support/ui.ts';

/** The downloaded PDF's text on one line (pdftotext keeps the layout, which may wrap a sentence). */
async function pdfLine(download: Download): Promise<string> {
  return (await pdfText(download)).replace(/\s+/g, ' ');
}

/** Clicks what starts a download and waits for the PDF, the percentage dialog and 'Download successfully'. */
async function downloadPdf(page: Page, start: () => Promise<void>): Promise<Download> {
  const downloaded = page.waitForEvent('download');
  await start();
  const file = await downloaded;
  await expect(page.getByRole('dialog', { name: 'Downloading...' })).toBeHidden();
  // Gone before the next download, so each download's toast is its own.
  await expectToastComesAndGoes(page, M.downloaded);
  return file;
}

test.describe('generated documents as PDF', () => {
  test('a user executes a template and downloads the document as PDF after Submit, from the history list and the preview', async ({
    page,
    request,
  }) => {
    test.setTimeout(150_000);
    const { prefix, name, template } = await apiTemplateSetUp(request, 'Guarantee PDF');
    const client = `Acme Pdf ${prefix}`;

    await signInFast(page, DEMO.user);
    await page.goto(`/document-template/user-execute/${template.id}`);
    await executionQuestion(page, 'What is the client name?').getByRole('textbox').fill(client);
    await executionQuestion(page, 'Is there a guarantor?').getByLabel('No').check();
    await executionQuestion(page, 'Which law governs?').getByRole('radio', { name: 'England' }).check();
    await page.getByRole('button', { name: 'Submit' }).click();
    const submit = page.getByRole('dialog', { name: 'Export, View or Download File' });
    await expect(submit.getByRole('button', { name: 'Download', exact: true })).toBeVisible();
    await expectAccessible(page);

    // After Submit: the PDF, named like the .docx, holding the answers where the tags were.
    const afterSubmit = await downloadPdf(page, () => submit.getByRole('button', { name: 'Download as PDF' }).click());
    expect(afterSubmit.suggestedFilename()).toBe(`${name}.pdf`);
    const text = await pdfLine(afterSubmit);
    expect(text).toContain(`This agreement is made with ${client}.`);
    expect(text).toContain('No guarantee is given.');
    expect(text).toContain('It is governed by the laws of England.');
    expect(text).not.toContain('{{');
    await submit.getByRole('button', { name: 'Cancel' }).click();

    // The template's history: the row's menu offers the PDF next to the .docx.
    await page.goto(`/document-template/template-history/${template.id}`);
    await expect(page.getByRole('heading', { name: `History: ${name}` })).toBeVisible();
    const actions = page.getByRole('button', { name: `Actions for ${name}.docx` }).first();
    await actions.click();
    await expect(page.getByRole('menuitem', { name: 'Download', exact: true })).toBeVisible();
    const fromHistory = await downloadPdf(page, () => page.getByRole('menuitem', { name: 'Download as PDF' }).click());
    expect(fromHistory.suggestedFilename()).toBe(`${name}.pdf`);
    expect(await pdfLine(fromHistory)).toContain(`This agreement is made with ${client}.`);

    // The history preview: the recorded document behind 'Export, View or Download'.
    await actions.click();
    await page.getByRole('menuitem', { name: 'Open' }).click();
    await expect(page.getByText(`History preview: ${name}.docx`)).toBeVisible();
    await page.getByRole('button', { name: 'Export, View or Download' }).click();
    const preview = page.getByRole('dialog', { name: 'Export, View or Download File' });
    const fromPreview = await downloadPdf(page, () => preview.getByRole('button', { name: 'Download as PDF' }).click());
    expect(await pdfLine(fromPreview)).toContain(`This agreement is made with ${client}.`);
  });
});
