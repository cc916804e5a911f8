import { documentTypeMessages as D, questionnaireMessages as M } from '@lexdesk/contract';
import { expect, test, type Page, type Route } from '@playwright/test';
import { apiLogin, bearer, DEMO } from '../support/api.ts';
import { addCategory, addQuestion, branch, card, choose, fillShort, unique } from '../support/questionnaires.ts';
import { expectAccessible, expectToastComesAndGoes, signInFast } from '../support/ui.ts';

/** Clicks Submit and expects the toast `message`; waits for it to close so the next check sees a new one. */
/**
 * Submit and see `message` in a new toast. Each call of a journey expects a different message, so an earlier
 * toast still fading out (4 s) cannot stand in for this one, and the journey need not wait for it to go.
 */
async function submitExpecting(page: Page, message: string) {
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.locator('#notistack-snackbar').getByText(message, { exact: true })).toBeVisible();
}

test.describe('questionnaire builder messages', () => {
  test('category panel: confirmation, blank name, duplicate, edit and delete messages', async ({ page }) => {
    test.setTimeout(150_000);
    const name = unique('Panel');
    await signInFast(page, DEMO.admin);
    await page.goto('/document-questionaries/add/new');
    await page.getByRole('button', { name: 'Edit category' }).click();
    await expect(page.getByText(M.noCategoryChosen)).toBeVisible();
    await page.getByRole('button', { name: 'Delete category' }).click();
    await expect(page.getByText(M.noCategoryChosen).first()).toBeVisible();

    await page.getByRole('button', { name: 'Add category' }).click();
    const add = page.getByRole('dialog', { name: 'Add Category' });
    await add.getByLabel('Category Name').fill('   ');
    await add.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(M.blankCategory)).toBeVisible();
    await add.getByRole('button', { name: 'Cancel' }).click();

    await addCategory(page, name);
    // The same name again: the server's message.
    await page.getByRole('button', { name: 'Add category' }).click();
    await add.getByLabel('Category Name').fill(name.toUpperCase());
    await add.getByRole('button', { name: 'Save' }).click();
    await expect(add.getByText(M.confirmCategory)).toBeVisible();
    await expectAccessible(page);
    await add.getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByText(M.categoryExists)).toBeVisible();
    await add.getByRole('button', { name: 'No' }).click();
    await add.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: 'Edit category' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Category' });
    await expect(edit.getByLabel('Category Name')).toHaveValue(name);
    await edit.getByLabel('Category Name').fill(`${name} renamed`);
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByText(M.categoryUpdated)).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Category' })).toHaveText(`${name} renamed`);

    await page.getByRole('button', { name: 'Delete category' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm delete' });
    await expect(confirm).toContainText('Are you sure you want to delete this category ?');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(M.categoryDeleted)).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Category' })).toHaveText('');
  });

  test('validation messages before saving, the option limit and the last branch rule', async ({ page }) => {
    test.setTimeout(240_000);
    await signInFast(page, DEMO.admin);
    await page.goto('/document-questionaries/add/new');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByText(M.noCategoryForAdd)).toBeVisible();
    await addCategory(page, unique('Rules'));
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByText(M.noTypeForAdd)).toBeVisible();

    await addQuestion(page, 'Short Answer');
    await submitExpecting(page, M.blankQuestionAndTag);
    const q1 = card(page, 'Question 1');
    await q1.getByRole('textbox', { name: 'Question 1 text' }).fill('Client name?');
    await submitExpecting(page, M.blankTag);
    await q1.getByRole('textbox', { name: 'Associated tag' }).fill('client_name');
    await q1.getByRole('textbox', { name: 'Question 1 text' }).fill('');
    await submitExpecting(page, M.blankQuestion);
    await q1.getByRole('textbox', { name: 'Question 1 text' }).fill('Client name?');

    await addQuestion(page, 'Multiple Choice');
    const q2 = card(page, 'Question 2');
    await q2.getByRole('textbox', { name: 'Option 1 tag 1' }).fill('choice');
    await submitExpecting(page, M.blankQuestionAndOption);
    await q2.getByRole('textbox', { name: 'Question 2 text' }).fill('Which one?');
    await submitExpecting(page, M.blankOption);
    await q2.getByRole('textbox', { name: 'Option 1', exact: true }).fill('o'.repeat(251));
    await expect(q2.getByText(M.optionTooLong)).toBeVisible();
    await submitExpecting(page, M.optionTooLong);
    await q2.getByRole('textbox', { name: 'Option 1', exact: true }).fill('First');

    // A conditional question: a branch needs its answer, and the last branch cannot be removed.
    await q1.getByRole('checkbox', { name: 'Conditional question' }).check();
    await submitExpecting(page, M.branchWithoutSelection);
    await branch(page, 'Question 1').getByRole('button', { name: 'Remove question 1 condition 1' }).click();
    await expect(page.getByText(M.lastBranch)).toBeVisible();
    // With two branches, one can go after the confirmation.
    await q1.getByRole('button', { name: 'Add condition' }).click();
    await branch(page, 'Question 1', 2).getByRole('button', { name: 'Remove question 1 condition 2' }).click();
    const confirmBranch = page.getByRole('dialog', { name: 'Confirm delete' });
    await expect(confirmBranch).toContainText('Are you sure you want to delete this conditional question ?');
    await confirmBranch.getByRole('button', { name: 'Delete' }).click();
    await expect(branch(page, 'Question 1', 2)).toHaveCount(0);
    await expect(branch(page, 'Question 1')).toBeVisible();
    await q2.getByRole('textbox', { name: 'Option 1', exact: true }).fill('');
    await q2.getByRole('textbox', { name: 'Question 2 text' }).fill('');
    await q2.getByRole('textbox', { name: 'Option 1 tag 1' }).fill('');
    await submitExpecting(page, M.severalBlanks);
    await page.getByRole('button', { name: 'Delete question 2' }).click();
    await page.getByRole('dialog', { name: 'Confirm delete' }).getByRole('button', { name: 'Delete' }).click();
    await expect(card(page, 'Question 2')).toHaveCount(0);

    const child = await addChildOnAnswer(page);
    await fillShort(page, child, 'Since when?', 'since');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText(M.formAdded)).toBeVisible();
    await expect(page).toHaveURL(/\/document-questionaries$/);
  });

  test('updating a questionnaire whose category was deleted asks for a category', async ({ page, request }) => {
    test.setTimeout(120_000);
    const { access } = await apiLogin(request, DEMO.admin);
    const name = unique('Gone');
    const category = await (await request.post('/api/category/', { headers: bearer(access), data: { name } })).json();
    const form = await (
      await request.post('/api/questionnaire/', {
        headers: bearer(access),
        data: {
          category: category.category_id,
          form: [{ question_type: 'short', question_text: `Orphan ${name}?`, associated_tag: 'orphan' }],
        },
      })
    ).json();
    await request.delete(`/api/category/${category.category_id}/`, { headers: bearer(access) });
    await signInFast(page, DEMO.admin);
    await page.goto(`/document-questionaries/edit/${form.id}`);
    await expect(card(page, 'Question 1').getByRole('textbox', { name: 'Question 1 text' })).toHaveValue(
      `Orphan ${name}?`,
      { timeout: 30_000 }, // the builder is a lazily loaded page: allow for a slow first load
    );
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(M.noCategoryForUpdate)).toBeVisible();
    await choose(page, page, 'Category', 'Client and Matter');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(M.updated)).toBeVisible();
  });

  test('document types: add and edit with trimming and the dialog messages', async ({ page }) => {
    test.setTimeout(120_000);
    const name = unique('Lease');
    await signInFast(page, DEMO.admin);
    await page.goto('/document-questionaries');
    await page.getByRole('button', { name: 'Add Document Type' }).click();
    const add = page.getByRole('dialog', { name: 'Add Document Type' });
    await add.getByRole('button', { name: 'Save' }).click();
    await expect(add.getByText(D.nameRequired)).toBeVisible();
    await add.getByLabel('Document Type Name').fill(`  ${name}  `);
    await add.getByLabel('Document Description').fill('   ');
    await add.getByRole('button', { name: 'Save' }).click();
    await expect(add.getByText(D.invalidDescription)).toBeVisible();
    await add.getByLabel('Document Description').fill('  Leases of commercial premises ');
    await expectAccessible(page);
    await add.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(D.saved)).toBeVisible();
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText('Leases of commercial premises');

    await row.getByRole('button', { name: `Edit document type ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Document Type' });
    await expect(edit.getByLabel('Document Type Name')).toHaveValue(name);
    await edit.getByLabel('Document Type Name').fill(` ${name} v2 `);
    await edit.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText(D.updated)).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(`${name} v2`) })).toBeVisible();

    // A taken name: the server's message in the dialog.
    await page.getByRole('button', { name: 'Add Document Type' }).click();
    await add.getByLabel('Document Type Name').fill(`${name} V2`);
    await add.getByRole('button', { name: 'Save' }).click();
    await expect(add.getByText(D.nameExists)).toBeVisible();
  });
});

/** Answers one call as the server would on a failure (a 500 is a server bug or outage, DESIGN §3). */
const serverFailure = (route: Route) =>
  route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ detail: 'Boom', code: 'X' }) });

test.describe('questionnaire builder server failures', () => {
  test('a failed questionnaire save and a failed category save show Something went wrong', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const { access } = await apiLogin(request, DEMO.admin);
    const name = unique('Failing');
    const category = await (await request.post('/api/category/', { headers: bearer(access), data: { name } })).json();
    const form = await (
      await request.post('/api/questionnaire/', {
        headers: bearer(access),
        data: {
          category: category.category_id,
          form: [{ question_type: 'short', question_text: `Failing ${name}?`, associated_tag: 'failing' }],
        },
      })
    ).json();
    await signInFast(page, DEMO.admin);
    await page.route(`**/api/question/get/${form.id}/`, (route) =>
      route.request().method() === 'PUT' ? serverFailure(route) : route.fallback(),
    );
    await page.goto(`/document-questionaries/edit/${form.id}`);
    await expect(card(page, 'Question 1').getByRole('textbox', { name: 'Question 1 text' })).toHaveValue(
      `Failing ${name}?`,
      { timeout: 30_000 }, // the builder is a lazily loaded page: allow for a slow first load
    );
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToastComesAndGoes(page, M.somethingWrong);
    // Nothing moved: the user can try again on the same page.
    await expect(page).toHaveURL(new RegExp(`/document-questionaries/edit/${form.id}$`));

    await page.goto('/document-questionaries/add/new');
    await page.route('**/api/category/', (route) =>
      route.request().method() === 'POST' ? serverFailure(route) : route.fallback(),
    );
    await page.getByRole('button', { name: 'Add category' }).click();
    const add = page.getByRole('dialog', { name: 'Add Category' });
    await add.getByLabel('Category Name').fill(unique('Never saved'));
    await add.getByRole('button', { name: 'Save' }).click();
    await add.getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByText(M.somethingWrong, { exact: true })).toBeVisible();
    await expectAccessible(page);
  });

  test('document types: failed save and failed update show the spec messages', async ({ page, request }) => {
    test.setTimeout(120_000);
    const { access } = await apiLogin(request, DEMO.admin);
    const name = unique('Deed');
    const created = await request.post('/api/concept/document-type/', {
      headers: bearer(access),
      data: { type_name: name, description: 'Deeds of variation' },
    });
    expect(created.status(), await created.text()).toBe(201);
    await signInFast(page, DEMO.admin);
    await page.route('**/api/concept/document-type/', (route) =>
      route.request().method() === 'POST' ? serverFailure(route) : route.fallback(),
    );
    await page.route('**/api/concept/documents/update/*/', serverFailure);
    await page.goto('/document-questionaries');

    await page.getByRole('button', { name: 'Add Document Type' }).click();
    const add = page.getByRole('dialog', { name: 'Add Document Type' });
    await add.getByLabel('Document Type Name').fill(unique('Never saved'));
    await add.getByRole('button', { name: 'Save' }).click();
    await expect(add.getByText(D.saveFailed, { exact: true })).toBeVisible();
    await expectAccessible(page);
    await add.getByRole('button', { name: 'Cancel' }).click();
    await expect(add).toBeHidden();

    await page.getByRole('button', { name: `Edit document type ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Document Type' });
    await edit.getByLabel('Document Type Name').fill(`${name} v2`);
    await edit.getByRole('button', { name: 'Update' }).click();
    await expect(edit.getByText(D.updateFailed, { exact: true })).toBeVisible();
    // The dialog stays open with the typed values, so the user can try again.
    await expect(edit.getByLabel('Document Type Name')).toHaveValue(`${name} v2`);
  });
});

/** Question 1 (Short Answer, conditional) gets a child on 'Any answer'. */
async function addChildOnAnswer(page: Page) {
  const first = branch(page, 'Question 1');
  await choose(page, first, 'Show when the answer is', 'Any answer');
  await choose(page, first, 'Question type', 'Short Answer');
  return 'Question 1.1.1';
}
