import { expect, test, type Page } from '@playwright/test';
import { DEMO_CUSTOMER_EMAIL, STAFF_EMAIL, signIn } from './support/sign-in';

/*
 * A signed-in screen's first paint is the screen (decision 010): its data came with the page, so
 * the page never shows "Loading..." or the signed-out state on its way there. A script added
 * before the page's own records every text the root element ever shows, from its first render.
 */

/** Starts recording what #root shows, before any of the page's scripts run. */
async function recordRootTexts(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { rootTexts: string[] }).rootTexts = seen;
    new MutationObserver(() => {
      const text = document.getElementById('root')?.innerText.trim();
      if (text && seen.at(-1) !== text) seen.push(text);
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

const rootTexts = (page: Page) => page.evaluate(() => (window as unknown as { rootTexts: string[] }).rootTexts);

for (const { who, email, path, content } of [
  { who: 'a customer', email: DEMO_CUSTOMER_EMAIL, path: '/customer-dashboard', content: /Welcome back/ },
  { who: 'an owner', email: STAFF_EMAIL, path: '/admin/submissions', content: /Contact Form Submissions/ },
]) {
  test(`${who}'s ${path} paints its content first, with no loading or signed-out state`, async ({ page }) => {
    await signIn(page, email, path);
    await recordRootTexts(page);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(content);
    const texts = await rootTexts(page);
    expect(texts.length).toBeGreaterThan(0);
    expect(texts[0]).toMatch(content);
    for (const text of texts) {
      expect(text).not.toMatch(/Loading\.\.\.|Please log in|Log In/);
    }
  });
}
