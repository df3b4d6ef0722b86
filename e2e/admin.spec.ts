import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_CUSTOMER_EMAIL as CUSTOMER, STAFF_EMAIL as STAFF, signIn } from './support/sign-in';

const signInAs = (page: Page, email: string) => signIn(page, email, '/admin/submissions');

test.use({ viewport: { width: 1440, height: 900 } });

test('a visitor is asked to sign in, and a customer is turned away', async ({ page }) => {
  const response = await page.goto('/admin/submissions');
  expect(response!.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Staff sign-in' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/api/login?returnTo=%2Fadmin%2Fsubmissions');
  // A customer's sign-in lands on their dashboard whatever it was asked for from; the console turns them away.
  await signIn(page, CUSTOMER, '/customer-dashboard');
  await page.goto('/admin/submissions');
  await expect(page.getByRole('heading', { name: "You don't have access to this page" })).toBeVisible();
});

test('staff read, filter, work and export quote requests', async ({ page, request }) => {
  const marker = `Inbox Test ${Date.now()}`;
  const created = await request.post('/api/contact', {
    data: {
      name: marker,
      email: 'inbox-test@example.com',
      phone: '(262) 555-0177',
      service: 'Emergency Cleanup',
      message: 'Storm debris all over the lot.',
      consent: true,
    },
  });
  expect(created.status()).toBe(201);

  await signInAs(page, STAFF);
  await expect(page.getByRole('heading', { name: 'Contact Form Submissions' })).toBeVisible();
  await expect(page.getByText('This list refreshes automatically every 30 seconds.')).toBeVisible();
  await expect(page.getByText(/^\d+ submissions$/)).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search' }).fill(marker);
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: marker }) });
  await expect(card).toHaveCount(1);
  await expect(page.locator('main ul > li')).toHaveCount(1);
  await expect(card.getByRole('link', { name: 'inbox-test@example.com' })).toHaveAttribute('href', 'mailto:inbox-test@example.com');
  await expect(card.getByRole('link', { name: '(262) 555-0177' })).toHaveAttribute('href', 'tel:2625550177');
  await expect(card).toContainText('Emergency Cleanup');
  await expect(card).toContainText('Storm debris all over the lot.');
  await expect(card).toContainText(/Submitted [A-Z][a-z]{2} \d{1,2}, \d{4}/);

  await card.getByLabel('Status').selectOption('contacted');
  await expect(card.locator('[data-status-badge]')).toHaveText('contacted');

  await card.getByRole('button', { name: 'Notes' }).click();
  await card.getByLabel('Add a note').fill('Called back; visit booked for Tuesday.');
  await card.getByRole('button', { name: 'Add note' }).click();
  await expect(card).toContainText('Called back; visit booked for Tuesday.');
  await expect(card).toContainText('Sam Nowak');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
  const csv = await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8'));
  const lines = csv
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`"${marker}"`);
  expect(lines[1]).toContain('"contacted"');

  expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the inbox fits the screen without sideways scrolling', async ({ page }) => {
    await signInAs(page, STAFF);
    await expect(page.getByRole('heading', { name: 'Contact Form Submissions' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});

test('the staff home shows the new-request count and a weekly chart with a text alternative', async ({ page }) => {
  await signIn(page, STAFF, '/admin');
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  // Other tests add requests meanwhile: compare the page with the API, reloading until they agree.
  await expect(async () => {
    await page.reload();
    const stats = (await (await page.request.get('/api/admin/stats')).json()) as { newCount: number };
    await expect(page.locator('[data-figure="new"]')).toHaveText(String(stats.newCount), { timeout: 2000 });
  }).toPass({ timeout: 15_000 });
  const chart = page.getByRole('img', { name: /Quote requests per week over the last 12 weeks/ });
  await expect(chart).toBeVisible();
  await page.getByText('Show the numbers as a table').click();
  await expect(page.getByRole('table').locator('tbody tr')).toHaveCount(12);
  await expect(page.getByRole('navigation', { name: 'Staff console' }).getByRole('link', { name: 'Overview' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
});

test('the console’s sections fit from 1024 to 1440 px: below the header up to 1280 px, in it from there with short names on one line', async ({
  page,
}) => {
  await signInAs(page, STAFF);
  const nav = page.getByRole('navigation', { name: 'Staff console', exact: true });
  for (const width of [1024, 1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    const header = page.locator('header').first();
    // Nothing spills out of the header, sideways or below it.
    const sizes = await header.evaluate((element) => [element.scrollWidth, element.clientWidth]);
    expect(sizes[0], `header at ${width} px: ${sizes.join(' in ')}`).toBeLessThanOrEqual(sizes[1]!);
    expect((await header.boundingBox())!.height).toBe(65);
    await expect(page.getByRole('navigation', { name: 'Staff console sections' })).toBeVisible({ visible: width < 1280 });
    if (process.env.E2E_SCREENSHOTS)
      await page.screenshot({ path: `test-results/console-header-${width}.png`, clip: { x: 0, y: 0, width, height: 160 } });
    if (width < 1280) continue;
    for (const name of ['Overview', 'Estimates', 'Customers', 'Schedule', 'Invoices', 'Price book', 'Audit log']) {
      // The lines its words take: one box per line.
      const lines = await nav.getByRole('link', { name, exact: true }).evaluate((link) => {
        const range = document.createRange();
        range.selectNodeContents(link);
        return new Set([...range.getClientRects()].map((box) => Math.round(box.top))).size;
      });
      expect(lines, `${name} at ${width} px`).toBe(1);
    }
  }
});
