import { expect, test } from '@playwright/test';
import { apiLogin, DEMO } from '../support/api.ts';
import { apiCreateCase, apiUpload, uniqueTitle } from '../support/cases.ts';
import { signInFast } from '../support/ui.ts';

// Issue 18 item 7: a long file name wrapped almost letter by letter and pushed the document down.
test('the viewer title stays on one line with an ellipsis and shows the whole name on hover', async ({
  page,
  request,
}) => {
  const { access } = await apiLogin(request, DEMO.admin);
  const created = await apiCreateCase(request, access, uniqueTitle('Viewer title'));
  const name = `Supplemental_Agreement_between_the_Parties_regarding_Liquidated_Damages_${Date.now()}_final_v3.txt`;
  const id = await apiUpload(request, access, created.id, {
    name,
    mimeType: 'text/plain',
    buffer: Buffer.from('A short memo.'),
  });

  await page.setViewportSize({ width: 600, height: 900 });
  await signInFast(page, DEMO.admin);
  await page.goto(`/view-document/editor/${id}`);
  const title = page.getByRole('heading', { level: 1, name });
  await expect(title).toHaveText(name);
  const box = await title.evaluate((element) => {
    const style = getComputedStyle(element);
    return {
      height: element.getBoundingClientRect().height,
      lineHeight: parseFloat(style.lineHeight),
      cut: element.scrollWidth > element.clientWidth,
      ellipsis: style.textOverflow,
    };
  });
  expect(box.height).toBeLessThan(box.lineHeight * 1.5);
  expect(box.cut).toBe(true);
  expect(box.ellipsis).toBe('ellipsis');
  await expect(title).toHaveAttribute('title', name);
});
