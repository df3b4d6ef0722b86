import { gotoHydrated } from './support/goto-hydrated';
import { expect, test, type Page } from '@playwright/test';

const SECTION_ORDER = ['home', 'services', 'how-it-works', 'gallery', 'about', 'testimonials', 'service-areas', 'faq', 'contact'];

const desktop = { width: 1440, height: 900 };
const phone = { width: 375, height: 812 };

/** With a fake clock, lets the page's after-first-paint loader run, then waits for the carousel to hydrate. */
async function hydrateReviewsUnderFakeClock(page: Page) {
  await page.clock.runFor(50);
  await expect(page.locator('[data-island="reviews"]')).toHaveAttribute('data-hydrated', 'true');
}

async function scrollSettled(page: Page) {
  // Smooth scrolling takes a moment; wait until the position stops changing.
  await expect
    .poll(async () => {
      const a = await page.evaluate(() => window.scrollY);
      await page.waitForTimeout(120);
      return a === (await page.evaluate(() => window.scrollY));
    })
    .toBe(true);
}

test.describe('landing page at 1440 px', () => {
  test.use({ viewport: desktop });

  test('has every section in order, the contact form last, then the footer', async ({ page }) => {
    await gotoHydrated(page);
    const ids = await page.$$eval(
      '[id]',
      (elements, wanted) => elements.map((e) => e.id).filter((id) => wanted.includes(id)),
      SECTION_ORDER,
    );
    expect(ids).toEqual(SECTION_ORDER);
    const afterContact = await page.evaluate(() => document.querySelector('#contact')!.nextElementSibling);
    expect(afterContact).toBeNull();
    await expect(page.locator('main + footer')).toHaveCount(1);
  });

  test('shows the specified counts: 4 services, 6 steps, 4 projects, 4 reviews, 20 cities, 8 questions', async ({ page }) => {
    await gotoHydrated(page);
    await expect(page.locator('#services h3')).toHaveCount(4);
    await expect(page.locator('#how-it-works ol > li')).toHaveCount(6);
    await expect(page.locator('#gallery h3')).toHaveCount(4);
    await expect(page.getByRole('button', { name: /Show review \d of 4/ })).toHaveCount(4);
    await expect(page.locator('#service-areas ul > li')).toHaveCount(20);
    for (const county of ['Milwaukee County', 'Waukesha County']) {
      await expect(page.locator('#service-areas').getByRole('heading', { name: county }).locator('xpath=..').locator('li')).toHaveCount(10);
    }
    await expect(page.locator('#faq details')).toHaveCount(8);
  });

  test('shows How It Works on large screens', async ({ page }) => {
    await gotoHydrated(page);
    await expect(page.locator('#how-it-works')).toBeVisible();
  });

  test('the header links scroll smoothly to 80 px above their section', async ({ page }) => {
    await gotoHydrated(page);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link')).toHaveText(['Services', 'Process', 'Gallery', 'About', 'Reviews']);
    await nav.getByRole('link', { name: 'Services' }).click();
    await scrollSettled(page);
    expect(Math.round(await page.locator('#services').evaluate((e) => e.getBoundingClientRect().top))).toBe(80);
    await page.getByRole('banner').getByRole('link', { name: 'Get Quote' }).click();
    await scrollSettled(page);
    const contactTop = await page.locator('#contact').evaluate((e) => e.getBoundingClientRect().top);
    // The page may end before the section can reach the offset; otherwise it stops at 80 px.
    const atBottom = await page.evaluate(() => Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight);
    expect(atBottom || Math.round(contactTop) === 80).toBe(true);
  });

  test('the header becomes compact once scrolled more than 50 px', async ({ page }) => {
    await gotoHydrated(page);
    const header = page.getByRole('banner');
    await expect(header).toHaveAttribute('data-compact', 'false');
    await page.evaluate(() => window.scrollTo({ top: 50, behavior: 'instant' }));
    await page.waitForTimeout(100);
    await expect(header).toHaveAttribute('data-compact', 'false');
    await page.evaluate(() => window.scrollTo({ top: 51, behavior: 'instant' }));
    await expect(header).toHaveAttribute('data-compact', 'true');
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await expect(header).toHaveAttribute('data-compact', 'false');
  });

  test('hero buttons lead to the form and the services', async ({ page }) => {
    await gotoHydrated(page);
    await expect(page.locator('#home').getByRole('link', { name: 'Get a Quote' })).toHaveAttribute('href', '#contact');
    await expect(page.locator('#home').getByRole('link', { name: 'Our Services' })).toHaveAttribute('href', '#services');
    for (const id of ['services', 'how-it-works', 'about', 'service-areas', 'faq']) {
      await expect(page.locator(`#${id} a[href="#contact"]`).last(), id).toBeAttached();
    }
  });

  test('the FAQ keeps one item open, and the open one closes again', async ({ page }) => {
    await gotoHydrated(page);
    const items = page.locator('#faq details');
    await items.nth(0).locator('summary').click();
    await expect(items.nth(0)).toHaveAttribute('open', '');
    await items.nth(1).locator('summary').click();
    await expect(items.nth(1)).toHaveAttribute('open', '');
    await expect(items.nth(0)).not.toHaveAttribute('open', '');
    await items.nth(1).locator('summary').click();
    await expect(page.locator('#faq details[open]')).toHaveCount(0);
  });

  test('the review carousel advances every 8 s, wraps, and pauses on hover', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    await hydrateReviewsUnderFakeClock(page);
    const slide = page.locator('[aria-roledescription="slide"]');
    await expect(slide).toHaveAttribute('aria-label', '1 of 4');
    await page.clock.runFor(8000);
    await expect(slide).toHaveAttribute('aria-label', '2 of 4');
    await page.clock.runFor(8000);
    await expect(slide).toHaveAttribute('aria-label', '3 of 4');
    await page.clock.runFor(8000);
    await expect(slide).toHaveAttribute('aria-label', '4 of 4');
    await page.clock.runFor(8000);
    await expect(slide).toHaveAttribute('aria-label', '1 of 4');
    await page.getByRole('region', { name: 'Customer reviews' }).hover();
    await page.clock.runFor(24_000);
    await expect(slide).toHaveAttribute('aria-label', '1 of 4');
    await page.getByRole('button', { name: 'Previous review' }).click();
    await expect(slide).toHaveAttribute('aria-label', '4 of 4');
    await page.getByRole('button', { name: 'Show review 2 of 4' }).click();
    await expect(slide).toHaveAttribute('aria-label', '2 of 4');
  });

  test('the carousel does not move by itself under reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install();
    await page.goto('/');
    await hydrateReviewsUnderFakeClock(page);
    await page.clock.runFor(30_000);
    await expect(page.locator('[aria-roledescription="slide"]')).toHaveAttribute('aria-label', '1 of 4');
  });

  test('tooltips open after 700 ms, and the next opens at once within 300 ms', async ({ page }) => {
    // A fake clock, paused once the page is interactive, so the delays are measured exactly.
    await page.clock.install();
    await gotoHydrated(page);
    const promises = page.locator('[data-island="promises"]');
    const first = promises.getByRole('button').nth(0);
    const second = promises.getByRole('button').nth(1);
    await expect(promises).toHaveAttribute('data-hydrated', 'true');
    await page.clock.pauseAt(Date.now() + 5000);
    const box1 = (await first.boundingBox())!;
    await page.mouse.move(box1.x + 5, box1.y + 5);
    await page.mouse.move(box1.x + 6, box1.y + 6);
    await page.clock.runFor(690);
    await expect(page.getByRole('tooltip')).toHaveCount(0);
    await page.clock.runFor(20);
    await expect(page.getByRole('tooltip')).toContainText('Certificate of insurance');

    // Radix keeps a tooltip open while the pointer may be heading into it, and
    // checks on each pointer move: keep moving away until it has closed.
    let x = 5;
    await expect(async () => {
      await page.mouse.move((x += 3), 300);
      await expect(page.getByRole('tooltip')).toHaveCount(0, { timeout: 50 });
    }).toPass({ timeout: 5000 });
    // Within the 300 ms skip window (the clock stands still), the next opens with no delay at all.
    const box2 = (await second.boundingBox())!;
    await page.mouse.move(box2.x + 5, box2.y + 5);
    await page.mouse.move(box2.x + 6, box2.y + 6);
    await expect(page.getByRole('tooltip')).toContainText('Month-to-month');
  });

  test('the footer has the quick links, contact details, hours and the customer login', async ({ page }) => {
    await gotoHydrated(page);
    const footer = page.getByRole('contentinfo');
    const quickLinks = footer.getByRole('navigation');
    for (const href of ['#home', '#services', '#about', '#testimonials', '#service-areas', '#faq', '#contact']) {
      await expect(quickLinks.locator(`a[href="${href}"]`)).toHaveCount(1);
    }
    await expect(footer.getByRole('link', { name: 'Customer Login' })).toHaveAttribute('href', '/customer-dashboard');
    await expect(footer).toContainText('Available 24/7');
    await expect(footer).toContainText('7:00 AM-6:00 PM');
    await expect(footer).toContainText('8:00 AM-2:00 PM');
    await expect(footer).toContainText('Closed');
    await expect(footer).toContainText('Emergency services available');
    await expect(footer.getByRole('link', { name: 'Get Quote' })).toHaveAttribute('href', '#contact');
    await expect(footer.locator('a[href^="mailto:"]')).toHaveCount(1);
    await expect(footer).toContainText('Milwaukee and Waukesha counties');
  });

  test('the closing call-to-action shows a different phone than the header', async ({ page }) => {
    await gotoHydrated(page);
    const headerPhone = await page.getByRole('banner').locator('a[href^="tel:"]').first().getAttribute('href');
    const closing = page.locator('section[aria-labelledby="closing-title"]');
    const closingPhone = await closing.locator('a[href^="tel:"]').getAttribute('href');
    expect(closingPhone).toBeTruthy();
    expect(closingPhone).not.toBe(headerPhone);
    await expect(closing.locator('a[href="#contact"]')).toHaveCount(1);
  });

  test('a gallery image that fails to load shows "Coming Soon"', async ({ page }) => {
    await page.route('**/gallery/dumpster-after.svg', (route) => route.abort());
    await gotoHydrated(page);
    await page.locator('#gallery').scrollIntoViewIfNeeded();
    const project = page.locator('#gallery li', { has: page.getByRole('heading', { name: 'Industrial Dumpster Enclosure' }) });
    await expect(project.getByText('Coming Soon')).toBeVisible();
    await expect(project.getByRole('img', { name: 'Industrial Dumpster Enclosure, after: photo coming soon' })).toBeVisible();
    await expect(page.getByText('Coming Soon')).toHaveCount(1);
  });

  test('the largest contentful paint is text, not a raster image', async ({ page }) => {
    await gotoHydrated(page);
    const lcp = await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          new PerformanceObserver((list) => {
            const entries = list.getEntries() as Array<PerformanceEntry & { element?: Element; url?: string }>;
            const last = entries.at(-1)!;
            resolve(`${last.element?.tagName ?? ''}|${last.url ?? ''}`);
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        }),
    );
    const [tag, url] = lcp.split('|');
    expect(tag).not.toBe('IMG');
    expect(url).toBe('');
  });
});

test.describe('landing page at 375 px', () => {
  test.use({ viewport: phone });

  test('fits the screen without sideways scrolling', async ({ page }) => {
    await gotoHydrated(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });

  test('hides How It Works', async ({ page }) => {
    await gotoHydrated(page);
    await expect(page.locator('#how-it-works')).toBeHidden();
  });

  test('the menu lists the links plus Contact, and closes when one is chosen', async ({ page }) => {
    await gotoHydrated(page);
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await expect(page.locator('#mobile-menu')).toBeHidden();
    await toggle.click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await expect(menu).toBeVisible();
    await expect(menu.locator('ul > li > a[href^="#"]').filter({ hasNotText: 'Get Quote' })).toHaveText([
      'Services',
      'Process',
      'Gallery',
      'About',
      'Reviews',
      'Contact',
    ]);
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    await menu.getByRole('link', { name: 'Reviews' }).click();
    await expect(page.locator('#mobile-menu')).toBeHidden();
    await scrollSettled(page);
    expect(Math.round(await page.locator('#testimonials').evaluate((e) => e.getBoundingClientRect().top))).toBe(80);
  });

  test('a tap on the menu before the header hydrates is not lost: the menu opens once the code arrives', async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked = false;
    await page.route(/\/assets\/landing-islands-[^/]+\.js$/, async (route) => {
      asked = true;
      await held;
      await route.continue();
    });
    await page.goto('/');
    await expect.poll(() => asked).toBe(true);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.locator('#mobile-menu')).toBeHidden();
    release();
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
  });

  test('Escape closes the menu', async ({ page }) => {
    await gotoHydrated(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.keyboard.press('Escape');
    await expect(page.locator('#mobile-menu')).toBeHidden();
  });
});
