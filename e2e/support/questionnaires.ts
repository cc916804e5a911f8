import { emptyBranch, emptyQuestion, type QuestionInput, type QuestionnaireSaved } from '@lexdesk/contract';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { bearer, uniqueName } from './api.ts';

/** A unique name per test run, so tests never share categories. */
export const unique = uniqueName;

/**
 * Picks `option` in the MUI select labelled `label` (the first one inside `scope`), and waits until its list
 * has closed. A click that lands while the list is still growing in can be lost (seen on a loaded machine):
 * then the list is still open, and the pick is tried again.
 */
export async function choose(page: Page, scope: Locator | Page, label: string, option: string) {
  const list = page.getByRole('listbox', { name: label });
  await expect(async () => {
    if (!(await list.isVisible())) await scope.getByRole('combobox', { name: label }).first().click();
    await list.getByRole('option', { name: option, exact: true }).click({ timeout: 3_000 });
    await expect(list).toBeHidden({ timeout: 3_000 });
  }).toPass();
}

export const card = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
export const branch = (page: Page, name: string, index = 1) =>
  page.getByRole('group', { name: `${name} condition ${index}`, exact: true });

/** Writes rich text in the editor dialog opened by `opener` ('Edit …'); parts marked bold are typed in bold. */
export async function writeRichText(page: Page, opener: Locator, parts: { text: string; bold?: boolean }[]) {
  await opener.click();
  const dialog = page.getByRole('dialog', { name: /^Edit / });
  const editor = dialog.getByRole('textbox');
  await expect(editor).toBeVisible();
  await editor.click();
  // Bold by its shortcut: a key is handled after the editor has read the keys before it, whereas a click on
  // the toolbar can overtake ProseMirror's deferred read of a trailing space and make that space bold.
  for (const part of parts) {
    if (part.bold) await editor.press('ControlOrMeta+b');
    await editor.pressSequentially(part.text);
    if (part.bold) await editor.press('ControlOrMeta+b');
  }
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

export async function fillYesNo(
  page: Page,
  name: string,
  text: string,
  tag: string,
  yes?: { text: string; bold?: boolean }[],
) {
  const question = card(page, name);
  await question.getByRole('textbox', { name: `${name} text` }).fill(text);
  await writeRichText(
    page,
    question.getByRole('button', { name: `Edit ${name.toLowerCase()} yes text 1` }),
    yes ?? [{ text: 'Yes.' }],
  );
  await question.getByRole('textbox', { name: 'Yes tag 1', exact: true }).first().fill(tag);
  await writeRichText(page, question.getByRole('button', { name: `Edit ${name.toLowerCase()} no text 1` }), [
    { text: 'No.' },
  ]);
  await question.getByRole('textbox', { name: 'No tag 1', exact: true }).first().fill(tag);
}

export async function fillShort(page: Page, name: string, text: string, tag: string) {
  const question = card(page, name);
  await question.getByRole('textbox', { name: `${name} text` }).fill(text);
  await question.getByRole('textbox', { name: 'Associated tag', exact: true }).first().fill(tag);
}

/** Fills a Repeating group card: its text, its group tag, and its fields (label, field name) in order. */
export async function fillGroup(page: Page, name: string, text: string, tag: string, fields: [string, string][]) {
  const question = card(page, name);
  await question.getByRole('textbox', { name: `${name} text` }).fill(text);
  await question.getByRole('textbox', { name: 'Group tag', exact: true }).fill(tag);
  for (const [index, [label, field]] of fields.entries()) {
    if (index > 0) await question.getByRole('button', { name: 'Add field' }).click();
    await question.getByRole('textbox', { name: `${name} field label ${index + 1}`, exact: true }).fill(label);
    await question.getByRole('textbox', { name: `${name} field name ${index + 1}`, exact: true }).fill(field);
  }
}

export async function fillMultiple(page: Page, name: string, text: string, options: { option: string; tag: string }[]) {
  const question = card(page, name);
  await question.getByRole('textbox', { name: `${name} text` }).fill(text);
  for (const [index, entry] of options.entries()) {
    if (index > 0) await question.getByRole('button', { name: 'Add option' }).first().click();
    await question
      .getByRole('textbox', { name: `Option ${index + 1}`, exact: true })
      .first()
      .fill(entry.option);
    await question
      .getByRole('textbox', { name: `Option ${index + 1} tag 1`, exact: true })
      .first()
      .fill(entry.tag);
  }
}

/** Makes the question conditional and adds a new child question of `type` on `answer`. */
export async function addChild(page: Page, name: string, answer: string, type: string) {
  const question = card(page, name);
  await question.getByRole('checkbox', { name: 'Conditional question' }).first().check();
  const first = branch(page, name);
  await choose(page, first, 'Show when the answer is', answer);
  await choose(page, first, 'Question type', type);
  await expect(card(page, `${name}.1.1`)).toBeVisible();
  return `${name}.1.1`;
}

/** Adds a category through the panel (with the name confirmation) and leaves it selected. */
export async function addCategory(page: Page, name: string) {
  // An earlier identical toast must be gone, so the one checked below is this save's.
  await expect(page.getByText('Category added successfully')).toHaveCount(0);
  await page.getByRole('button', { name: 'Add category' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Category' });
  await dialog.getByLabel('Category Name').fill(name);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Is the name of the category correct?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Category added successfully')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Category' }).first()).toHaveText(name);
}

/** Adds a top-level question of `type` with the header's Question Type dropdown. */
export async function addQuestion(page: Page, type: string) {
  await choose(page, page, 'Question Type', type);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
}

/**
 * Labels, chips and texts inside `scope` that are cut: wider than their visible box (an ellipsis or a
 * clipped end). Boxes of no width (the outline's hidden notch text) are not labels anyone sees.
 */
export function cutLabels(scope: Locator): Promise<string[]> {
  return scope.evaluate((root) =>
    Array.from(root.querySelectorAll('label, .MuiChip-label, .MuiTypography-root'))
      .filter((el) => el.clientWidth > 0 && el.scrollWidth > el.clientWidth)
      .map((el) => el.textContent ?? ''),
  );
}

/** A questionnaire category of the caller's organisation through the API; answers its id. */
export async function apiCategory(request: APIRequestContext, access: string, name: string): Promise<number> {
  const res = await request.post('/api/category/', { headers: bearer(access), data: { name } });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return ((await res.json()) as { category_id: number }).category_id;
}

const yesNo = (text: string, tag: string, yes = '<p>Yes.</p>'): QuestionInput => ({
  ...emptyQuestion('Yes/No'),
  question_text: text,
  yesList: [{ yes, tag }],
  noList: [{ no: '<p>No.</p>', tag }],
});
const branchTo = (parent: QuestionInput, answer: string, child: QuestionInput): QuestionInput => ({
  ...parent,
  is_conditional: true,
  showData: [{ ...emptyBranch(), selectedOption: answer, selectedType: child.question_type, listForm: [child] }],
});

/**
 * Through the API, the questionnaire the builder journey writes first: "Is there a break clause?" (its Yes text
 * with a bold word) → "Is notice required?" → "How much notice?" (three or six months) → "Why six months?", a
 * conditional of depth 3. Answers the questionnaire's id.
 */
export async function apiDepthThreeQuestionnaire(request: APIRequestContext, access: string, categoryId: number) {
  const why: QuestionInput = {
    ...emptyQuestion('short'),
    question_text: 'Why six months?',
    associated_tag: 'notice_reason',
  };
  const howMuch: QuestionInput = {
    ...emptyQuestion('Multiple'),
    question_text: 'How much notice?',
    values: ['Three months', 'Six months'].map((option) => ({
      option,
      value: [{ value: '', tag: 'notice_period', description: '' }],
    })),
  };
  const form = [
    branchTo(
      yesNo('Is there a break clause?', 'break_clause', '<p>The tenant may end the lease <strong>early</strong></p>'),
      'Yes',
      branchTo(yesNo('Is notice required?', 'notice_required'), 'Yes', branchTo(howMuch, 'Six months', why)),
    ),
  ];
  const res = await request.post('/api/questionnaire/', {
    headers: bearer(access),
    data: { category: categoryId, form },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as QuestionnaireSaved).id;
}
