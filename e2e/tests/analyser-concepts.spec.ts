import { expect, test } from '@playwright/test';
import { apiLogin, bearer, DEMO, uniqueName } from '../support/api.ts';
import {
  addVotes,
  apiConceptList,
  apiConceptListWith,
  draftHead,
  draftText,
  findList,
  openConcepts,
  pickAutocomplete,
} from '../support/analyser.ts';
import { chooseFromMenu, expectAccessible, expectToastComesAndGoes, signInFast } from '../support/ui.ts';

const DEMO_LIST = 'Commercial contract review';

test.describe('Concept repository (issue 12)', () => {
  // Two tests (the first was 122 s, the longest journey): the list built in the editor, then a head's parts
  // edited and the list viewed, on a list made through the API.
  test('an admin builds a five-head list, copies three demo heads and saves it', async ({ page }) => {
    const title = uniqueName('NDA review');
    const docType = uniqueName('NDA');
    await signInFast(page, DEMO.admin);
    await openConcepts(page);
    await expectAccessible(page);
    await page.getByRole('link', { name: 'New list' }).click();
    await expect(page).toHaveURL(/\/concept-repo-create$/);
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Concept List');

    // Drafting needs the title first (spec 03 §5).
    await page.getByRole('textbox', { name: 'Concept', exact: true }).fill('early');
    await page.getByRole('button', { name: 'Add to Draft' }).click();
    await expect(page.getByText('Please enter the concept list title', { exact: true })).toBeVisible();
    await page.getByRole('textbox', { name: /^Title/ }).fill(title);
    // The admin's own organisation is chosen and locked; the user is picked.
    await expect(page.getByRole('combobox', { name: 'Organisation' })).toBeDisabled();
    await pickAutocomplete(page, 'User');

    await page.getByRole('button', { name: 'Add document type' }).click();
    const typeDialog = page.getByRole('dialog', { name: 'Add Document Type' });
    await typeDialog.getByRole('textbox', { name: 'Document Type Name' }).fill(docType);
    await typeDialog.getByRole('textbox', { name: 'Document Description' }).fill('Mutual non-disclosure agreements');
    await typeDialog.getByRole('button', { name: 'Save' }).click();
    await expect(typeDialog).toBeHidden();
    await expect(page.getByRole('combobox', { name: 'Document type' })).toHaveText(docType);
    await expect(page.getByRole('textbox', { name: 'Document description' })).toHaveValue(
      'Mutual non-disclosure agreements',
    );

    const heads = ['Confidential information', 'Permitted disclosure', 'Return of materials', 'Term', 'Remedies'];
    for (const [index, head] of heads.entries()) {
      await draftHead(page, {
        head: `  ${head.toLowerCase()} `,
        definition: [{ text: `What counts as ` }, { text: head, bold: true }],
        terms: `word${index}   other${index}`,
        phrases: [`phrase number ${index}`],
      });
      await expect(draftText(page)).toContainText(
        `${head.toUpperCase()}[What counts as ${head}]->word${index} | other${index} | phrase number ${index}`,
      );
      // Create clears the fields after drafting (spec 03 §4).
      await expect(page.getByRole('textbox', { name: 'Concept', exact: true })).toHaveValue('');
    }
    await draftHead(page, { head: 'term', definition: [{ text: 'again' }], terms: 'x', phrases: [] });
    await expect(page.getByText('This concept head is already drafted.', { exact: true })).toBeVisible();

    // Copy Concept: select-all ticks the page; unticking seven leaves three (and select-all off).
    await page.getByRole('button', { name: 'Copy Concept' }).click();
    const copy = page.getByRole('dialog', { name: 'Copy Concept' });
    await expect(copy.getByRole('button', { name: 'Add' })).toBeDisabled();
    await expect(copy.getByText('Please select concept heads')).toBeVisible();
    await copy.getByRole('combobox', { name: 'Concept list' }).click();
    await page.getByRole('option', { name: DEMO_LIST }).click();
    const boxes = copy.getByRole('checkbox', { name: /^Select [A-Z]/ });
    await expect(boxes).toHaveCount(10);
    await expectAccessible(page);
    await copy.getByRole('checkbox', { name: 'Select all' }).check();
    for (let i = 0; i < 10; i += 1) await expect(boxes.nth(i)).toBeChecked();
    for (let i = 3; i < 10; i += 1) await boxes.nth(i).uncheck();
    await expect(copy.getByRole('checkbox', { name: 'Select all' })).not.toBeChecked();
    await copy.getByRole('button', { name: 'Add' }).click();
    await expect(copy).toBeHidden();
    await expect(page.getByText('GOVERNING LAW (copied)')).toBeVisible();
    await expect(page.getByText('LIMITATION OF LIABILITY (copied)')).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Save' }).click();
    await expectToastComesAndGoes(page, 'Concept List added successfully');
    await expect(page).toHaveURL(/\/concept-repo$/);

    // The list opens to its eight heads; one of ours opens alone for edit.
    const row = await findList(page, title);
    await expect(row).toContainText(docType);
    await row.getByText(title).click();
    const headTable = page.getByRole('table', { name: 'Concept heads' });
    await expect(headTable.getByRole('row')).toHaveCount(9);
    await headTable.getByRole('row').filter({ hasText: 'PERMITTED DISCLOSURE' }).click();
    await expect(page).toHaveURL(/conceptID=\d+/);
    await expect(page.getByRole('textbox', { name: /^Title/ })).toBeDisabled();
    await expect(page.getByRole('textbox', { name: 'Concept', exact: true })).toHaveValue('PERMITTED DISCLOSURE');
  });

  test('an admin adds parts to one head of a list, edits the head alone and views the list', async ({
    page,
    request,
  }) => {
    const { access } = await apiLogin(request, DEMO.admin);
    const title = uniqueName('NDA review');
    await apiConceptListWith(request, access, title, [
      {
        head: 'PERMITTED DISCLOSURE',
        definition: '<p>What counts as <strong>Permitted disclosure</strong></p>',
        terms: 'word1 | other1',
        phrases: 'phrase number 1',
      },
      { head: 'GOVERNING LAW', definition: '<p>The law of the contract</p>', terms: 'law', phrases: '' },
    ]);
    await signInFast(page, DEMO.admin);
    await openConcepts(page);
    const row = await findList(page, title);
    await row.getByText(title).click();
    const headTable = page.getByRole('table', { name: 'Concept heads' });
    await expect(headTable.getByRole('row')).toHaveCount(3);
    await headTable.getByRole('row').filter({ hasText: 'PERMITTED DISCLOSURE' }).click();
    await expect(page).toHaveURL(/conceptID=\d+/);
    await expect(page.getByRole('textbox', { name: /^Title/ })).toBeDisabled();
    await expect(page.getByRole('textbox', { name: 'Concept', exact: true })).toHaveValue('PERMITTED DISCLOSURE');

    const clauses = page.getByRole('region', { name: 'Clause Library' });
    await clauses.getByRole('textbox', { name: 'Clause' }).fill('The Recipient may disclose to its advisers.');
    await clauses.getByRole('button', { name: 'Add' }).click();
    await expectToastComesAndGoes(page, 'Clause saved successfully');
    await expect(clauses).toContainText('The Recipient may disclose to its advisers.');

    const scope = page.getByRole('region', { name: 'Out of Scope' });
    await scope.getByRole('button', { name: 'Add out of scope item' }).click();
    await expect(page.getByText('Please enter description', { exact: true })).toBeVisible();
    await scope.getByRole('textbox', { name: 'Out of scope description' }).fill('Disclosures required by law');
    for (const example of ['A court order', 'A regulator request']) {
      await scope.getByRole('textbox', { name: 'Example' }).fill(example);
      await scope.getByRole('button', { name: 'Add example' }).click();
    }
    await scope.getByRole('button', { name: 'Add out of scope item' }).click();
    await expectToastComesAndGoes(page, 'Out of scope item saved successfully');
    await expect(scope.getByRole('listitem')).toHaveText(['A court order', 'A regulator request']);

    const rules = page.getByRole('region', { name: 'Rules' });
    await rules.getByRole('textbox', { name: 'Rule description' }).fill('Disclosure only on a need-to-know basis');
    for (const suggestion of ['Add: "on a need-to-know basis"', 'Limit to named advisers']) {
      await rules.getByRole('textbox', { name: 'Suggestion' }).fill(suggestion);
      await rules.getByRole('button', { name: 'Add suggestion' }).click();
    }
    await rules.getByRole('button', { name: 'Add rule' }).click();
    await expectToastComesAndGoes(page, 'Rule saved successfully');
    await expect(rules.getByRole('listitem')).toHaveCount(2);
    // Editing turns the button to Update.
    await rules.getByRole('button', { name: 'Edit rule 1' }).click();
    await expect(rules.getByRole('button', { name: 'Update rule' })).toBeVisible();
    await rules.getByRole('button', { name: 'Cancel' }).click();
    // Amendments (spec 03 §2.3): the type defaults to Text; an admin applies to this concept only.
    await rules.getByRole('button', { name: 'Amendments' }).click();
    const amendments = page.getByRole('dialog', { name: 'Amendments' });
    await expect(amendments.getByRole('combobox', { name: 'Amendment type' })).toHaveText('Text');
    await amendments.getByRole('textbox', { name: 'Amendment' }).fill('Add advisers bound by confidentiality.');
    await amendments.getByRole('button', { name: 'Add' }).click();
    await expectToastComesAndGoes(page, 'Amendment added successfully');
    await expect(amendments.getByRole('region', { name: 'Linked amendments' })).toContainText(
      'Add advisers bound by confidentiality.',
    );
    await expect(amendments.getByRole('region', { name: 'Rules' })).toContainText('Limit to named advisers');
    await expectAccessible(page);
    await amendments.getByRole('button', { name: 'Close' }).click();
    await expect(amendments).toBeHidden();
    await expect(page.getByRole('region', { name: 'Response Log' })).toContainText('Total likes: 0');
    await expectAccessible(page);

    // The head edited alone: new terms, saved, back on the repository.
    await page
      .getByRole('region', { name: 'Concept head' })
      .getByRole('textbox', { name: 'Terms' })
      .fill('advisers auditors');
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await expectToastComesAndGoes(page, 'Concept head updated successfully');
    await expect(page).toHaveURL(/\/concept-repo$/);

    // Read-only view: nothing to edit, the versions listed.
    const again = await findList(page, title);
    await again.getByRole('button', { name: `Actions for ${title}` }).click();
    await page.getByRole('menuitem', { name: 'View' }).click();
    await expect(page).toHaveURL(/isView=true/);
    await expect(page.getByRole('textbox', { name: /^Title/ })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
    await expect(draftText(page)).toContainText(
      'PERMITTED DISCLOSURE[What counts as Permitted disclosure]->advisers | auditors',
    );
    await expect(draftText(page)).toContainText('GOVERNING LAW[');
    await expect(page.getByRole('region', { name: 'Versions' })).toContainText('Version 1');
    await expectAccessible(page);
  });

  test('a super user assigns a list to all and an admin of Other Firm sees it', async ({ page, browser }) => {
    const title = uniqueName('Shared checklist');
    await signInFast(page, DEMO.super);
    await openConcepts(page);
    await page.getByRole('link', { name: 'New list' }).click();
    // Nothing chosen: the organisation is asked for first (spec 03 §5).
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Please select organization from dropdown', { exact: true })).toBeVisible();
    await page.getByRole('textbox', { name: /^Title/ }).fill(title);
    await page.getByRole('checkbox', { name: /Assign to all/ }).check();
    // Assign-to-all picks the super user's own organisation and user.
    await expect(page.getByRole('button', { name: 'Demo Law LLP' })).toBeVisible();
    await draftHead(page, {
      head: 'Force majeure',
      definition: [{ text: 'Events beyond control' }],
      terms: 'flood fire',
      phrases: [],
    });
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToastComesAndGoes(page, 'Concept List added successfully');

    // The super user's list edit asks whether every associated organisation gets it (Yes) or only theirs (No).
    const row = await findList(page, title);
    await row.getByRole('button', { name: `Actions for ${title}` }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await expect(page).toHaveURL(/conceptListID=\d+/);
    await expect(draftText(page)).toContainText('FORCE MAJEURE[Events beyond control]->flood | fire');
    await draftHead(page, {
      head: 'Hardship',
      definition: [{ text: 'Changed circumstances' }],
      terms: 'hardship',
      phrases: [],
    });
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    const ask = page.getByRole('dialog', { name: 'Update concept list' });
    await expect(ask).toContainText('update all associated organisations and users');
    await ask.getByRole('button', { name: 'Yes' }).click();
    await expectToastComesAndGoes(page, 'Concept list updated successfully');
    await expect(page).toHaveURL(/\/concept-repo$/);

    const other = await browser.newPage();
    await signInFast(other, DEMO.otherAdmin);
    await openConcepts(other);
    const seen = await findList(other, title);
    await expect(seen).toContainText('All');
    await seen.getByText(title).click();
    await expect(other.getByRole('table', { name: 'Concept heads' })).toContainText('HARDSHIP');
    await other.close();
  });

  test('an admin adds, edits and deletes a document type of their organisation', async ({ page }) => {
    const name = uniqueName('Lease');
    await signInFast(page, DEMO.admin);
    await page.goto('/concept-repo-create');
    await page.getByRole('button', { name: 'Add document type' }).click();
    const add = page.getByRole('dialog', { name: 'Add Document Type' });
    await add.getByRole('textbox', { name: 'Document Type Name' }).fill(name);
    await add.getByRole('button', { name: 'Save' }).click();
    await expect(add).toBeHidden();
    await expect(page.getByRole('combobox', { name: 'Document type' })).toHaveText(name);
    await page.getByRole('button', { name: 'Edit document type' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Document Type' });
    await edit.getByRole('textbox', { name: 'Document Description' }).fill('Commercial leases');
    await edit.getByRole('button', { name: 'Update' }).click();
    await expect(edit).toBeHidden();
    await expect(page.getByRole('textbox', { name: 'Document description' })).toHaveValue('Commercial leases');
    await page.getByRole('button', { name: 'Delete document type' }).click();
    await page.getByRole('dialog', { name: 'Confirm delete' }).getByRole('button', { name: 'Delete' }).click();
    await expectToastComesAndGoes(page, 'Document type deleted successfully!');
    await expect(page.getByRole('combobox', { name: 'Document type' })).not.toHaveText(name);
  });

  test('an admin reads the response log of a head and deletes a response', async ({ page, request }) => {
    const { access } = await apiLogin(request, DEMO.admin);
    const { headId } = await apiConceptList(request, access, uniqueName('Voted list'), 'WARRANTY');
    const long = `The warranty clause was found in the schedule rather than the body. ${'More detail. '.repeat(8)}`;
    await addVotes(headId, [
      { email: DEMO.admin, term: 'alpha', thumbs_up: true, comments: long },
      { email: DEMO.admin, term: 'alpha', thumbs_up: false, comments: 'Not a warranty.' },
      { email: DEMO.admin, term: 'beta', thumbs_up: null, comments: '' },
    ]);
    await signInFast(page, DEMO.admin);
    await page.goto(`/concept-repo-create?conceptID=${headId}`);
    const log = page.getByRole('region', { name: 'Response Log' });
    await expect(log).toContainText('Total likes: 1');
    await expect(log).toContainText('Total dislikes: 1');
    await expect(log.getByRole('list', { name: 'Liked share by term' })).toContainText('alpha: 50% liked');
    await expect(log).not.toContainText('every organisation using this list');
    const rows = log.getByRole('table', { name: 'Responses' }).getByRole('row');
    await expect(rows).toHaveCount(4);
    await expect(log.getByRole('cell', { name: 'Liked', exact: true })).toHaveCount(1);
    await expect(log.getByRole('cell', { name: 'Disliked', exact: true })).toHaveCount(1);
    await expect(rows.nth(1)).toContainText(/\d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}/);
    await expect(log.getByText(`${long.slice(0, 100)}…`)).toBeVisible();
    await rows
      .filter({ hasText: 'Not a warranty.' })
      .getByRole('button', { name: /^Delete response/ })
      .click();
    await page.getByRole('dialog', { name: 'Confirm delete' }).getByRole('button', { name: 'Delete' }).click();
    await expectToastComesAndGoes(page, 'Feedback Deleted Successfully');
    await expect(log).toContainText('Total dislikes: 0');
    await expect(rows).toHaveCount(3);
  });

  test('a plain user has the description only', async ({ page }) => {
    await signInFast(page, DEMO.user);
    await openConcepts(page);
    await expect(page.getByRole('link', { name: 'New list' })).toHaveCount(0);
    const row = await findList(page, 'Demo Law supply checklist');
    await row.getByRole('button', { name: 'Actions for Demo Law supply checklist' }).click();
    await expect(page.getByRole('menuitem')).toHaveText(['Description']);
    await page.getByRole('menuitem', { name: 'Description' }).click();
    const dialog = page.getByRole('dialog', { name: /^Description/ });
    await expect(dialog.getByRole('heading').first()).toBeVisible();
    await expectAccessible(page);
  });

  test('an admin imports a list from .csv and exports it as .csv and .xlsx', async ({ page }) => {
    const title = uniqueName('Imported list');
    await signInFast(page, DEMO.admin);
    await openConcepts(page);
    await page.getByRole('button', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import concept list' });
    await dialog.getByRole('textbox', { name: 'Concept list title' }).fill(title);
    const csv = [
      'head,definition,terms,phrases',
      'ASSIGNMENT,<p>Transfer of rights</p>,assign | transfer,may not assign',
      'NOTICES,<p>How notices are given</p>,notice,in writing',
    ].join('\n');
    await dialog
      .getByLabel('Concept list file')
      .setInputFiles({ name: 'list.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await dialog.getByRole('button', { name: 'Import' }).click();
    await expect(dialog).toBeHidden();

    const row = await findList(page, title);
    await expect(row).toContainText('2');
    await row.getByRole('button', { name: `Actions for ${title}` }).click();
    const csvDownload = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'Export .csv' }).click();
    const exported = await (await csvDownload).path();
    const { readFileSync } = await import('node:fs');
    const text = readFileSync(exported, 'utf8');
    expect(text).toContain('ASSIGNMENT');
    expect(text).toContain('may not assign');

    await row.getByRole('button', { name: `Actions for ${title}` }).click();
    const xlsxDownload = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'Export .xlsx' }).click();
    const xlsx = readFileSync(await (await xlsxDownload).path());
    expect(xlsx.subarray(0, 2).toString()).toBe('PK');
  });

  test('every check of the editor shows its message', async ({ page }) => {
    const title = uniqueName('Checks list');
    await signInFast(page, DEMO.admin);
    await page.goto('/concept-repo-create');
    await page.getByRole('textbox', { name: /^Title/ }).fill(title);
    const entry = page.getByRole('region', { name: 'Concept head' });
    await entry.getByRole('button', { name: 'Add phrase' }).click();
    await expect(page.getByText('Please enter the phrase to draft', { exact: true })).toBeVisible();
    // A head without a description is allowed; its description says so.
    await draftHead(page, { head: 'Audit', definition: [], terms: 'audit inspect', phrases: [] });
    await expect(draftText(page)).toContainText('AUDIT[]->audit | inspect');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Please select user from dropdown', { exact: true })).toBeVisible();
    await pickAutocomplete(page, 'User');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToastComesAndGoes(page, 'Concept List added successfully');
    const row = await findList(page, title);
    const description = page.getByRole('dialog', { name: /^Description/ });
    await chooseFromMenu(page, row.getByRole('button', { name: `Actions for ${title}` }), 'Description', description);
    await expect(description.getByRole('region', { name: 'AUDIT' })).toContainText('Concept definition is not present');
    await description.getByRole('button', { name: 'Close' }).click();

    // The head's parts refuse empty entries.
    await row.getByText(title).click();
    await page.getByRole('table', { name: 'Concept heads' }).getByRole('row').filter({ hasText: 'AUDIT' }).click();
    await expect(page).toHaveURL(/conceptID=\d+/);
    await page.getByRole('region', { name: 'Clause Library' }).getByRole('button', { name: 'Add' }).click();
    await expect(page.getByText('Please enter valid clause.', { exact: true })).toBeVisible();
    await page.getByRole('region', { name: 'Out of Scope' }).getByRole('button', { name: 'Add example' }).click();
    await expect(page.getByText('Please enter valid example', { exact: true })).toBeVisible();
    const rules = page.getByRole('region', { name: 'Rules' });
    await rules.getByRole('button', { name: 'Add suggestion' }).click();
    await expect(page.getByText('Please add valid suggestion.', { exact: true })).toBeVisible();
    await rules.getByRole('button', { name: 'Amendments' }).click();
    const amendments = page.getByRole('dialog', { name: 'Amendments' });
    await amendments.getByRole('combobox', { name: 'Amendment type' }).click();
    await page.getByRole('option', { name: 'None' }).click();
    await amendments.getByRole('textbox', { name: 'Amendment' }).fill('Audit once a year.');
    await amendments.getByRole('button', { name: 'Add' }).click();
    await expect(amendments.getByText('Amendment type is mandatory', { exact: true })).toBeVisible();
    await expect(amendments.getByRole('region', { name: 'Linked amendments' })).not.toContainText('Audit once a year.');
  });

  test("the super user's counts on a list it curates say they cover every organisation", async ({ page, request }) => {
    const { access } = await apiLogin(request, DEMO.super);
    const { headId } = await apiConceptList(request, access, uniqueName('Curated voted list'), 'INDEMNITY');
    await addVotes(headId, [{ email: DEMO.admin, term: 'alpha', thumbs_up: true, comments: 'Found it.' }]);
    await signInFast(page, DEMO.super);
    await page.goto(`/concept-repo-create?conceptID=${headId}`);
    const log = page.getByRole('region', { name: 'Response Log' });
    await expect(log).toContainText('Total likes: 1');
    await expect(log).toContainText('The counts cover every organisation using this list, anonymously.');
  });

  test("the super user's amendment asks Yes, No or Cancel", async ({ page, request }) => {
    const { access } = await apiLogin(request, DEMO.super);
    const head = uniqueName('Escrow').toUpperCase();
    const first = await apiConceptList(request, access, uniqueName('Escrow list A'), head);
    const second = await apiConceptList(request, access, uniqueName('Escrow list B'), head);
    const amendmentsOf = async (headId: number) => {
      const res = await request.get(`/api/concept/amendments/${headId}/`, { headers: bearer(access) });
      expect(res.status()).toBe(200);
      return ((await res.json()) as { data: { amendment: string }[] }).data.map((a) => a.amendment);
    };
    await signInFast(page, DEMO.super);
    await page.goto(`/concept-repo-create?conceptID=${first.headId}`);
    await page.getByRole('region', { name: 'Rules' }).getByRole('button', { name: 'Amendments' }).click();
    const dialog = page.getByRole('dialog', { name: 'Amendments' });
    const linked = dialog.getByRole('region', { name: 'Linked amendments' });
    const ask = page.getByRole('dialog', { name: 'Apply to the whole repository?' });
    const add = async (text: string, answer: 'Yes' | 'No' | 'Cancel') => {
      await dialog.getByRole('textbox', { name: 'Amendment' }).fill(text);
      await dialog.getByRole('button', { name: 'Add' }).click();
      await ask.getByRole('button', { name: answer }).click();
      await expect(ask).toBeHidden();
    };
    // Cancel saves nothing; No adds to this head only; Yes to every head of that name in every list.
    await add('Escrow agent named in schedule.', 'Cancel');
    await expect(dialog.getByRole('textbox', { name: 'Amendment' })).toHaveValue('Escrow agent named in schedule.');
    await expect(linked).not.toContainText('Escrow agent named in schedule.');
    await add('Escrow agent named in schedule.', 'No');
    await expectToastComesAndGoes(page, 'Amendment added successfully');
    await expect(linked).toContainText('Escrow agent named in schedule.');
    await add('Release only on joint instruction.', 'Yes');
    await expectToastComesAndGoes(page, 'Amendment added successfully');
    await expect(linked).toContainText('Release only on joint instruction.');
    expect(await amendmentsOf(second.headId)).toEqual(['Release only on joint instruction.']);
    expect(await amendmentsOf(first.headId)).toHaveLength(2);
  });
});
