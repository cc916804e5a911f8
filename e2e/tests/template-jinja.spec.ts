import { templateMessages as M } from '@lexdesk/contract';
import { expect, test, type Page } from '@playwright/test';
import { buildPrecedent } from '../../apps/server/src/modules/templates/template-fixtures.ts';
import { DEMO } from '../support/api.ts';
import { apiTemplateSetUp, docxText, executionQuestion } from '../support/templates.ts';
import { expectAccessible, signInFast } from '../support/ui.ts';

/** Submits the answers on screen and downloads the generated .docx; its text. */
async function submitAndDownload(page: Page, fileName: string): Promise<string> {
  await page.getByRole('button', { name: 'Submit' }).click();
  const submit = page.getByRole('dialog', { name: 'Export, View or Download File' });
  await submit.getByRole('button', { name: 'Download', exact: true }).click();
  const save = page.getByRole('dialog', { name: 'Assign or download document' });
  await save.getByLabel('File Name').fill(fileName);
  const download = page.waitForEvent('download');
  await save.getByRole('button', { name: 'Save' }).click();
  const text = await docxText(await download);
  await expect(page.getByText(M.downloaded)).toBeVisible();
  return text;
}

// docs/template-language.md: a template written in the docxtpl dialect (conditions, a filter, a choice compared
// by its name), executed on the screens, once with each answer.
test.describe('a template in the docxtpl dialect', () => {
  test('a conditional template answered both ways writes each branch, and nothing of the syntax', async ({
    page,
    request,
  }) => {
    test.setTimeout(150_000);
    const { prefix, template } = await apiTemplateSetUp(request, 'Jinja', (tag) =>
      buildPrecedent({
        title: 'Guarantee Letter',
        lines: [
          `Dear {{ ${tag('client')} | upper }},`,
          `{%p if ${tag('guarantee')} %}`,
          `Your guarantor, {{ ${tag('guarantor')} }}, signs below.`,
          '{%p else %}',
          'No one guarantees this agreement.',
          '{%p endif %}',
          `{% if ${tag('law')} == "Scotland" %}Scots law applies.{% else %}English law applies.{% endif %}`,
        ],
      }),
    );

    await signInFast(page, DEMO.admin);
    await page.goto(`/document-template/user-execute/${template.id}`);
    await executionQuestion(page, 'What is the client name?').getByRole('textbox').fill('Acme Ltd');
    await executionQuestion(page, 'Is there a guarantor?').getByLabel('Yes').check();
    await executionQuestion(page, 'Who is the guarantor?').getByRole('textbox').fill('Jane Doe');
    await executionQuestion(page, 'Which law governs?').getByRole('radio', { name: 'Scotland' }).check();
    await expectAccessible(page);
    const withGuarantor = await submitAndDownload(page, `Yes ${prefix}`);
    expect(withGuarantor).toContain('Dear ACME LTD,');
    expect(withGuarantor).toContain('Your guarantor, Jane Doe, signs below.');
    expect(withGuarantor).not.toContain('No one guarantees');
    expect(withGuarantor).toContain('Scots law applies.');
    expect(withGuarantor).not.toMatch(/\{\{|\{%|%\}|\}\}/);

    // The other way: a fresh execution (the draft round ended with the first document).
    await page.goto(`/document-template/user-execute/${template.id}`);
    await executionQuestion(page, 'What is the client name?').getByRole('textbox').fill('Beta LLP');
    await executionQuestion(page, 'Is there a guarantor?').getByLabel('No').check();
    await executionQuestion(page, 'Which law governs?').getByRole('radio', { name: 'England' }).check();
    const without = await submitAndDownload(page, `No ${prefix}`);
    expect(without).toContain('Dear BETA LLP,');
    expect(without).toContain('No one guarantees this agreement.');
    expect(without).not.toContain('Your guarantor');
    expect(without).toContain('English law applies.');
    expect(without).not.toMatch(/\{\{|\{%|%\}|\}\}/);
  });
});
