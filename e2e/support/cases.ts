import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Locator } from '@playwright/test';
import type { CaseDetail } from '@lexdesk/contract';
import { bearer, uniqueName } from './api.ts';

/** The shared test data beside the repository (never copied into it): same place on CI. */
export const SHARED_DATA = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../shared/data');
const CONTRACTS = path.join(SHARED_DATA, 'contracts/agreements');
const DOCX_TEMPLATES = path.join(SHARED_DATA, 'docx-templates');

/** What a journey that needs the shared data says when it skips. */
export const SHARED_DATA_ABSENT = `Skipped: ${SHARED_DATA} (the real contracts and templates beside the repository) is absent`;

/**
 * True when the shared data is absent on a plain clone, where the journeys that read it skip with
 * SHARED_DATA_ABSENT; .ci/run sets REQUIRE_SHARED_DATA, where its absence fails instead.
 */
export function sharedDataMissing(): boolean {
  if (existsSync(SHARED_DATA)) return false;
  if (process.env.REQUIRE_SHARED_DATA) throw new Error(`REQUIRE_SHARED_DATA is set but ${SHARED_DATA} is missing`);
  return true;
}

/** Called inside a journey that reads the shared data: skips it with the notice when the data is absent. */
export function requireSharedData(): void {
  test.skip(sharedDataMissing(), SHARED_DATA_ABSENT);
}

/** The path of one of the real Word templates of the shared data. */
export function docxTemplate(name: string): string {
  requireSharedData();
  return path.join(DOCX_TEMPLATES, name);
}

/** The first `count` contracts of a category, as absolute paths. */
export function contractFiles(category: string, count: number): string[] {
  requireSharedData();
  const dir = path.join(CONTRACTS, category);
  return readdirSync(dir)
    .filter((name) => name.endsWith('.txt'))
    .sort()
    .slice(0, count)
    .map((name) => path.join(dir, name));
}

/** Four plain words that stand side by side in the file's text (so they are found as they are written). */
export function phraseFrom(file: string): string {
  const text = readFileSync(file, 'utf8');
  const middle = text.slice(Math.floor(text.length / 3));
  const match = /(?<![A-Za-z])([A-Za-z]{5,} [A-Za-z]{3,} [A-Za-z]{3,} [A-Za-z]{5,})(?![A-Za-z])/.exec(middle);
  if (!match?.[1]) throw new Error(`no phrase in ${file}`);
  return match[1];
}

export async function apiCreateCase(request: APIRequestContext, token: string, title: string): Promise<CaseDetail> {
  const res = await request.post('/api/case/', {
    headers: bearer(token),
    data: { title, status: 'open', client: 'E2E client' },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as CaseDetail;
}

export const uniqueTitle = uniqueName;

/** The case page, on one of its tabs. */
export const casePagePath = (id: number, tab?: string) =>
  `/cases/case-summary/case-status/${id}${tab ? `/${tab}` : ''}`;

/**
 * Drops real files onto an element as a person dragging them from the desktop would: a DataTransfer built in
 * the page holding the files' bytes, then dragenter, dragover and drop on the target.
 */
export async function dropFiles(target: Locator, files: { name: string; mimeType: string; buffer: Buffer }[]) {
  const payload = files.map((f) => ({ name: f.name, type: f.mimeType, base64: f.buffer.toString('base64') }));
  const dataTransfer = await target.page().evaluateHandle((items) => {
    const transfer = new DataTransfer();
    for (const item of items) {
      const bytes = Uint8Array.from(atob(item.base64), (c) => c.charCodeAt(0));
      transfer.items.add(new File([bytes], item.name, { type: item.type }));
    }
    return transfer;
  }, payload);
  for (const type of ['dragenter', 'dragover', 'drop']) await target.dispatchEvent(type, { dataTransfer });
  await dataTransfer.dispose();
}

/** Uploads one file to a case through the API and answers its id. */
export async function apiUpload(
  request: APIRequestContext,
  token: string,
  caseId: number,
  file: { name: string; mimeType: string; buffer: Buffer },
): Promise<number> {
  const res = await request.post(`/api/case/${caseId}/documents/`, { headers: bearer(token), multipart: { file } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/** Waits until every document of the case is indexed (read through the API). */
export async function waitIndexed(request: APIRequestContext, token: string, caseId: number, count: number) {
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/case/${caseId}/documents/?limits=200`, { headers: bearer(token) });
        const list = (await res.json()) as { data: { indexing_state: string }[] };
        return list.data.filter((d) => d.indexing_state === 'indexed').length;
      },
      { timeout: 60_000 },
    )
    .toBe(count);
}
