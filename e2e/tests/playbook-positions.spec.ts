import { expect, test } from '@playwright/test';
import { apiLogin, DEMO, uniqueName } from '../support/api.ts';
import { entryRegion, apiPlaybook } from '../support/playbooks.ts';
import { apiCaseWithFiles, apiReviewList, contextDialog, openReview, pick, textFile } from '../support/review.ts';
import { signInFast } from '../support/ui.ts';

const CLAUSE = 'The supplier shall indemnify the customer against third party claims. The indemnity is capped.';

test.describe('Playbook positions in Review (issue 14)', () => {
  test("an entry linked to a concept head shows its published position beside the head's hits", async ({
    page,
    request,
  }) => {
    const { access } = await apiLogin(request, DEMO.admin);
    const caseTitle = uniqueName('Positions case');
    await apiCaseWithFiles(request, access, caseTitle, [textFile('indemnity-clause.txt', CLAUSE)]);
    const listName = uniqueName('Risk terms');
    await apiReviewList(request, access, listName, [{ head: 'INDEMNITY', terms: ['indemnity', 'indemnify'] }]);
    const playbookName = uniqueName('Supply playbook');
    const id = await apiPlaybook(request, access, playbookName, ['Indemnities']);

    // The editor links the entry to the head; Save and publish makes it what Review shows.
    await signInFast(page, DEMO.admin);
    await page.goto(`/create/playbook/${id}`);
    const entry = entryRegion(page, 1);
    const toggle = entry.getByRole('button', { name: /^(Open|Close) entry 1:/ });
    await expect(toggle).toBeVisible();
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    const linked = entry.getByRole('group', { name: 'Concept heads linked to entry 1' });
    await pick(page, 'Concept list', listName);
    await linked.getByRole('combobox', { name: 'Heads of the list' }).click();
    await page.getByRole('listbox').getByRole('option', { name: 'INDEMNITY', exact: true }).click();
    await page.keyboard.press('Escape');
    await expect(linked.getByRole('button', { name: `${listName} / INDEMNITY` })).toBeVisible();
    await page.getByRole('button', { name: 'Save and publish' }).click();
    // The editor's status chip says it (the toast says the same).
    await expect(page.locator('#main-content').getByText('Version 1 published', { exact: true })).toBeVisible();

    // Review: the head's hits in context, and under them the playbook's position.
    await openReview(page);
    await pick(page, 'Concept list', listName);
    await pick(page, 'Cases', caseTitle);
    await page.getByRole('button', { name: 'Run review' }).click();
    // One document: a count per term of the head.
    await page
      .getByRole('table', { name: 'Concept counts' })
      .getByRole('button', { name: '1 hit of indemnity' })
      .click();
    const dialog = contextDialog(page);
    await expect(dialog.getByRole('table', { name: 'Keyword in Context' }).getByRole('row')).toHaveCount(2);
    const positions = dialog.getByRole('region', { name: 'Playbook positions' });
    await expect(positions).toContainText(playbookName);
    await expect(positions).toContainText('version 1');
    await expect(positions.getByRole('region', { name: 'Indemnities' })).toContainText(
      'Our position on indemnities number 1.',
    );
    await expect(positions).toContainText('A softer indemnities');
  });
});
