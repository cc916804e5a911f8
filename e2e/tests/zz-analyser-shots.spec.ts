import { expect, test, type Page } from '@playwright/test';
import { DEMO } from '../support/api.ts';
import { signIn } from '../support/ui.ts';

// Not committed: screenshots of the analyser pages for a look (helper brief, item 6).
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
}

test('analyser screenshots', async ({ page }) => {
  test.setTimeout(150_000);
  await signIn(page, DEMO.admin);
  for (const dark of [false, true]) {
    await page.emulateMedia({ colorScheme: dark ? 'dark' : 'light' });
    for (const width of [1280, 600]) {
      await page.setViewportSize({ width, height: 900 });
      const tag = `${width}-${dark ? 'dark' : 'light'}`;
      await page.goto('/concept-repo');
      await expect(page.getByRole('table', { name: 'Concept lists' }).getByRole('row').nth(1)).toBeVisible();
      await settle(page);
      await page.screenshot({ path: `/tmp/analyser-shots/repo-${tag}.png`, fullPage: true });
      await page.getByRole('table', { name: 'Concept lists' }).getByText('Commercial contract review').click();
      await expect(page.getByRole('table', { name: 'Concept heads' }).getByRole('row').nth(1)).toBeVisible();
      await settle(page);
      await page.screenshot({ path: `/tmp/analyser-shots/repo-heads-${tag}.png`, fullPage: true });
      await page.goto('/concept-repo-create');
      await expect(page.getByRole('textbox', { name: 'Concept description' })).toBeVisible();
      await settle(page);
      await page.screenshot({ path: `/tmp/analyser-shots/create-${tag}.png`, fullPage: true });
      await page.getByRole('button', { name: 'Copy Concept' }).click();
      await page.getByRole('combobox', { name: 'Concept list' }).click();
      await page.getByRole('option', { name: 'Commercial contract review' }).click();
      await expect(page.getByRole('checkbox', { name: 'Select GOVERNING LAW' })).toBeVisible();
      await settle(page);
      await page.screenshot({ path: `/tmp/analyser-shots/copy-${tag}.png` });
      await page.keyboard.press('Escape');
      await page.goto('/concept-repo');
      await page.getByRole('table', { name: 'Concept lists' }).getByText('Demo Law supply checklist').click();
      await page.getByRole('table', { name: 'Concept heads' }).getByRole('row').nth(1).click();
      await expect(page.getByRole('region', { name: 'Response Log' })).toBeVisible();
      await settle(page);
      await page.screenshot({ path: `/tmp/analyser-shots/head-${tag}.png`, fullPage: true });
    }
  }
  // Governing law of the shared list has a clause, scope and rule: the head page with parts.
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/concept-repo');
  await page.getByRole('table', { name: 'Concept lists' }).getByText('Commercial contract review').click();
  await page.getByRole('table', { name: 'Concept heads' }).getByText('GOVERNING LAW').click();
  await expect(page.getByRole('region', { name: 'Out of Scope' }).getByRole('listitem').first()).toBeVisible();
  await settle(page);
  await page.screenshot({ path: '/tmp/analyser-shots/head-parts-1280-light.png', fullPage: true });
});
