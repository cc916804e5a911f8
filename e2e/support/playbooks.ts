import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { PlaybookInput } from '@lexdesk/contract';
import { bearer } from './api.ts';
import { closeList } from './ui.ts';

/** Opens My Playbook from the side menu. */
export async function openMyPlaybook(page: Page) {
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'My Playbook' }).click();
  await expect(page.getByRole('heading', { name: 'My Playbook', level: 1 })).toBeVisible();
}

/** Finds a playbook on /my-playbook by searching its name; answers its row. */
export async function findPlaybook(page: Page, name: string): Promise<Locator> {
  await page.getByRole('searchbox', { name: 'Search playbooks' }).fill(name);
  const row = page.getByRole('table', { name: 'Playbooks' }).getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  return row;
}

/** Opens the row menu of a playbook on the list; answers the menu. */
export async function openPlaybookActions(page: Page, name: string): Promise<Locator> {
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  return page.getByRole('menu');
}

/** An entry of the editor by its number (its name changes with its topic). */
export const entryRegion = (page: Page, number: number): Locator =>
  page.getByRole('region', { name: new RegExp(`^Entry ${number}: `) });

/** Picks `option` in the MUI select labelled `label` inside `scope`. */
export async function choose(scope: Locator | Page, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  const page = 'page' in scope ? scope.page() : scope;
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
  await closeList(page);
}

/** Adds a new category to the editor's Categories field, inline ("Add …"), and waits until it is chosen. */
export async function addCategoryInline(page: Page, name: string) {
  const field = page.getByRole('combobox', { name: 'Categories' });
  await field.fill(name);
  await page.getByRole('option', { name: `Add “${name}”` }).click();
  await closeList(page);
  // Chosen: a chip with its name in the field.
  await expect(page.locator('.MuiAutocomplete-root .MuiChip-root', { hasText: name })).toBeVisible();
}

export interface EntrySpec {
  topic: string;
  category: string;
  position: string;
  fallback: string;
  approver: string;
}

/** Opens a new entry with Add entry and fills it with the editor's controls (the standard position typed plainly). */
export async function addEntry(page: Page, number: number, spec: EntrySpec) {
  await page.getByRole('button', { name: 'Add entry' }).click();
  const entry = entryRegion(page, number);
  await entry.getByRole('textbox', { name: 'Clause topic' }).fill(spec.topic);
  await choose(entry, 'Category', spec.category);
  const editor = entry.getByRole('textbox', { name: `Standard position of entry ${number}` });
  await editor.click();
  await page.keyboard.type(spec.position);
  await entry.getByRole('button', { name: 'Add fallback' }).click();
  await entry.getByRole('textbox', { name: 'Position', exact: true }).fill(spec.fallback);
  await entry.getByRole('textbox', { name: 'Approver' }).fill(spec.approver);
  return entry;
}

/** A playbook's content as the API takes it (no categories): one entry per topic. */
export function playbookBody(
  name: string,
  topics: readonly string[] = ['Limitation of liability'],
  playbookType: PlaybookInput['playbook_type'] = 'Services agreement',
): PlaybookInput {
  return {
    name,
    playbook_type: playbookType,
    description: 'Made by a journey',
    entries: topics.map((topic, i) => ({
      topic,
      importance: 'high',
      standard_position: `<p>Our position on ${topic.toLowerCase()} number ${i + 1}.</p>`,
      fallbacks: [{ position: `A softer ${topic.toLowerCase()}`, guidance: 'Only if pressed', approver: 'Partner' }],
      unacceptable: [`No ${topic.toLowerCase()} at all`],
    })),
  };
}

/** A playbook of the caller's organisation through the API (draft, no categories); answers its id. */
export async function apiPlaybook(
  request: APIRequestContext,
  access: string,
  name: string,
  topics: readonly string[] = ['Limitation of liability'],
  playbookType: PlaybookInput['playbook_type'] = 'Services agreement',
): Promise<number> {
  const res = await request.post('/api/playbook/', {
    headers: bearer(access),
    data: playbookBody(name, topics, playbookType),
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return ((await res.json()) as { id: number }).id;
}

/** Saves a playbook's draft through the API (as the editor's Save does). */
export async function apiSaveDraft(request: APIRequestContext, access: string, id: number, body: PlaybookInput) {
  const res = await request.put(`/api/playbook/${id}/`, { headers: bearer(access), data: body });
  expect(res.status(), await res.text()).toBeLessThan(300);
}

/** Pins a published playbook to a case through the API (its latest version). */
export async function apiPinToCase(request: APIRequestContext, access: string, caseId: number, id: number) {
  const res = await request.post(`/api/case/${caseId}/playbooks/`, {
    headers: bearer(access),
    data: { playbook_id: id },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
}

/** Publishes a playbook's draft through the API. */
export async function apiPublish(request: APIRequestContext, access: string, id: number) {
  const res = await request.post(`/api/playbook/${id}/publish/`, { headers: bearer(access) });
  expect(res.status(), await res.text()).toBeLessThan(300);
}

/** The rarest long word of a text (case-insensitively once, if any): a word the term search finds in it alone. */
export function rareWord(text: string): string {
  const counts = new Map<string, number>();
  for (const word of text.match(/\b[A-Za-z]{9,}\b/g) ?? []) {
    const key = word.toLowerCase();
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const sorted = [...counts.entries()].sort((a, b) => a[1] - b[1] || b[0].length - a[0].length);
  if (!sorted[0]) throw new Error('no long word in the text');
  return sorted[0][0];
}
