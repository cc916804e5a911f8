import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { bearer } from './api.ts';
import { apiCreateCase } from './cases.ts';

/** A head of a list made for a review journey: terms (single words) and phrases, both ' | '-joined. */
export interface ReviewHeadSpec {
  head: string;
  terms: string[];
  phrases?: string[];
}

/** A list of the caller's organisation through the API; answers its id and its heads' ids in order. */
export async function apiReviewList(request: APIRequestContext, access: string, name: string, heads: ReviewHeadSpec[]) {
  const headers = bearer(access);
  const org = (await (await request.get('/api/get-org/', { headers })).json()) as { value: number };
  const users = (await (
    await request.get(`/api/assign-user/?concept=true&users=${org.value}`, { headers })
  ).json()) as { data: { value: number }[] };
  const res = await request.post('/api/concept-list/', {
    headers,
    data: {
      name,
      organisationIDs: [org.value],
      userIDs: [users.data[0]!.value],
      concepts: heads.map((h) => ({
        head: h.head,
        definition: `<p>${h.head.toLowerCase()} clauses</p>`,
        terms: h.terms.join(' | '),
        phrases: (h.phrases ?? []).join(' | '),
      })),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { ids } = (await res.json()) as { ids: { concept_list_id: number; concept_ids: number[] } };
  return { listId: ids.concept_list_id, headIds: ids.concept_ids };
}

export interface TextFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

export const textFile = (name: string, text: string): TextFile => ({
  name,
  mimeType: 'text/plain',
  buffer: Buffer.from(text, 'utf8'),
});

export const fileFromDisk = (file: string): TextFile => ({
  name: path.basename(file),
  mimeType: 'text/plain',
  buffer: readFileSync(file),
});

/** Indexed documents of a case, read page by page through the API. */
async function indexedCount(request: APIRequestContext, access: string, caseId: number): Promise<number> {
  let indexed = 0;
  for (let pageNo = 1; ; pageNo++) {
    const res = await request.get(`/api/case/${caseId}/documents/?limits=200&page_no=${pageNo}`, {
      headers: bearer(access),
    });
    const list = (await res.json()) as { data: { indexing_state: string }[]; page: { total_count: number } };
    indexed += list.data.filter((d) => d.indexing_state === 'indexed').length;
    if (pageNo * 200 >= list.page.total_count) return indexed;
  }
}

/**
 * A new case holding `files`, uploaded through the API a few at a time (as several browser tabs would), and
 * waits until every one is indexed. Answers the case id.
 */
export async function apiCaseWithFiles(
  request: APIRequestContext,
  access: string,
  title: string,
  files: readonly TextFile[],
  { timeout = 60_000 } = {},
): Promise<number> {
  const created = await apiCreateCase(request, access, title);
  await apiAddFiles(request, access, created.id, files, { timeout, before: 0 });
  return created.id;
}

/** Uploads `files` to a case holding `before` documents, and waits until all of them are indexed. */
export async function apiAddFiles(
  request: APIRequestContext,
  access: string,
  caseId: number,
  files: readonly TextFile[],
  { timeout = 60_000, before }: { timeout?: number; before: number },
): Promise<void> {
  const queue = [...files];
  const upload = async () => {
    for (let file = queue.shift(); file; file = queue.shift()) {
      const res = await request.post(`/api/case/${caseId}/documents/`, {
        headers: bearer(access),
        multipart: { file },
      });
      expect(res.status(), await res.text()).toBe(201);
    }
  };
  await Promise.all(Array.from({ length: 6 }, upload));
  await expect.poll(() => indexedCount(request, access, caseId), { timeout }).toBe(before + files.length);
}

/** Runs the list over the case through the API and saves the search (horizon 5): answers its id. */
export async function apiSavedReview(
  request: APIRequestContext,
  access: string,
  caseId: number,
  listName: string,
): Promise<number> {
  const headers = bearer(access);
  const list = (await (await request.get('/api/concept-list/?login_mode=webapp', { headers })).json()) as {
    concept_list: { concept_list_id: number; concept_list: string }[];
  };
  const listId = list.concept_list.find((l) => l.concept_list === listName)!.concept_list_id;
  const done = await request.post('/api/solr-search/review/', {
    headers,
    data: { concept_list_id: listId, case_ids: [caseId] },
  });
  expect(done.status(), await done.text()).toBeLessThan(300);
  const { run_id } = (await done.json()) as { run_id: string };
  const saved = await request.post('/api/save-search/', { headers, data: { run_id, horizon: 5 } });
  expect(saved.status(), await saved.text()).toBe(201);
  return ((await saved.json()) as { id: number }).id;
}

/** Opens Doc Analyser → Review from the side menu. */
export async function openReview(page: Page) {
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Review' }).click();
  await expect(page.getByRole('heading', { name: 'Review', level: 1 })).toBeVisible();
}

/** Picks `option` in the (single or multiple) Autocomplete labelled `label`, typing to narrow the options. */
export async function pick(page: Page, label: string, option: string) {
  const box = page.getByRole('combobox', { name: label });
  await box.click();
  await box.fill(option);
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
  await page.keyboard.press('Escape');
}

/** The Keyword in Context dialog. */
export const contextDialog = (page: Page): Locator => page.getByRole('dialog', { name: /^Keyword in Context/ });

/** Chooses the context horizon (words either side) in the open Keyword in Context dialog. */
export async function chooseHorizon(page: Page, words: number) {
  await contextDialog(page).getByRole('combobox', { name: 'Context' }).click();
  await page.getByRole('option', { name: `${words} words`, exact: true }).click();
}

/** `text` matched literally inside a RegExp. */
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A row of the results' multiple-mode table for a document and concept. */
export const resultRow = (page: Page, document: string, concept: string): Locator =>
  page
    .getByRole('table', { name: 'Document concept counts' })
    .getByRole('row')
    .filter({
      has: page.getByRole('button', {
        name: new RegExp(`hits? of ${escapeRegExp(concept)} in ${escapeRegExp(document)}$`),
      }),
    });

/** The word count of `term` in `text` as the analyser counts (case-insensitive whole words). */
export function countWord(text: string, term: string): number {
  const escaped = term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+');
  return (text.match(new RegExp(`(?<![\\p{L}\\p{N}_])${escaped}(?![\\p{L}\\p{N}_])`, 'giu')) ?? []).length;
}
