import { expect, test, type Page } from '@playwright/test';
import { commonMessages, playbookMessages as M } from '@lexdesk/contract';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { apiLogin, createDemoAdmin, DEMO, uniqueName } from '../support/api.ts';
import { apiCreateCase, casePagePath, contractFiles } from '../support/cases.ts';
import { pdfTextInLibreOffice, soffice } from '../support/office.ts';
import {
  addCategoryInline,
  addEntry,
  apiPlaybook,
  apiPublish,
  choose,
  entryRegion,
  findPlaybook,
  openMyPlaybook,
  openPlaybookActions,
  rareWord,
} from '../support/playbooks.ts';
import { expectFitsWidth, screenshot, SCREEN_PASSES } from '../support/screens.ts';
import { expectAccessible, expectToastComesAndGoes, signInFast } from '../support/ui.ts';

const TOPICS = ['Limitation of liability', 'Indemnities', 'Termination', 'Governing law', 'Confidentiality'];

/** Words only, one space apart: exported documents break lines where they like. */
const words = (text: string) => text.replace(/\s+/g, ' ');

test.describe('Playbooks (issue 14)', () => {
  test(
    'an admin writes a playbook with categories, entries and rich text, and reads it as saved',
    { tag: '@smoke' },
    async ({ page, request }) => {
      const admin = await createDemoAdmin(request);
      const name = uniqueName('Software playbook');
      const categories = [uniqueName('Risk'), uniqueName('Exit')];

      await signInFast(page, admin.email, admin.password);
      await openMyPlaybook(page);
      await page.getByRole('link', { name: 'New Playbook' }).click();
      await expect(page.getByRole('heading', { name: 'New Playbook', level: 1 })).toBeVisible();
      await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
      await choose(page, 'Playbook type', 'Software licence');
      await page.getByRole('textbox', { name: 'Description' }).fill('Our positions when we license software in.');
      for (const category of categories) {
        await addCategoryInline(page, category);
        await expectToastComesAndGoes(page, M.categoryAdded);
      }

      for (const [i, topic] of TOPICS.entries()) {
        await addEntry(page, i + 1, {
          topic,
          category: categories[i % 2]!,
          position: i === 0 ? '' : `We accept ${topic.toLowerCase()} as drafted by us.`,
          fallback: `A mutual ${topic.toLowerCase()} clause`,
          approver: 'Supervising partner',
        });
      }
      // Rich text in the first entry: Bold from the toolbar on a word at the start of a line (after no space).
      const first = entryRegion(page, 1);
      const editor = first.getByRole('textbox', { name: 'Standard position of entry 1' });
      await editor.click();
      const bold = first.getByRole('toolbar', { name: 'Formatting' }).first().getByRole('button', { name: 'Bold' });
      await bold.click();
      await page.keyboard.type('Capped');
      await bold.click();
      await page.keyboard.type(' at the fees paid in the last twelve months.');
      await expect(editor.locator('strong')).toHaveText('Capped');

      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expectToastComesAndGoes(page, M.created);
      await expect(page).toHaveURL(/\/create\/playbook\/\d+$/);
      await expect(page.getByRole('heading', { name: 'Edit playbook', level: 1 })).toBeVisible();

      // The saved playbook reads as written: the bold word, every topic, a fallback and both categories.
      await page.goto(`/my-playbook/playbook/${page.url().match(/\/create\/playbook\/(\d+)$/)![1]}`);
      const document = page.getByRole('article', { name: `Playbook ${name}` });
      await expect(document.locator('strong')).toHaveText('Capped');
      for (const topic of TOPICS) await expect(document.getByRole('heading', { name: topic })).toBeVisible();
      await expect(document.getByText('A mutual termination clause')).toBeVisible();
      for (const category of categories) await expect(document.getByText(category).first()).toBeVisible();
    },
  );

  // Split from the journey above (113 s together, so the two workers balance): the playbook made through the API.
  test('an admin attaches a real contract to a playbook, then finds the contract’s words with the term search', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const [contract] = contractFiles('software_license', 1) as [string];
    const contractText = readFileSync(contract, 'utf8');
    const word = rareWord(contractText);
    const admin = await createDemoAdmin(request);
    const { access } = await apiLogin(request, admin.email, admin.password);
    const name = uniqueName('Software playbook');
    const id = await apiPlaybook(request, access, name, TOPICS, 'Software licence');

    await signInFast(page, admin.email, admin.password);
    await page.goto(`/create/playbook/${id}`);
    await expect(page.getByRole('heading', { name: 'Edit playbook', level: 1 })).toBeVisible();

    // A real contract and a note as attachments, chosen together (issue 31 item 9), each with its own
    // progress; the contract searchable once indexed.
    await page.getByLabel('Attachment file').setInputFiles([
      { name: path.basename(contract), mimeType: 'text/plain', buffer: Buffer.from(contractText) },
      { name: 'guidance-note.txt', mimeType: 'text/plain', buffer: Buffer.from('Guidance on the licence grant.') },
    ]);
    const uploads = page.getByLabel('Uploads');
    await expect(uploads.getByTestId('upload-item')).toHaveCount(2);
    await expect(uploads.locator('[data-testid="upload-item"][data-state="done"]')).toHaveCount(2);
    const attachments = page.getByRole('table', { name: 'Attachments' });
    await expect(attachments.getByRole('row').filter({ hasText: 'guidance-note.txt' })).toBeVisible();
    const attachmentRow = attachments.getByRole('row').filter({ hasText: path.basename(contract) });
    await expect(attachmentRow).toContainText('Searchable', { timeout: 30_000 });

    // The list's term search: a type is asked for first.
    await openMyPlaybook(page);
    const termSearch = page.getByRole('form', { name: 'Term search' });
    await termSearch.getByRole('searchbox', { name: 'Words to find' }).fill(word);
    await termSearch.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('alert').filter({ hasText: M.selectType })).toBeVisible();
    await choose(termSearch, 'Playbook type', 'Software licence');
    await termSearch.getByRole('button', { name: 'Search' }).click();
    const hits = page.getByRole('table', { name: 'Term search hits' });
    const hit = hits.getByRole('row').filter({ hasText: name });
    await expect(hit.first()).toContainText(path.basename(contract));
    await expect(hit.first().locator('mark')).toHaveText(new RegExp(`^${word}$`, 'i'));
    // In context: the words around it come from the contract.
    const context = words(await hit.first().innerText()).toLowerCase();
    // The word before the first occurrence in the contract is there too.
    const before = new RegExp(`([A-Za-z]{3,})[^A-Za-z]+${word}(?![A-Za-z])`, 'i').exec(contractText)?.[1];
    expect(before).toBeDefined();
    expect(context).toContain(before!.toLowerCase());
    await screenshot(page, 'term-search-1280');
    await page.setViewportSize({ width: 600, height: 900 });
    await expectFitsWidth(page);
    await screenshot(page, 'term-search-600');

    // The hit opens the playbook: the draft as saved.
    await page.setViewportSize({ width: 1280, height: 900 });
    await hit.first().getByRole('link', { name }).click();
    const document = page.getByRole('article', { name: `Playbook ${name}` });
    for (const topic of TOPICS) await expect(document.getByRole('heading', { name: topic })).toBeVisible();
    await expect(document.getByText('A softer termination')).toBeVisible();
  });

  test('an admin previews, exports, publishes, pins to a case, versions, duplicates, copies and deletes a playbook', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const admin = await createDemoAdmin(request);
    const { access } = await apiLogin(request, admin.email, admin.password);
    const name = uniqueName('Services playbook');
    const id = await apiPlaybook(request, access, name, TOPICS.slice(0, 3));
    const theCase = await apiCreateCase(request, access, uniqueName('Playbook case'));
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });

    await signInFast(page, admin.email, admin.password);
    await openMyPlaybook(page);
    const row = await findPlaybook(page, name);
    await row.getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    // The draft as one document.
    for (const topic of TOPICS.slice(0, 3)) await expect(page.getByText(topic).first()).toBeVisible();

    // Export .docx and .pdf: both hold the entries' topics.
    const outDir = test.info().outputPath('export');
    for (const [label, ext] of [
      ['Word (.docx)', 'docx'],
      ['PDF (.pdf)', 'pdf'],
    ] as const) {
      await page.getByRole('button', { name: 'Export' }).click();
      const downloading = page.waitForEvent('download');
      await page.getByRole('menuitem', { name: label }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(new RegExp(`\\.${ext}$`));
      const file = path.join(outDir, `playbook.${ext}`);
      await download.saveAs(file);
      // Both open in LibreOffice: Writer reads the .docx as text, Draw imports the .pdf.
      if (ext === 'pdf') expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
      const text =
        ext === 'docx' ? readFileSync(soffice(file, 'txt:Text', outDir), 'utf8') : pdfTextInLibreOffice(file, outDir);
      for (const topic of TOPICS.slice(0, 3)) expect(words(text)).toContain(topic);
    }

    await page.getByRole('button', { name: 'Publish' }).click();
    await expectToastComesAndGoes(page, M.published(1));

    // The case follows version 1.
    await page.goto(casePagePath(theCase.id, 'playbooks'));
    await expect(page.getByRole('tab', { name: 'Playbooks', selected: true })).toBeVisible();
    await page.getByRole('button', { name: 'Add playbook' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a playbook to the case' });
    await dialog.getByRole('combobox', { name: 'Published playbook' }).fill(name);
    await page.getByRole('option', { name: `${name} (version 1)` }).click();
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expectToastComesAndGoes(page, M.addedToCase);
    const pins = page.getByRole('table', { name: 'Case playbooks' });
    await expect(pins.getByRole('row').filter({ hasText: name })).toContainText('version 1 of 1');

    // Version 2: edit an entry and publish.
    await pins.getByRole('link', { name }).click();
    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Edit playbook', level: 1 })).toBeVisible();
    const entry = entryRegion(page, 1);
    if (!(await entry.getByRole('textbox', { name: 'Clause topic' }).isVisible())) {
      await entry.getByRole('button', { name: /^Open entry 1/ }).click();
    }
    await entry.getByRole('textbox', { name: 'Clause topic' }).fill('Liability cap');
    await page.getByRole('button', { name: 'Save and publish' }).click();
    // The toast, and the editor's status says the same.
    const toast = page.locator('#notistack-snackbar', { hasText: M.published(2) });
    await expect(toast).toBeVisible();
    await expect(page.locator('#main-content').getByText(M.published(2), { exact: true })).toBeVisible();
    await expect(toast).toBeHidden();
    await page.goto(casePagePath(theCase.id, 'playbooks'));
    await expect(pins.getByRole('row').filter({ hasText: name })).toContainText('version 1 of 2');
    await expectAccessible(page);
    await screenshot(page, 'case-tab-1280', {});

    // Duplicate: a "Copy of …" draft opens in the editor.
    await pins.getByRole('link', { name }).click();
    await page.getByRole('button', { name: 'Duplicate' }).click();
    await expectToastComesAndGoes(page, M.duplicated);
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(`Copy of ${name}`);

    // Copy link and delete, from the list's row actions.
    await openMyPlaybook(page);
    await page.getByRole('searchbox', { name: 'Search playbooks' }).fill(`Copy of ${name}`);
    const copyRow = page
      .getByRole('table', { name: 'Playbooks' })
      .getByRole('row')
      .filter({ hasText: `Copy of ${name}` });
    await expect(copyRow).toHaveCount(1);
    let menu = await openPlaybookActions(page, `Copy of ${name}`);
    await expect(menu.getByRole('menuitem')).toHaveText(['Edit', 'Copy link', 'Delete']);
    await menu.getByRole('menuitem', { name: 'Copy link' }).click();
    await expectToastComesAndGoes(page, commonMessages.copied('Playbook'));
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(new RegExp(`^${baseURL}/my-playbook/playbook/\\d+$`));
    expect(copied).not.toBe(`${baseURL}/my-playbook/playbook/${id}`);

    menu = await openPlaybookActions(page, `Copy of ${name}`);
    await menu.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm delete' });
    await expect(confirm).toContainText(commonMessages.deleteConfirm('Playbook'));
    await expect(confirm).toContainText('Are you sure you want to delete this Playbook ?');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectToastComesAndGoes(page, M.deleted);
    await expect(copyRow).toHaveCount(0);
  });

  test('a user copies a playbook’s link, and may neither edit, delete nor make one', async ({ page, request }) => {
    const { access } = await apiLogin(request, DEMO.admin);
    const name = uniqueName('Read-only playbook');
    await apiPlaybook(request, access, name);

    await signInFast(page, DEMO.user);
    await openMyPlaybook(page);
    await expect(page.getByRole('table', { name: 'Playbooks' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'New Playbook' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Import' })).toHaveCount(0);
    await findPlaybook(page, name);
    const menu = await openPlaybookActions(page, name);
    await expect(menu.getByRole('menuitem')).toHaveText(['Copy link']);
    await page.keyboard.press('Escape');
    await page.getByRole('table', { name: 'Playbooks' }).getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Copy link' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Edit', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Duplicate' })).toHaveCount(0);
  });

  test('a playbook link opened signed out lands on the playbook after signing in', async ({ page, request }) => {
    const { access } = await apiLogin(request, DEMO.admin);
    const name = uniqueName('Linked playbook');
    const id = await apiPlaybook(request, access, name);

    await page.goto(`/my-playbook/playbook/${id}`);
    await expect(page).toHaveURL(/\/login/);
    await page.getByLabel('Email').fill(DEMO.admin);
    await page.getByLabel('Password', { exact: true }).fill('Demo#2026pass');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page).toHaveURL(new RegExp(`/my-playbook/playbook/${id}$`));
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    // The token is used up: the next sign-in lands as usual.
    expect(await page.evaluate(() => window.sessionStorage.getItem('lexdesk.playbook_token'))).toBeNull();
  });

  test('the list, editor and view read well at 1280 and 600 px, light and dark, with no serious axe findings', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const { access } = await apiLogin(request, DEMO.admin);
    const name = uniqueName('Screens playbook');
    const id = await apiPlaybook(request, access, name, TOPICS.slice(0, 2));
    await apiPublish(request, access, id);

    await signInFast(page, DEMO.admin);
    const visit = async (width: number, theme: string) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/my-playbook');
      await findPlaybook(page, name);
      await expectAccessible(page);
      await expectFitsWidth(page);
      await screenshot(page, `list-${width}-${theme}`);
      await page.goto(`/create/playbook/${id}`);
      await expect(entryRegion(page, 2)).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Standard position of entry 1' })).toBeVisible();
      await expectAccessible(page);
      await expectFitsWidth(page);
      await screenshot(page, `editor-${width}-${theme}`);
      await page.goto(`/my-playbook/playbook/${id}`);
      await expect(page.getByText(TOPICS[1]!).first()).toBeVisible();
      await expectAccessible(page);
      await expectFitsWidth(page);
      await screenshot(page, `view-${width}-${theme}`);
    };
    let dark = false;
    for (const { width, theme } of SCREEN_PASSES) {
      if ((theme === 'dark') !== dark) {
        await toggleDark(page);
        dark = !dark;
      }
      await visit(width, theme);
    }
    if (dark) await toggleDark(page);
  });
});

/** Switches the theme with the top bar's Dark mode button. */
async function toggleDark(page: Page) {
  const toggle = page.getByRole('button', { name: 'Dark mode' });
  const pressed = await toggle.getAttribute('aria-pressed');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', pressed === 'true' ? 'false' : 'true');
}
