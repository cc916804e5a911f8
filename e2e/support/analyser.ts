import { expect, type Locator, type Page } from '@playwright/test';

/** Opens Doc Analyser → Concepts from the side menu. */
export async function openConcepts(page: Page) {
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Concepts' }).click();
  await expect(page.getByRole('heading', { name: 'Concepts', level: 1 })).toBeVisible();
}

/** Finds a list on /concept-repo by searching its name; answers its row. */
export async function findList(page: Page, name: string) {
  await page.getByRole('searchbox', { name: 'Search concept lists' }).fill(name);
  const row = page.getByRole('table', { name: 'Concept lists' }).getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  return row;
}

/** Picks the option named `option` (or the first one) in the Autocomplete labelled `label`. */
export async function pickAutocomplete(page: Page, label: string, option?: string) {
  await page.getByRole('combobox', { name: label }).click();
  const list = page.getByRole('listbox');
  const choice = option ? list.getByRole('option', { name: option }) : list.getByRole('option').first();
  await choice.click();
  await page.keyboard.press('Escape');
}

export interface HeadValues {
  head: string;
  definition: { text: string; bold?: boolean }[];
  terms: string;
  phrases: string[];
}

/** Fills the entry fields of one head and presses Add to Draft (or `button`). */
export async function draftHead(page: Page, values: HeadValues, button = 'Add to Draft') {
  const entry = page.getByRole('region', { name: 'Concept head' });
  await entry.getByRole('textbox', { name: 'Concept', exact: true }).fill(values.head);
  const editor = entry.getByRole('textbox', { name: 'Concept description' });
  await editor.click();
  for (const part of values.definition) {
    if (part.bold) await entry.getByRole('button', { name: 'Bold' }).click();
    await editor.pressSequentially(part.text);
    if (part.bold) await entry.getByRole('button', { name: 'Bold' }).click();
  }
  await entry.getByRole('textbox', { name: 'Terms' }).fill(values.terms);
  for (const phrase of values.phrases) {
    await entry.getByRole('textbox', { name: 'Phrase' }).fill(phrase);
    await entry.getByRole('button', { name: 'Add phrase' }).click();
  }
  await entry.getByRole('button', { name: button }).click();
}

export const draftText = (page: Page): Locator => page.getByTestId('draft-text');
