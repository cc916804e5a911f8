import { KNOWLEDGE_LIMITS as knowledgeLimits, knowledgeMessages } from '@lexdesk/contract';
import { expect, test } from '@playwright/test';
import { apiLogin, bearer, DEMO, linkFromMail, setKnowledgeRole, uniqueEmail, uniqueName } from '../support/api.ts';
import {
  apiKnowledgeNode,
  apiKnowledgeNodeId,
  apiKnowledgeRules,
  openKnowledgeFromMenu,
  storedKnowledgeToken,
} from '../support/knowledge.ts';
import { createOrganisationWithAdmin } from '../support/organisations.ts';
import { apiCaseWithFiles, apiReviewList, contextDialog, pick, textFile } from '../support/review.ts';
import { expectAccessible, expectToastComesAndGoes, signInFast } from '../support/ui.ts';

const ARTICLE = 'Confidentiality clauses: what to check';

test.describe('Knowledge (issue 17)', () => {
  test(
    'an editor opens Knowledge from the menu in a new tab, searches, reads and edits an article; the last tab takes the token',
    { tag: '@smoke' },
    async ({ page, context, request }) => {
      // An article of the test's own, so that runs side by side never edit the same one.
      const marker = `quillwort${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
      const article = uniqueName('Confidentiality notes');
      const { access } = await apiLogin(request, DEMO.admin);
      await apiKnowledgeNode(request, access, 'Confidentiality', {
        kind: 'instance',
        title: article,
        body: `<p>What each side may still disclose, and to whom: ${marker}.</p>`,
        keywords: ['confidential information'],
      });

      await signInFast(page, DEMO.admin);
      const kb = await openKnowledgeFromMenu(page, context);
      // The hand-over code came in the fragment and is gone; the token is kept for the knowledge tabs.
      expect(new URL(kb.url()).hash).toBe('');
      await expect.poll(() => storedKnowledgeToken(page)).not.toBeNull();
      await expect(kb.getByRole('heading', { name: 'Knowledge', level: 1 })).toBeVisible();
      await expectAccessible(kb);

      // Search: the hit in context, then the article.
      await kb.getByRole('searchbox', { name: 'Search knowledge' }).fill(marker);
      await kb.keyboard.press('Enter');
      const results = kb.getByRole('table', { name: 'Search results' });
      await expect(results.getByRole('link', { name: article })).toBeVisible({ timeout: 30_000 });
      await expect(results.getByTestId('kb-hit-context').first()).toContainText(marker);
      await expectAccessible(kb);
      await results.getByRole('link', { name: article }).click();
      await expect(kb.getByRole('heading', { name: article, level: 1 })).toBeVisible();
      const crumbs = kb.getByRole('navigation', { name: 'Breadcrumb' });
      await expect(crumbs.getByRole('link', { name: 'Contract clauses' })).toBeVisible();
      await expect(crumbs.getByRole('link', { name: 'Confidentiality' })).toBeVisible();
      await expect(kb.getByRole('list', { name: 'Keywords' })).toContainText('confidential information');
      const revisions = kb.getByRole('table', { name: 'Revisions' });
      // The revisions load after the article: count them once the current one shows.
      await expect(revisions.getByRole('row').nth(1)).toContainText('(current)');
      const before = await revisions.getByRole('row').count();
      await expectAccessible(kb);

      // Edit (admin@example.com is a manager): a new word and a keyword make a new revision with who and when.
      const word = `zephyrine${Date.now().toString(36)}`;
      await kb.getByRole('link', { name: 'Edit' }).click();
      const text = kb.getByRole('textbox', { name: 'Article text' });
      await text.click();
      await kb.keyboard.press('Control+End');
      await kb.keyboard.type(` Checked by ${word}.`);
      const keywords = kb.getByLabel('Keywords');
      await keywords.fill(`${await keywords.inputValue()}, ${word}`);
      await expectAccessible(kb);
      await kb.getByRole('button', { name: 'Save' }).click();
      await expectToastComesAndGoes(kb, knowledgeMessages.articleSaved);
      await expect(kb.getByRole('region', { name: 'Article' })).toContainText(word);
      await expect(kb.getByRole('list', { name: 'Keywords' })).toContainText(word);
      await expect(revisions.getByRole('row')).toHaveCount(before + 1);
      await expect(revisions.getByRole('row').nth(1)).toContainText('(current)');

      // The earlier revision reads as it was, and comes back as a new revision.
      await revisions.getByRole('row').nth(2).getByRole('link').click();
      await expect(kb.getByRole('region', { name: /^Revision \d+$/ })).not.toContainText(word);
      await kb.getByRole('button', { name: 'Restore this revision' }).click();
      await kb.getByRole('dialog', { name: 'Restore revision' }).getByRole('button', { name: 'Restore' }).click();
      await expect(kb.getByRole('heading', { name: article, level: 1 })).toBeVisible();
      await expect(kb.getByRole('region', { name: 'Article' })).not.toContainText(word);
      await expect(revisions.getByRole('row')).toHaveCount(before + 2);

      // The last knowledge tab closes: the token leaves the main tab's storage.
      await kb.close({ runBeforeUnload: true });
      await expect.poll(() => storedKnowledgeToken(page)).toBeNull();
    },
  );

  test('the provider shares a shared domain with another firm from the Access page, and that firm sees it', async ({
    page,
    context,
    request,
  }) => {
    const firm = await createOrganisationWithAdmin(request);
    const { access: superAccess } = await apiLogin(request, DEMO.super);
    const domain = uniqueName('Provider precedents');
    await apiKnowledgeNode(request, superAccess, null, { kind: 'domain', title: domain, shared: true });
    await setKnowledgeRole(request, firm.email, 'manager');
    const { access: firmAccess } = await apiLogin(request, firm.email, firm.password);
    // The firm restricts a domain of its own: the provider neither sees nor lifts that rule (issue 29).
    const firmDomain = uniqueName('Firm matters');
    const firmDomainId = await apiKnowledgeNode(request, firmAccess, null, { kind: 'domain', title: firmDomain });
    await apiKnowledgeRules(request, firmAccess, [{ node_id: firmDomainId, mode: 'restricted' }]);

    await signInFast(page, DEMO.super);
    const kb = await openKnowledgeFromMenu(page, context);
    await kb.getByRole('link', { name: 'Access' }).click();
    await expect(kb.getByRole('heading', { name: 'Access', level: 1 })).toBeVisible();
    await kb.getByRole('combobox', { name: 'Organisation' }).click();
    await kb.getByRole('option', { name: firm.name, exact: true }).click();
    const rules = kb.getByRole('table', { name: 'Access rules' });
    await expect(kb.getByTestId('kb-rules-shared-only')).toBeVisible();
    await expect(rules).toContainText('No rules on shared domains');
    await expect(kb.getByText(firmDomain)).toHaveCount(0);
    // Another firm's rules name only the shared domains; the explainer stays with one's own users.
    await expect(kb.getByRole('heading', { name: 'Effective access' })).toHaveCount(0);
    await kb.getByRole('combobox', { name: 'Node' }).fill(domain);
    await kb.getByRole('option', { name: new RegExp(domain) }).click();
    await kb.getByRole('combobox', { name: 'Rule' }).click();
    await kb.getByRole('option', { name: 'Allowed (shared with the organisation)' }).click();
    await kb.getByRole('button', { name: 'Add rule' }).click();
    await expect(rules.getByRole('row', { name: new RegExp(domain) })).toContainText('Allowed');
    // The next node starts from the rule every node can take.
    await expect(kb.getByRole('combobox', { name: 'Rule' })).toHaveText('Restricted');
    await expectAccessible(kb);
    await kb.getByRole('button', { name: 'Save rules' }).click();
    await expectToastComesAndGoes(kb, knowledgeMessages.rulesSaved);

    // The firm now sees the domain, and its own rule is as it was; Demo Law LLP's own rules are as they were.
    expect(await apiKnowledgeNodeId(request, firmAccess, domain)).toBeGreaterThan(0);
    expect((await apiKnowledgeRules(request, firmAccess)).map((rule) => [rule.title, rule.mode])).toEqual(
      expect.arrayContaining([
        [firmDomain, 'restricted'],
        [domain, 'allowed'],
      ]),
    );
    await kb.getByRole('combobox', { name: 'Organisation' }).click();
    await kb.getByRole('option', { name: /\(yours\)$/ }).click();
    await expect(kb.getByRole('heading', { name: 'Effective access' })).toBeVisible();
    await expect(rules).not.toContainText(domain);
  });

  test('an admin makes an API key that expires on the chosen day, shown in the key list', async ({
    page,
    context,
    request,
  }) => {
    const firm = await createOrganisationWithAdmin(request);
    await setKnowledgeRole(request, firm.email, 'manager');
    await signInFast(page, firm.email, firm.password);
    const kb = await openKnowledgeFromMenu(page, context);
    await kb.getByRole('link', { name: 'API keys' }).click();
    await expect(kb.getByRole('heading', { name: 'API keys', level: 1 })).toBeVisible();
    await kb.getByRole('button', { name: 'New API key' }).click();
    const dialog = kb.getByRole('dialog', { name: 'New API key' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Document analyser');
    const days = dialog.getByRole('spinbutton', { name: 'Expires after (days)' });
    await expect(days).toHaveValue(String(knowledgeLimits.apiKeyDefaultDays));
    await days.fill(String(knowledgeLimits.apiKeyMaxDays + 1));
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog).toContainText(knowledgeMessages.apiKeyExpiryRange);
    await days.fill('30');
    await dialog.getByRole('button', { name: 'Create' }).click();
    const shown = kb.getByRole('dialog', { name: 'Your new API key' });
    await expect(shown).toContainText(knowledgeMessages.apiKeyCreated);
    await shown.getByRole('button', { name: 'Done' }).click();
    // The list shows the day it expires (MM-DD-YY, the browser's time zone) and that it is active.
    const day = new Date(Date.now() + 30 * 24 * 60 * 60 * 1000);
    const expected = [day.getMonth() + 1, day.getDate(), day.getFullYear() % 100]
      .map((part) => String(part).padStart(2, '0'))
      .join('-');
    const row = kb.getByRole('table', { name: 'API keys' }).getByRole('row', { name: /Document analyser/ });
    await expect(row).toContainText(expected);
    await expect(row).toContainText('Active');
    await expectAccessible(kb);
  });

  test('a reader sees neither the restricted class nor its article, and finds them by address not found', async ({
    page,
    context,
    request,
  }) => {
    const { access } = await apiLogin(request, DEMO.admin);
    const restrictedClass = await apiKnowledgeNodeId(request, access, 'Negotiation notes');
    const restrictedArticle = await apiKnowledgeNodeId(request, access, 'Settlement playbook');
    await signInFast(page, DEMO.user);
    const kb = await openKnowledgeFromMenu(page, context);
    const tree = kb.getByRole('navigation', { name: 'Knowledge tree' });
    await expect(tree.getByRole('link', { name: 'Contract clauses' })).toBeVisible();
    await tree.getByRole('link', { name: 'Contract clauses' }).click();
    await expect(tree.getByRole('link', { name: 'Confidentiality' })).toBeVisible();
    await expect(tree.getByRole('link', { name: 'Negotiation notes' })).toHaveCount(0);
    // A reader has no Edit and no New buttons.
    await expect(kb.getByRole('button', { name: 'New class' })).toHaveCount(0);
    for (const id of [restrictedClass, restrictedArticle]) {
      await kb.goto(`/kb/node/${id}`);
      // Restricted reads exactly like missing (issue 29).
      await expect(kb.getByTestId('kb-refusal')).toHaveText('This page does not exist, or it is not available to you.');
      // The refusal names nothing: no title, no breadcrumb.
      await expect(kb.getByRole('heading', { level: 1 })).toHaveCount(0);
      await expect(kb.getByText(/Negotiation notes|Settlement playbook/)).toHaveCount(0);
    }
    await expectAccessible(kb);
    // Search leaves the restricted article out.
    await kb.getByRole('searchbox', { name: 'Search knowledge' }).fill('zebracorn');
    await kb.keyboard.press('Enter');
    await expect(kb.getByRole('table', { name: 'Search results' })).toContainText('No records found');
  });

  test('a user with neither Case nor Precedents lands on /knowledge and ends in the knowledge application', async ({
    page,
    request,
  }) => {
    const firm = await createOrganisationWithAdmin(request, { userLimit: 3 });
    const { access: superAccess } = await apiLogin(request, DEMO.super);
    const email = uniqueEmail('reader');
    const onlyKnowledge = {
      knowledge_permission: true,
      case_permission: false,
      precedent_permission: false,
      doc_analyzer_permission: false,
      my_playbooks_permission: false,
      task_management_permission: false,
      invoice_permission: false,
    };
    const invited = await request.post('/api/user/', {
      headers: bearer(superAccess),
      data: {
        first_name: 'Kim',
        last_name: 'Reader',
        email,
        role: 'user',
        modules: onlyKnowledge,
        knowledge_role: 'reader',
        org_id: firm.id,
      },
    });
    expect(invited.status(), await invited.text()).toBe(201);
    const link = decodeURIComponent(await linkFromMail(request, email));
    const token = /token=([^&/]+)/.exec(link)![1];
    const password = 'Reader#2026pass';
    expect((await request.put('/api/token/', { data: { token, password } })).status()).toBe(200);

    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Log In' }).click();
    // /knowledge hands over in the same tab: the knowledge application, without the code in the address.
    await expect(page).toHaveURL(/\/kb\/?$/);
    await expect(page.getByRole('heading', { name: 'Knowledge', level: 1 })).toBeVisible();
    await expect(page.getByTestId('kb-user')).toContainText('Reader');
    expect(new URL(page.url()).hash).toBe('');
    // A user with Case who opens /knowledge goes to their landing page instead.
    const other = await page.context().browser()!.newContext();
    const second = await other.newPage();
    await signInFast(second, DEMO.user);
    await second.goto('/knowledge');
    await expect(second).toHaveURL(/\/dashboard$/);
    await other.close();
  });

  test('from an analyser hit, the Knowledge action opens the matching article in a knowledge tab', async ({
    page,
    context,
    request,
  }) => {
    const { access } = await apiLogin(request, DEMO.admin);
    const caseId = await apiCaseWithFiles(request, access, uniqueName('Secrecy review'), [
      textFile('nda-draft.txt', 'Each party keeps the confidential information of the other to itself for five years.'),
    ]);
    const listName = uniqueName('Secrecy terms');
    await apiReviewList(request, access, listName, [{ head: 'SECRECY', terms: ['confidential'] }]);
    await signInFast(page, DEMO.admin);
    await page.goto(`/case-redirect/queries/${caseId}`);
    await pick(page, 'Concept list', listName);
    await page.getByRole('button', { name: 'Run review' }).click();
    await expect(page.getByRole('region', { name: 'Results' })).toBeVisible({ timeout: 30_000 });
    // One document: the single-document table of counts per term.
    await page
      .getByRole('table', { name: 'Concept counts' })
      .getByRole('button', { name: '1 hit of confidential' })
      .click();
    const dialog = contextDialog(page);
    const opened = context.waitForEvent('page');
    await dialog.getByRole('button', { name: 'Knowledge for hit 1 of confidential' }).click();
    const kb = await opened;
    await expect(kb).toHaveURL(/\/kb\/node\/\d+$/);
    await expect(kb.getByRole('heading', { name: ARTICLE, level: 1 })).toBeVisible();
    await expectAccessible(kb);
  });
});
