import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { bearer } from './api.ts';
import { changeOneRowEach } from './database.ts';

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
  // Bold by its shortcut: a key is handled after the editor has read the keys before it, whereas a click on
  // the toolbar can overtake ProseMirror's deferred read of a trailing space and make that space bold.
  for (const part of values.definition) {
    if (part.bold) await editor.press('ControlOrMeta+b');
    await editor.pressSequentially(part.text);
    if (part.bold) await editor.press('ControlOrMeta+b');
  }
  await entry.getByRole('textbox', { name: 'Terms' }).fill(values.terms);
  for (const phrase of values.phrases) {
    await entry.getByRole('textbox', { name: 'Phrase' }).fill(phrase);
    await entry.getByRole('button', { name: 'Add phrase' }).click();
  }
  await entry.getByRole('button', { name: button }).click();
}

export const draftText = (page: Page): Locator => page.getByTestId('draft-text');

/** A new list of the caller's organisation through the API, with one head; answers the list and head ids. */
export async function apiConceptList(request: APIRequestContext, access: string, name: string, head: string) {
  const { listId, headIds } = await apiConceptListWith(request, access, name, [
    { head, definition: '<p>d</p>', terms: 'alpha beta', phrases: '' },
  ]);
  return { listId, headId: headIds[0]! };
}

/**
 * A new list of the caller's organisation through the API, assigned to its first user, with these heads (terms
 * and phrases joined with ' | ', as the editor sends them); answers the list and head ids.
 */
export async function apiConceptListWith(
  request: APIRequestContext,
  access: string,
  name: string,
  concepts: { head: string; definition: string; terms: string; phrases: string }[],
) {
  const headers = bearer(access);
  const org = (await (await request.get('/api/get-org/', { headers })).json()) as { value: number };
  const users = (await (
    await request.get(`/api/assign-user/?concept=true&users=${org.value}`, { headers })
  ).json()) as {
    data: { value: number }[];
  };
  const res = await request.post('/api/concept-list/', {
    headers,
    data: { name, organisationIDs: [org.value], userIDs: [users.data[0]!.value], concepts },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { ids } = (await res.json()) as { ids: { concept_list_id: number; concept_ids: number[] } };
  return { listId: ids.concept_list_id, headIds: ids.concept_ids };
}

export interface Vote {
  email: string;
  term: string;
  thumbs_up: boolean | null;
  comments: string;
}

/**
 * Votes on a head, written straight into the journeys' database (as `setPlanExpiry` moves a plan): votes are
 * cast from the review of part 2 (issue 13), which no page of this issue offers yet.
 */
export async function addVotes(headId: number, votes: readonly Vote[]) {
  const now = new Date().toISOString();
  const insert =
    'insert into concept_feedback (organisation_id, user_id, head_id, thumbs_up, comments, term, created_at) ' +
    'select h.organisation_id, u.id, h.id, $1, $2, $3, $4 from concept_heads h, users u where h.id = $5 and u.email = $6';
  await changeOneRowEach(
    insert,
    votes.map((v) => [v.thumbs_up === null ? null : v.thumbs_up ? 1 : 0, v.comments, v.term, now, headId, v.email]),
  );
}
