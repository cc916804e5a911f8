import {
  commonMessages as C,
  templateMessages as M,
  type AssignmentResponse,
  type TemplateListResponse,
} from '@lexdesk/contract';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiLogin, bearer, DEMO } from '../support/api.ts';
import {
  apiQuestionnaire,
  apiTemplateSetUp,
  apiUploadTemplate,
  docxText,
  precedentDocx,
  uniqueTag,
} from '../support/templates.ts';
import {
  chooseFromMenu,
  closeList,
  expectAccessible,
  expectToastComesAndGoes,
  forgetSession,
  signInFast,
} from '../support/ui.ts';

/** The rows of the list on screen whose text includes `text`. */
const rows = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

async function searchTemplates(page: Page, text: string) {
  await page.goto('/document-template');
  await expect(page.getByRole('heading', { name: 'Templates' })).toBeVisible();
  await page.getByLabel('Search templates').fill(text);
  await expect(rows(page, text)).toHaveCount(1);
}

/** Executes the template through the API with `client` as the client name's answer. */
async function apiExecute(
  request: APIRequestContext,
  token: string,
  templateId: number,
  questionId: number,
  client: string,
) {
  const res = await request.post('/api/execute/', {
    headers: bearer(token),
    data: { templateId, data: [{ question_id: questionId, selected: null, options: [], short: client }] },
  });
  expect(res.status(), await res.text()).toBe(201);
}

test.describe('template list: admin row actions', () => {
  test('assign a template to a user, edit it, and delete it after the confirmation', async ({ page, request }) => {
    test.setTimeout(120_000);
    const prefix = uniqueTag();
    const { access } = await apiLogin(request, DEMO.admin);
    const q = await apiQuestionnaire(request, access, prefix);
    const name = `Row actions ${prefix}`;
    const template = await apiUploadTemplate(request, access, name, await precedentDocx(q.tag));
    const user = await apiLogin(request, DEMO.user);
    const visibleToUser = async (search: string) => {
      const res = await request.get('/api/document-template/', {
        headers: bearer(user.access),
        params: { search_key: search },
      });
      return ((await res.json()) as TemplateListResponse).data.map((t) => t.name);
    };
    expect(await visibleToUser(name)).toEqual([]);

    await signInFast(page, DEMO.admin);
    await searchTemplates(page, name);

    // Assign: to one user of the organisation.
    await page.getByRole('button', { name: `Actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Assign' }).click();
    const assign = page.getByRole('dialog', { name: `Assign “${name}”` });
    await expect(assign.getByLabel('Everyone in the organisation')).not.toBeChecked();
    await assign.getByLabel('Users').fill(DEMO.user);
    await page.getByRole('option', { name: new RegExp(`\\(${DEMO.user.replace('.', '\\.')}\\)`) }).click();
    await closeList(page);
    await expectAccessible(page);
    await assign.getByRole('button', { name: 'Save' }).click();
    await expectToastComesAndGoes(page, M.templateAssigned);
    await expect(assign).toBeHidden();
    const saved = await request.get(`/api/document-template/${template.id}/assign/`, { headers: bearer(access) });
    expect(((await saved.json()) as AssignmentResponse).user_ids).toEqual([user.user_id]);
    expect(await visibleToUser(name)).toEqual([name]);

    // Edit: the template page, where the name changes.
    await page.getByRole('button', { name: `Actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await expect(page).toHaveURL(new RegExp(`/document-template/template/${template.id}$`));
    await page.getByLabel('Template name').fill(`${name} v2`);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToastComesAndGoes(page, M.templateUpdated);

    // Delete: Cancel keeps it; Delete in the confirmation removes it.
    await searchTemplates(page, `${name} v2`);
    await page.getByRole('button', { name: `Actions for ${name} v2` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm delete' });
    await expect(confirm).toContainText(C.deleteConfirm('template'));
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(rows(page, `${name} v2`)).toHaveCount(1);
    await chooseFromMenu(page, page.getByRole('button', { name: `Actions for ${name} v2` }), 'Delete', confirm);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(M.templateDeleted, { exact: true })).toBeVisible();
    await expect(rows(page, `${name} v2`)).toHaveCount(0);
    await expect(page.getByText(M.noRecords)).toBeVisible();
    expect(await visibleToUser(name)).toEqual([]);
  });
});

test.describe('template history', () => {
  test('a user downloads and deletes an execution; an admin finds the user in History by user and does the same', async ({
    page,
    request,
  }) => {
    test.setTimeout(150_000);
    const { prefix, q, name, template } = await apiTemplateSetUp(request, 'History');
    const clientQuestion = q.questions.find((x) => x.question_text === 'What is the client name?')!;
    const user = await apiLogin(request, DEMO.user);
    await apiExecute(request, user.access, template.id, clientQuestion.question_id, `Alpha ${prefix}`);
    await apiExecute(request, user.access, template.id, clientQuestion.question_id, `Beta ${prefix}`);
    const documentName = `${name}.docx`;

    // The user: the template's history, newest first; download it, then delete it.
    await signInFast(page, DEMO.user);
    await searchTemplates(page, name);
    await expect(page.getByRole('link', { name: 'History by user' })).toHaveCount(0);
    await page.getByRole('button', { name: `Actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'History' }).click();
    await expect(page).toHaveURL(new RegExp(`/document-template/template-history/${template.id}$`));
    await expect(page.getByRole('heading', { name: `History: ${name}` })).toBeVisible();
    await expect(rows(page, documentName)).toHaveCount(2);
    await expectAccessible(page);
    const newest = page.waitForEvent('download');
    await page
      .getByRole('button', { name: `Actions for ${documentName}` })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Download', exact: true }).click();
    const file = await newest;
    expect(file.suggestedFilename()).toBe(documentName);
    expect(await docxText(file)).toContain(`This agreement is made with Beta ${prefix}.`);
    await expectToastComesAndGoes(page, M.downloaded);
    await expect(page.getByRole('dialog', { name: 'Downloading...' })).toBeHidden();
    await page
      .getByRole('button', { name: `Actions for ${documentName}` })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm delete' });
    await expect(confirm).toContainText(C.deleteConfirm('history'));
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectToastComesAndGoes(page, M.historyDeleted);
    await expect(rows(page, documentName)).toHaveCount(1);

    // The admin: History by user → this user's executions (every template), download and delete.
    await forgetSession(page);
    await signInFast(page, DEMO.admin);
    await page.goto('/document-template');
    await page.getByRole('link', { name: 'History by user' }).click();
    await expect(page).toHaveURL(/\/document-template\/template-history\/users\/list$/);
    await expect(page.getByRole('heading', { name: 'History by user' })).toBeVisible();
    const userRow = rows(page, DEMO.user);
    await expect(userRow).toHaveCount(1);
    await expectAccessible(page);
    // The heading names the user whose link was followed.
    const userName = (await userRow.getByRole('link').textContent())?.trim() ?? '';
    expect(userName).not.toBe('');
    await userRow.getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/document-template/show-history/${user.user_id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Executions of ${userName}`);
    await page.getByLabel('Search by document or template').fill(name);
    await expect(rows(page, documentName)).toHaveCount(1);
    await expect(rows(page, documentName)).toContainText(name);
    await expectAccessible(page);
    const remaining = page.waitForEvent('download');
    await page.getByRole('button', { name: `Actions for ${documentName}` }).click();
    await page.getByRole('menuitem', { name: 'Download', exact: true }).click();
    expect(await docxText(await remaining)).toContain(`This agreement is made with Alpha ${prefix}.`);
    await expectToastComesAndGoes(page, M.downloaded);
    await page.getByRole('button', { name: `Actions for ${documentName}` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await expect(confirm).toContainText(C.deleteConfirm('history'));
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(M.historyDeleted, { exact: true })).toBeVisible();
    await expect(rows(page, documentName)).toHaveCount(0);
    await expect(page.getByText(M.noRecords)).toBeVisible();

    // The user-history list is for super and admin only (spec 02 §6).
    const refused = await request.get('/api/document-template/history/users/', { headers: bearer(user.access) });
    expect(refused.status()).toBe(403);
  });
});
