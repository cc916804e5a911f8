import { expect, test } from '@playwright/test';
import { playbookMessages as M } from '@lexdesk/contract';
import { readFileSync, writeFileSync } from 'node:fs';
import { apiLogin, createDemoAdmin, DEMO, uniqueName } from '../support/api.ts';
import { apiCreateCase, casePagePath } from '../support/cases.ts';
import {
  apiPinToCase,
  apiPlaybook,
  apiPublish,
  apiSaveDraft,
  choose,
  entryRegion,
  findPlaybook,
  openMyPlaybook,
  openPlaybookActions,
  playbookBody,
} from '../support/playbooks.ts';
import { closeList, expectToastComesAndGoes, logout, signIn, signInFast } from '../support/ui.ts';

const TOPICS = ['Limitation of liability', 'Indemnities', 'Termination'];

test.describe('Playbooks: packages, sharing, search and case versions', () => {
  test('an admin exports a playbook package and imports it as a copy with the same entries; unknown concept heads are reported', async ({
    page,
    request,
  }) => {
    const admin = await createDemoAdmin(request);
    const { access } = await apiLogin(request, admin.email, admin.password);
    const name = uniqueName('Packaged playbook');
    await apiPlaybook(request, access, name, TOPICS);

    await signIn(page, admin.email, admin.password);
    await openMyPlaybook(page);
    const row = await findPlaybook(page, name);
    await row.getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Export' }).click();
    const downloading = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'Playbook package (.json)' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.json$/);
    const file = test.info().outputPath('package', download.suggestedFilename());
    await download.saveAs(file);
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as { format: string; playbook: { name: string } };
    expect(parsed.format).toBe('lexdesk.playbook');
    expect(parsed.playbook.name).toBe(name);

    // The name is taken in this organisation: the copy gets " (2)".
    await openMyPlaybook(page);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Import playbook' });
    await dialog.getByLabel('Playbook package').setInputFiles(file);
    await expect(dialog).toContainText(download.suggestedFilename());
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await expectToastComesAndGoes(page, M.imported);
    const copyName = `${name} (2)`;
    await expect(page.getByRole('heading', { name: copyName, level: 1 })).toBeVisible();
    await expect(page).toHaveURL(/\/my-playbook\/playbook\/\d+$/);
    const document = page.getByRole('article', { name: `Playbook ${copyName}` });
    for (const topic of TOPICS) await expect(document.getByRole('heading', { name: topic })).toBeVisible();
    await expect(document.getByText('A softer indemnities')).toBeVisible();

    // A package whose entry links a concept head this firm does not have: imported without it, and said so.
    const list = uniqueName('Foreign list');
    const tampered = JSON.parse(readFileSync(file, 'utf8')) as {
      playbook: { entries: { concept_heads: { list: string; head: string }[] }[] };
    };
    tampered.playbook.entries[0]!.concept_heads = [{ list, head: 'Cap' }];
    const foreign = test.info().outputPath('package', 'foreign.json');
    writeFileSync(foreign, JSON.stringify(tampered));
    await openMyPlaybook(page);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await dialog.getByLabel('Playbook package').setInputFiles(foreign);
    await expect(dialog).toContainText('foreign.json');
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(page.getByText(M.droppedConceptHeads([`${list} / Cap`]), { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: `${name} (3)`, level: 1 })).toBeVisible();
  });

  test('the super user shares a playbook with Other Firm, whose admin reads it and duplicates an own copy', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const { access } = await apiLogin(request, DEMO.super);
    const name = uniqueName('Shared playbook');
    const id = await apiPlaybook(request, access, name, TOPICS.slice(0, 2));
    await apiPublish(request, access, id);

    await signInFast(page, DEMO.super);
    await page.goto(`/my-playbook/playbook/${id}`);
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Share' }).click();
    const dialog = page.getByRole('dialog', { name: `Share “${name}”` });
    await dialog.getByRole('combobox', { name: 'Organisations' }).fill('Other Firm');
    await page.getByRole('option', { name: 'Other Firm', exact: true }).click();
    await closeList(page);
    await expect(dialog.locator('.MuiChip-root', { hasText: 'Other Firm' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToastComesAndGoes(page, M.assigned);
    await expect(dialog).toBeHidden();
    await logout(page);

    // Other Firm's admin: read-only, copy link only.
    await signInFast(page, DEMO.otherAdmin);
    await openMyPlaybook(page);
    const row = await findPlaybook(page, name);
    await expect(row).toContainText('Shared');
    const menu = await openPlaybookActions(page, name);
    await expect(menu.getByRole('menuitem')).toHaveText(['Copy link']);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await row.getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    await expect(page.getByText('shared with your organisation (read-only)')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Edit', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Publish' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Share' })).toHaveCount(0);

    // Duplicate: an own copy, opened in the editor and saved with a change.
    await page.getByRole('button', { name: 'Duplicate' }).click();
    await expectToastComesAndGoes(page, M.duplicated);
    await expect(page.getByRole('heading', { name: 'Edit playbook', level: 1 })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(`Copy of ${name}`);
    const entry = entryRegion(page, 1);
    if (!(await entry.getByRole('textbox', { name: 'Clause topic' }).isVisible())) {
      await entry.getByRole('button', { name: /^Open entry 1/ }).click();
    }
    await entry.getByRole('textbox', { name: 'Clause topic' }).fill('Our liability cap');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToastComesAndGoes(page, M.updated);

    await openMyPlaybook(page);
    await findPlaybook(page, `Copy of ${name}`);
    const own = await openPlaybookActions(page, `Copy of ${name}`);
    await expect(own.getByRole('menuitem')).toHaveText(['Edit', 'Copy link', 'Delete']);
  });

  test('the advanced search on My Playbook filters by type and by name', async ({ page, request }) => {
    const { access } = await apiLogin(request, DEMO.admin);
    const stem = uniqueName('Searchable');
    const services = `${stem} services`;
    const software = `${stem} software`;
    await apiPlaybook(request, access, services, TOPICS.slice(0, 1), 'Services agreement');
    await apiPlaybook(request, access, software, TOPICS.slice(0, 1), 'Software licence');

    await signInFast(page, DEMO.admin);
    await openMyPlaybook(page);
    await page.getByRole('button', { name: 'Advanced search' }).click();
    const form = page.getByRole('form', { name: 'Advanced search' });
    const table = page.getByRole('table', { name: 'Playbooks' });
    const nameLinks = table.getByRole('link', { name: stem });

    // By name: both.
    await form.getByRole('textbox', { name: 'Name' }).fill(stem);
    await form.getByRole('button', { name: 'Search' }).click();
    await expect(nameLinks).toHaveCount(2);
    for (const found of [services, software]) await expect(table.getByRole('link', { name: found })).toBeVisible();

    // By name and type: the software licence only.
    await choose(form, 'Playbook type', 'Software licence');
    await form.getByRole('button', { name: 'Search' }).click();
    await expect(nameLinks).toHaveText([software]);

    // A full name alone: that playbook only.
    await choose(form, 'Playbook type', 'Any type');
    await form.getByRole('textbox', { name: 'Name' }).fill(services);
    await form.getByRole('button', { name: 'Search' }).click();
    await expect(nameLinks).toHaveText([services]);

    // Reset empties the fields.
    await form.getByRole('button', { name: 'Reset' }).click();
    await expect(form.getByRole('textbox', { name: 'Name' })).toHaveValue('');
  });

  test('a case on version 1 of 2 moves to version 2 from its Playbooks tab', async ({ page, request }) => {
    const admin = await createDemoAdmin(request);
    const { access } = await apiLogin(request, admin.email, admin.password);
    const name = uniqueName('Versioned playbook');
    const id = await apiPlaybook(request, access, name, TOPICS.slice(0, 1));
    await apiPublish(request, access, id);
    const theCase = await apiCreateCase(request, access, uniqueName('Versioned case'));
    await apiPinToCase(request, access, theCase.id, id);
    await apiSaveDraft(request, access, id, playbookBody(name, ['Liability cap']));
    await apiPublish(request, access, id);

    await signIn(page, admin.email, admin.password);
    await page.goto(casePagePath(theCase.id, 'playbooks'));
    await expect(page.getByRole('tab', { name: 'Playbooks', selected: true })).toBeVisible();
    const pin = page.getByRole('table', { name: 'Case playbooks' }).getByRole('row').filter({ hasText: name });
    await expect(pin).toContainText('version 1 of 2');
    const menu = await openPlaybookActions(page, name);
    await expect(menu.getByRole('menuitem')).toHaveText(['Move to version 2', 'Remove']);
    await menu.getByRole('menuitem', { name: 'Move to version 2' }).click();
    await expectToastComesAndGoes(page, M.caseMovedToVersion(2));
    await expect(pin).toContainText('version 2 of 2');
    const after = await openPlaybookActions(page, name);
    await expect(after.getByRole('menuitem')).toHaveText(['Remove']);
    await page.keyboard.press('Escape');
    // The case keeps version 2 after a reload.
    await page.reload();
    await expect(pin).toContainText('version 2 of 2');
  });
});
