import { questionnaireMessages as M, type QuestionView } from '@lexdesk/contract';
import { expect, test } from '@playwright/test';
import { apiLogin, bearer, DEMO } from '../support/api.ts';
import {
  addCategory,
  addChild,
  addQuestion,
  apiCategory,
  apiDepthThreeQuestionnaire,
  branch,
  card,
  choose,
  cutLabels,
  fillMultiple,
  fillShort,
  fillYesNo,
  unique,
} from '../support/questionnaires.ts';
import { screenshot } from '../support/screens.ts';
import { expectAccessible, signInFast } from '../support/ui.ts';

test.describe('questionnaire builder', () => {
  test('admin builds a questionnaire with a nested conditional of depth 3 and rich text', async ({ page, request }) => {
    test.setTimeout(300_000);
    const first = unique('Leases');
    const second = unique('Guarantees');
    await signInFast(page, DEMO.admin);
    await page.getByRole('link', { name: 'Questionnaire' }).click();
    await expect(page).toHaveURL(/\/document-questionaries$/);
    await expect(page.getByRole('table', { name: 'Questionnaires' })).toBeVisible();
    await expectAccessible(page);

    // First questionnaire: Q1 (Yes/No) → Q1.1.1 (Yes/No) → Q1.1.1.1.1 (Multiple) → Q1.1.1.1.1.1.1 (Short), depth 3.
    await page.getByRole('link', { name: 'Add Questionnaire' }).click();
    await expect(page).toHaveURL(/\/document-questionaries\/add\/new$/);
    await addCategory(page, second);
    await addCategory(page, first);
    await addQuestion(page, 'Yes/No Type');
    await fillYesNo(page, 'Question 1', 'Is there a break clause?', 'break_clause', [
      { text: 'The tenant may end the lease ' },
      { text: 'early', bold: true },
    ]);
    const level1 = await addChild(page, 'Question 1', 'Yes', 'Yes/No Type');
    await fillYesNo(page, level1, 'Is notice required?', 'notice_required');
    const level2 = await addChild(page, level1, 'Yes', 'Multiple Choice');
    await fillMultiple(page, level2, 'How much notice?', [
      { option: 'Three months', tag: 'notice_period' },
      { option: 'Six months', tag: 'notice_period' },
    ]);
    const level3 = await addChild(page, level2, 'Six months', 'Short Answer');
    await fillShort(page, level3, 'Why six months?', 'notice_reason');
    // The conditional option is not offered at the deepest level.
    await expect(card(page, level3).getByRole('checkbox', { name: 'Conditional question' })).toHaveCount(0);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText(M.formAdded)).toBeVisible();
    await expect(page).toHaveURL(/\/document-questionaries$/);
    const firstRow = page.getByRole('row', { name: new RegExp(first) });
    await expect(firstRow).toContainText('Is there a break clause?');

    // What was saved: the server's view of the first questionnaire.
    const { access } = await apiLogin(request, DEMO.admin);
    const list = await (
      await request.get(`/api/questionnaire/?search_key=${encodeURIComponent(first)}`, { headers: bearer(access) })
    ).json();
    const formId = list.data[0].id as number;
    const saved = (await (
      await request.get(`/api/question/get/${formId}/`, { headers: bearer(access) })
    ).json()) as QuestionView[];
    expect(saved[0]?.yesList[0]).toEqual({
      yes: '<p>The tenant may end the lease <strong>early</strong></p>',
      tag: 'break_clause',
    });
    const deepest = saved[0]?.showData[0]?.listForm[0]?.showData[0]?.listForm[0]?.showData[0]?.listForm[0];
    expect(deepest).toMatchObject({ question_text: 'Why six months?', associated_tag: 'notice_reason', depth: 3 });
  });

  // Split from the journey above (97 s together, so the two workers balance): the first questionnaire made
  // through the API.
  test('admin builds a second questionnaire in another category that reuses a drafted question, then edits the first', async ({
    page,
    request,
  }) => {
    test.setTimeout(300_000);
    const first = unique('Leases');
    const second = unique('Guarantees');
    const { access } = await apiLogin(request, DEMO.admin);
    const formId = await apiDepthThreeQuestionnaire(request, access, await apiCategory(request, access, first));
    await apiCategory(request, access, second);
    const saved = (await (
      await request.get(`/api/question/get/${formId}/`, { headers: bearer(access) })
    ).json()) as QuestionView[];

    await signInFast(page, DEMO.admin);
    await page.goto('/document-questionaries');
    await expect(page.getByRole('row', { name: new RegExp(first) })).toContainText('Is there a break clause?');

    // Second questionnaire, other category: reuses a drafted question of the first one.
    await page.getByRole('link', { name: 'Add Questionnaire' }).click();
    await choose(page, page, 'Category', second);
    await addQuestion(page, 'Short Answer');
    await fillShort(page, 'Question 1', 'Who is the guarantor?', 'guarantor_name');
    await card(page, 'Question 1').getByRole('checkbox', { name: 'Conditional question' }).check();
    const condition = branch(page, 'Question 1');
    await choose(page, condition, 'Show when the answer is', 'Any answer');
    await condition.getByRole('button', { name: 'Drafted question' }).click();
    await choose(page, condition, 'Category', first);
    // Reusing the top question would nest four levels deep: Submit is disabled with the spec's message.
    await choose(page, condition, 'Drafted question', 'Is there a break clause?');
    await expect(page.getByTestId('form-problem')).toHaveText(M.conditionalOverLimit);
    await expect(page.getByRole('button', { name: 'Submit' })).toBeDisabled();
    await expect(condition.getByRole('combobox', { name: 'Drafted question' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    // Switching the source clears the pick; the level-1 question fits.
    await condition.getByRole('button', { name: 'New question' }).click();
    await condition.getByRole('button', { name: 'Drafted question' }).click();
    await choose(page, condition, 'Category', first);
    await choose(page, condition, 'Drafted question', 'Is notice required?');
    await expect(page.getByTestId('form-problem')).toHaveText('');
    await expect(condition.getByTestId('reused-question')).toContainText('notice_required');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText(M.formAdded)).toBeVisible();
    await expect(page).toHaveURL(/\/document-questionaries$/);
    await expect(page.getByRole('row', { name: new RegExp(second) })).toContainText('Who is the guarantor?');

    // Edit: the type is locked and the category actions hidden; text changes, the last branch stays.
    // The journey above makes a questionnaire that starts with the same question: this one is found by its category.
    await page.getByLabel('Search by category or question').fill(first);
    await page
      .getByRole('row', { name: new RegExp(first) })
      .getByRole('button', { name: 'Edit questionnaire Is there a break clause?' })
      .click();
    await expect(page).toHaveURL(new RegExp(`/document-questionaries/edit/${formId}-1$`));
    await expect(page.getByRole('combobox', { name: 'Question Type', exact: true })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await expect(page.getByRole('button', { name: 'Add category' })).toHaveCount(0);
    await expect(card(page, 'Question 1')).toContainText('early');
    await expect(card(page, 'Question 1').locator('strong', { hasText: 'early' })).toBeVisible();
    await card(page, 'Question 1')
      .getByRole('textbox', { name: 'Question 1 text' })
      .fill('Is there a tenant break clause?');
    await branch(page, 'Question 1').getByRole('button', { name: 'Remove question 1 condition 1' }).click();
    await expect(page.getByText(M.lastBranch)).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(M.updated)).toBeVisible();
    await expect(page).toHaveURL(/\/document-questionaries$/);
    await expect(page.getByRole('row', { name: new RegExp(first) })).toContainText('Is there a tenant break clause?');
    const after = (await (
      await request.get(`/api/question/get/${formId}/`, { headers: bearer(access) })
    ).json()) as QuestionView[];
    expect(after[0]?.question_id).toBe(saved[0]?.question_id);
    expect(after[0]?.showData[0]?.listForm[0]?.question_text).toBe('Is notice required?');
  });

  test('a rich-text box opens its editor when clicked or on Enter / Space, titled by its field; labels are whole at 1280 and 600 px', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await signInFast(page, DEMO.admin);
    await page.goto('/document-questionaries/add/new');
    await addCategory(page, unique('Boxes'));
    await addQuestion(page, 'Yes/No Type');
    const question = card(page, 'Question 1');

    // A click on the box itself (its text, not the pencil) opens the editor, titled with the field.
    await question.getByText('Text written when the answer is Yes').click();
    const yesDialog = page.getByRole('dialog', { name: 'Edit Question 1 Yes text 1' });
    await expect(yesDialog).toBeVisible();
    await yesDialog.getByRole('textbox').pressSequentially('The tenant may break.');
    await yesDialog.getByRole('button', { name: 'Save' }).click();
    await expect(yesDialog).toBeHidden();
    await expect(question.getByRole('button', { name: 'Edit question 1 yes text 1' })).toContainText(
      'The tenant may break.',
    );

    // The keyboard: Enter and Space on the focused box.
    const noBox = question.getByRole('button', { name: 'Edit question 1 no text 1' });
    await noBox.focus();
    await page.keyboard.press('Enter');
    const noDialog = page.getByRole('dialog', { name: 'Edit Question 1 No text 1' });
    await expect(noDialog).toBeVisible();
    await noDialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(noDialog).toBeHidden();
    await noBox.focus();
    await page.keyboard.press(' ');
    await expect(noDialog).toBeVisible();
    await noDialog.getByRole('button', { name: 'Cancel' }).click();
    await question.getByRole('button', { name: 'Question 1 information' }).click();
    const description = page.getByRole('dialog', { name: 'Edit Question 1 description' });
    await expect(description).toBeVisible();
    await description.getByRole('button', { name: 'Cancel' }).click();

    // A branch with a Multiple Choice child, two levels down: no label is cut, wide or narrow.
    const child = await addChild(page, 'Question 1', 'Yes', 'Multiple Choice');
    await card(page, child).getByRole('textbox', { name: 'Option 1', exact: true }).fill('March');
    await card(page, child).getByRole('checkbox', { name: 'Conditional question' }).check();
    await card(page, child)
      .getByRole('button', { name: `${child} information` })
      .click();
    await expect(page.getByRole('dialog', { name: `Edit ${child} description` })).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await card(page, child).getByText('Text written when this option is chosen (the option name if empty)').click();
    await expect(page.getByRole('dialog', { name: `Edit ${child} option 1 text 1` })).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    for (const width of [1280, 600]) {
      await page.setViewportSize({ width, height: 900 });
      await expect(branch(page, 'Question 1').getByText('Show when the answer is').first()).toBeVisible();
      // Polled: field labels animate their width for a moment after the page is resized.
      await expect.poll(() => cutLabels(question), { message: `cut labels at ${width} px` }).toEqual([]);
      await screenshot(page, `builder-${width}`);
    }
    await expectAccessible(page);
  });

  test('admin deletes a questionnaire from the list after the confirmation', async ({ page, request }) => {
    const { access } = await apiLogin(request, DEMO.admin);
    const name = unique('Doomed');
    const category = await (await request.post('/api/category/', { headers: bearer(access), data: { name } })).json();
    const saved = await request.post('/api/questionnaire/', {
      headers: bearer(access),
      data: {
        category: category.category_id,
        form: [{ question_type: 'short', question_text: `Delete me ${name}?`, associated_tag: 'doomed' }],
      },
    });
    expect(saved.status()).toBe(201);
    await signInFast(page, DEMO.admin);
    await page.goto('/document-questionaries');
    await page.getByLabel('Search by category or question').fill(name);
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText(`Delete me ${name}?`);
    await row.getByRole('button', { name: `Delete questionnaire Delete me ${name}?` }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm delete' });
    await expect(confirm).toContainText('Are you sure you want to delete this questionnaire ?');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(M.questionnaireDeleted)).toBeVisible();
    await expect(page.getByRole('table', { name: 'Questionnaires' })).toContainText(M.noRecords);
  });

  test('an ordinary user has no questionnaire menu and cannot open the builder', async ({ page }) => {
    await signInFast(page, DEMO.user);
    await expect(page.getByRole('link', { name: 'Questionnaire' })).toHaveCount(0);
    await page.goto('/document-questionaries/add/new');
    await expect(page).not.toHaveURL(/document-questionaries/);
  });
});
