import { mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Switches the page to the dark theme and waits until its colour transitions have finished, so
 * an accessibility check sees the final colours, never a button halfway between two themes.
 */
export async function switchToDark(page: Page) {
  await page.evaluate(async () => {
    document.documentElement.classList.add('dark');
    // getAnimations() applies the new styles first, so the transitions they start are included.
    await Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined)));
  });
}

/** Back to the light theme, once its colour transitions have finished (as switchToDark waits for the dark ones). */
export const switchToLight = (page: Page) =>
  page.evaluate(async () => {
    document.documentElement.classList.remove('dark');
    await Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined)));
  });

/**
 * The rules whose outcome depends on the colours. The dark theme changes nothing but colours (the
 * `dark` class on the root), so the dark pass runs only these; every other rule has just seen the
 * same page in the light pass.
 */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** axe finds nothing in the light theme (every rule) and then the dark (the colour rules); the page is left light. `what` names the page in a failure. */
export async function expectAccessibleInBothThemes(page: Page, what = '') {
  for (const dark of [false, true]) {
    if (dark) await switchToDark(page);
    const axe = new AxeBuilder({ page });
    const { violations } = await (dark ? axe.withRules(COLOUR_RULES) : axe).analyze();
    const where = `${what ? `${what} ` : ''}${dark ? 'dark' : 'light'}`;
    expect(violations.map((v) => `${where} ${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
  }
  await switchToLight(page);
}

/** Review screenshots are taken when asked for (`E2E_SCREENSHOTS=1 npm run test:e2e`): a full-page picture costs seconds a test. */
export const takeScreenshots = Boolean(process.env.E2E_SCREENSHOTS);

/** The whole page from the top, with no field focused, in light and dark: `<dir>/<name>-light.png` and `-dark.png`; the page is left light. */
export async function screenshotsInBothThemes(page: Page, dir: string, name: string) {
  if (!takeScreenshots) return;
  mkdirSync(dir, { recursive: true });
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  for (const theme of ['light', 'dark'] as const) {
    if (theme === 'dark') await switchToDark(page);
    await page.screenshot({ path: path.join(dir, `${name}-${theme}.png`), fullPage: true });
  }
  await switchToLight(page);
}
