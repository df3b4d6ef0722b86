import { expect, type Page } from '@playwright/test';

/** Opens a page and waits until the landing page's always-loaded islands are hydrated. */
export async function gotoHydrated(page: Page, path = '/') {
  const response = await page.goto(path);
  for (const island of ['header', 'gallery', 'reviews']) {
    await expect(page.locator(`[data-island="${island}"]`)).toHaveAttribute('data-hydrated', 'true');
  }
  return response;
}
