import type { Page } from '@playwright/test';

/**
 * Holds back the scripts whose URL matches `pattern`, so the page stays the server's HTML
 * without React (decision 010); the function it returns lets them through.
 */
export async function holdScript(page: Page, pattern: RegExp): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
