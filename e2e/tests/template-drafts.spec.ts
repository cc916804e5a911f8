import { templateMessages as M } from '@lexdesk/contract';
import { expect, test, type Page } from '@playwright/test';
import { apiLogin, DEMO } from '../support/api.ts';
import { apiQuestionnaire, apiUploadTemplate, precedentDocx, uniqueTag } from '../support/templates.ts';
import { expectAccessible, signInFast } from '../support/ui.ts';

const CLIENT = 'What is the client name?';
const answerBox = (page: Page) => page.getByRole('textbox', { name: CLIENT, exact: true });
const isDraftSave = (url: string, method: string) => method === 'PUT' && url.includes('/api/execute/draft/');

/** A template over a fresh questionnaire, run by the demo admin: the execution screen's path. */
async function openTemplate(page: Page, request: Parameters<typeof apiLogin>[0]) {
  const prefix = uniqueTag();
  const { access } = await apiLogin(request, DEMO.admin);
  const q = await apiQuestionnaire(request, access, prefix);
  const template = await apiUploadTemplate(request, access, `Drafts ${prefix}`, await precedentDocx(q.tag));
  const path = `/document-template/user-execute/${template.id}`;
  await signInFast(page, DEMO.admin);
  await page.goto(path);
  await expect(answerBox(page)).toBeVisible();
  return path;
}

test.describe('execution drafts', () => {
  test(
    'an autosave that lands after Submit never brings the answers back',
    { tag: '@smoke' },
    async ({ page, request }) => {
      test.setTimeout(120_000);
      const path = await openTemplate(page, request);
      // The autosave leaves before Submit but its network is slow: it reaches the server after the document.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/execute/draft/**', async (route) => {
        if (route.request().method() !== 'PUT') return route.fallback();
        await held;
        await route.fallback();
      });
      const autosave = page.waitForRequest((r) => isDraftSave(r.url(), r.method()));
      await answerBox(page).fill('Acme Ltd');
      await autosave;
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect(page.getByRole('dialog', { name: 'Export, View or Download File' })).toBeVisible();

      const late = page.waitForResponse((r) => isDraftSave(r.url(), r.request().method()));
      release();
      expect((await late).status()).toBe(409);

      // The next letter starts from an empty form, with nothing announced as restored.
      await page.unrouteAll({ behavior: 'wait' });
      await page.goto(path);
      await expect(answerBox(page)).toHaveValue('');
      await expect(page.getByRole('button', { name: 'Start again' })).toHaveCount(0);
    },
  );

  test('a restored draft is announced; Start again empties it, and Cancel asks before discarding', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const path = await openTemplate(page, request);
    await answerBox(page).fill('Acme Ltd');
    await expect(page.getByRole('status').filter({ hasText: M.draftSaved })).toBeVisible();

    await page.reload();
    await expect(page.getByRole('alert').filter({ hasText: 'were restored' })).toBeVisible();
    await expect(answerBox(page)).toHaveValue('Acme Ltd');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Start again' }).click();
    await expect(answerBox(page)).toHaveValue('');
    await expect(page.getByRole('button', { name: 'Start again' })).toHaveCount(0);
    await page.reload();
    await expect(answerBox(page)).toHaveValue('');
    await expect(page.getByRole('alert').filter({ hasText: 'were restored' })).toHaveCount(0);

    // Cancel with answers asks first; Keep editing stays, Discard leaves and forgets them.
    await answerBox(page).fill('Beta LLP');
    await expect(page.getByRole('status').filter({ hasText: M.draftSaved })).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();
    const ask = page.getByRole('dialog', { name: 'Discard your changes?' });
    await ask.getByRole('button', { name: 'Keep editing' }).click();
    await expect(answerBox(page)).toHaveValue('Beta LLP');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await ask.getByRole('button', { name: 'Discard' }).click();
    await expect(page).toHaveURL(/\/document-template$/);
    await page.goto(path);
    await expect(answerBox(page)).toHaveValue('');
    await expect(page.getByRole('alert').filter({ hasText: 'were restored' })).toHaveCount(0);
  });
});
