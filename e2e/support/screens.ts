import { expect, test, type Page, type PageScreenshotOptions } from '@playwright/test';

/**
 * The screen-review journeys: E2E_SCREENS=1 writes their screenshots (for a person to look at) and visits every
 * width in both themes. Otherwise (CI) nobody looks at the pictures: each width is visited once, alternating the
 * theme (light at 1280, dark at 600), with the axe check and the layout assertions that fail on their own.
 * The four passes and their pictures cost about 2 minutes a journey.
 */
export const SCREENS_WANTED = process.env.E2E_SCREENS === '1';

export type Theme = 'light' | 'dark';
export interface ScreenPass {
  width: number;
  theme: Theme;
}

export const SCREEN_PASSES: readonly ScreenPass[] = SCREENS_WANTED
  ? [
      { width: 1280, theme: 'light' },
      { width: 600, theme: 'light' },
      { width: 1280, theme: 'dark' },
      { width: 600, theme: 'dark' },
    ]
  : [
      { width: 1280, theme: 'light' },
      { width: 600, theme: 'dark' },
    ];

/** A screenshot into the test's output folder, only when E2E_SCREENS=1. */
export async function screenshot(page: Page, name: string, options: PageScreenshotOptions = { fullPage: true }) {
  if (!SCREENS_WANTED) return;
  await page.screenshot({ ...options, path: test.info().outputPath(`${name}.png`) });
}

/**
 * The page fits its viewport's width: no horizontal scrolling of the whole page (wide tables scroll inside their
 * own box). What a screenshot at 600 px would have shown first when a layout breaks.
 */
export async function expectFitsWidth(page: Page) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), {
      message: `the page scrolls sideways at ${page.viewportSize()?.width} px`,
    })
    .toBeLessThanOrEqual(1);
}
