/**
 * Screenshots of a running server at 375 px and 1440 px, light and dark.
 * Run: npx tsx scripts/screenshots.ts [baseUrl] [path...]  (writes screenshots/*.png)
 */
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../e2e/chromium-path';

const [baseUrl = 'http://localhost:3000', ...paths] = process.argv.slice(2);
mkdirSync('screenshots', { recursive: true });
const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
for (const pagePath of paths.length ? paths : ['/']) {
  for (const width of [375, 1440]) {
    for (const theme of ['light', 'dark'] as const) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: theme });
      await context.addInitScript((t) => localStorage.setItem('theme', t), theme);
      const page = await context.newPage();
      await page.goto(baseUrl + pagePath, { waitUntil: 'networkidle' });
      // Scroll through once so lazy images load, then return to the top.
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      for (let y = 0; y < height; y += 600) await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
      await page.waitForLoadState('networkidle');
      const name = `${pagePath.replace(/\W+/g, '_').replace(/^_|_$/g, '') || 'home'}-${width}-${theme}`;
      await page.screenshot({ path: `screenshots/${name}.png`, fullPage: true });
      // Segments a person can read at full size.
      if (process.env.SEGMENTS) {
        const segment = width < 800 ? 1400 : 1000;
        for (let y = 0, i = 0; y < height; y += segment, i++) {
          await page.screenshot({
            path: `screenshots/${name}-part${i}.png`,
            fullPage: true,
            clip: { x: 0, y, width, height: Math.min(segment, height - y) },
          });
        }
      }
      await context.close();
    }
  }
}
await browser.close();
console.log('screenshots written to screenshots/');
