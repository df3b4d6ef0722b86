import type { Page } from '@playwright/test';

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
