import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { APP_ROUTES } from '../src/shared/routes';
import { gotoHydrated } from './support/goto-hydrated';

test('unknown paths answer 404 with the not-found screen; unknown API paths with JSON', async ({ page, request }) => {
  const response = await page.goto('/no-such-page');
  expect(response!.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByText(/missing from our site/)).toBeVisible();
  await expect(page.getByRole('link', { name: /Back to/ })).toHaveAttribute('href', '/');

  const api = await request.get('/api/no-such-thing');
  expect(api.status()).toBe(404);
  expect(await api.json()).toEqual({ message: 'Not found' });
});

test('every screen of the app answers 200 when loaded directly or reloaded', async ({ request }) => {
  // The estimate page answers only its link's token: an unknown one is the house 404 (e2e/estimate-page.spec.ts).
  for (const route of APP_ROUTES.filter((path) => !path.includes(':token'))) {
    const response = await request.get(route.replace(':id', '00000000-0000-4000-8000-000000000000'));
    expect(response.status(), route).toBe(200);
    expect(await response.text(), route).toContain('<div id="root"');
  }
});

test('serves hashed assets immutable and precompressed, and the page no-cache', async ({ request }) => {
  const page = await request.get('/', { headers: { 'accept-encoding': 'br, gzip' } });
  expect(page.headers()['cache-control']).toBe('no-cache');
  expect(page.headers()['content-encoding']).toBe('br');
  const stylesheet = (await page.text()).match(/href="(\/assets\/[^"]+\.css)"/)![1]!;
  for (const encoding of ['br', 'gzip']) {
    const asset = await request.get(stylesheet, { headers: { 'accept-encoding': encoding } });
    expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers()['content-encoding']).toBe(encoding);
  }
  const og = await request.get('/og-image.svg');
  expect(og.status()).toBe(200);
  expect(await og.text()).toContain('Lakeshore Lot Care');
});

test.describe('theme', () => {
  test('defaults to light, toggles to dark, and remembers it under "theme"', async ({ page }) => {
    await gotoHydrated(page);
    await expect(page.locator('html')).toHaveClass(/\blight\b/);
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
  });

  test('a stored dark theme is applied before the first paint', async ({ page }) => {
    await page.addInitScript(() => {
      localStorage.setItem('theme', 'dark');
      // Record the root's classes the moment <body> is created, before anything can paint.
      new MutationObserver((_records, observer) => {
        if (document.body) {
          (window as unknown as { classAtBody: string }).classAtBody = document.documentElement.className;
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await gotoHydrated(page);
    expect(await page.evaluate(() => (window as unknown as { classAtBody: string }).classAtBody)).toContain('dark');
    const headOrder = await page.evaluate(() =>
      [...document.head.children].map((e) => `${e.tagName}${e.getAttribute('rel') ? `:${e.getAttribute('rel')}` : ''}`),
    );
    expect(headOrder.indexOf('SCRIPT')).toBeLessThan(headOrder.indexOf('LINK:stylesheet'));
  });
});

test('a skip link leads past the header, and focus is always visible', async ({ page }) => {
  await gotoHydrated(page);
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
  await page.keyboard.press('Tab');
  const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
  expect(outline).not.toBe('none');
});

test('the page runs under its Content-Security-Policy without a single violation', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/.test(message.text())) violations.push(message.text());
  });
  const response = await gotoHydrated(page);
  expect(response!.headers()['content-security-policy']).toContain("script-src 'self' 'sha256-");
  await page.locator('#contact').scrollIntoViewIfNeeded();
  await expect(page.locator('[data-island="contact"]')).toHaveAttribute('data-hydrated', 'true');
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  expect(violations).toEqual([]);
});

for (const width of [375, 1440]) {
  for (const theme of ['light', 'dark'] as const) {
    test(`axe finds no violations at ${width} px in the ${theme} theme`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
      await gotoHydrated(page);
      // Hydrate every island first, so the checked page is the one people use.
      await page.locator('#contact').scrollIntoViewIfNeeded();
      await expect(page.locator('[data-island="contact"]')).toHaveAttribute('data-hydrated', 'true');
      await expect(page.locator('[data-island="promises"]')).toHaveAttribute('data-hydrated', 'true');
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
      const results = await new AxeBuilder({ page }).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    });
  }
}
