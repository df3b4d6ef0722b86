import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { localToday } from '../src/shared/local-dates';
import { monthName, reportMonthOf } from '../src/shared/report-months';
import { withDatabase } from './support/database';
import { DEMO_CUSTOMER_EMAIL, signIn } from './support/sign-in';

/*
 * The portal's visit history (issue 12) on the demo company, which seed-demo gives a month of
 * work: Layton Avenue Office Park's visits have before and after photos.
 */
const PROPERTY = 'Layton Avenue Office Park';

async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
}

/** Screenshots in light and dark, when VISIT_SCREENSHOTS names a folder. */
async function screenshots(page: Page, name: string) {
  const folder = process.env.VISIT_SCREENSHOTS;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((dark) => document.documentElement.classList.toggle('dark', dark), theme === 'dark');
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${folder}/${name}-${theme}.png`, fullPage: true });
  }
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
}

for (const [label, viewport] of [
  ['375 px', { width: 375, height: 812 }],
  ['1440 px', { width: 1440, height: 900 }],
] as const) {
  test.describe(`the visit history at ${label}`, () => {
    test.use({ viewport });

    test('shows the next visit and each past visit as proof, with its own URL, filtered by month', async ({ page }) => {
      await signIn(page, DEMO_CUSTOMER_EMAIL, '/customer-dashboard');
      await page.getByRole('button', { name: `View Photos of ${PROPERTY}` }).click();
      await expect(page.getByRole('heading', { level: 2, name: PROPERTY, exact: true })).toBeFocused();
      await expect(page.getByText('Next visit')).toBeVisible();
      const history = page.getByRole('heading', { name: /^Visit history/ });
      await expect(history).toContainText(/\d+ visits/);

      const visits = page.getByRole('article');
      const first = visits.first();
      await expect(first).toContainText('Completed');
      await expect(first).toContainText('Verified on site');
      await expect(first.getByText('Arrived')).toBeVisible();
      await expect(first.getByText('Crew')).toBeVisible();
      await expect(first).toContainText(/Checklist · \d+ of \d+ done/);
      await expect(first.getByRole('img', { name: /^Before photo/ })).toBeVisible();
      await expect(first.getByRole('img', { name: /^After photo/ })).toBeVisible();
      // No raw coordinates anywhere on the page.
      expect(await page.locator('main').innerText()).not.toMatch(/-?\d{2}\.\d{4,}/);
      await expectNoAxeViolations(page);
      await screenshots(page, `visit-history-${viewport.width}`);

      // The before photo opens larger in the viewer.
      await first.getByRole('button', { name: 'Open the before photo larger' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();

      // Each visit has its own URL, for a colleague with access; reload keeps it.
      const day = (await first.getByRole('heading', { level: 3 }).innerText()).trim();
      await first.getByRole('link', { name: day }).click();
      await expect(page).toHaveURL(/\/customer-dashboard\/properties\/[0-9a-f-]{36}\/visits\/[0-9a-f-]{36}$/);
      const heading = page.getByRole('heading', { level: 2, name: `${PROPERTY}: visit of ${day}` });
      await expect(heading).toBeFocused();
      await page.reload();
      await expect(heading).toBeVisible();
      await expect(page.getByRole('article')).toContainText('Verified on site');
      await expectNoAxeViolations(page);
      await screenshots(page, `visit-page-${viewport.width}`);
      await page.getByRole('link', { name: `All visits at ${PROPERTY}` }).click();
      await expect(page.getByRole('heading', { level: 2, name: PROPERTY, exact: true })).toBeVisible();

      // A month narrows the history to that month's visits.
      const month = page.getByLabel('Show month');
      // The filter appears with the history's answer.
      await expect(month.locator('option').first()).toHaveText('All months');
      const options = await month.locator('option').allInnerTexts();
      expect(options[0]).toBe('All months');
      expect(options.length).toBeGreaterThan(1);
      await month.selectOption({ label: options.at(-1)! });
      const [monthName, year] = options.at(-1)!.split(' ');
      await expect(visits.first()).toContainText(`${monthName}`);
      for (const text of await visits.getByRole('heading', { level: 3 }).allInnerTexts()) {
        expect(text).toContain(monthName!);
        expect(text).toContain(year!);
      }
    });
  });
}

test('a visit of another customer, or one that is not in the history, is not found in the portal', async ({ page }) => {
  await signIn(page, DEMO_CUSTOMER_EMAIL, '/customer-dashboard');
  const properties = (await (await page.request.get('/api/customer/properties')).json()) as Array<{ id: string; name: string }>;
  const layton = properties.find((property) => property.name === PROPERTY)!;
  await page.goto(`/customer-dashboard/properties/${layton.id}/visits/00000000-0000-4000-8000-000000000000`);
  await expect(page.getByRole('heading', { name: 'We could not find that visit' })).toBeVisible();
  expect((await page.request.get('/api/visits/00000000-0000-4000-8000-000000000000')).status()).toBe(404);
});

test('Account Settings chooses how often reports are e-mailed, and the unsubscribe page stops them in one press', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const email = `reports-${Date.now()}@southridgecommons.example`;
  const token = await withDatabase(async (client) => {
    const [demo] = (await client.query<{ customer_id: string }>('select customer_id from users where email = $1', [DEMO_CUSTOMER_EMAIL]))
      .rows;
    const inserted = await client.query<{ unsubscribe_token: string }>(
      `insert into users (email, first_name, role, customer_id) values ($1, 'Marisol', 'customer', $2) returning unsubscribe_token`,
      [email, demo!.customer_id],
    );
    return inserted.rows[0]!.unsubscribe_token;
  });
  const frequency = async () =>
    withDatabase(
      async (client) => (await client.query('select report_frequency from users where email = $1', [email])).rows[0].report_frequency,
    );

  await signIn(page, email, '/customer-dashboard/account');
  const settings = page.getByRole('group', { name: 'Service report e-mails' });
  await expect(settings.getByRole('radio', { name: /After every visit/ })).toBeChecked();
  await settings.getByRole('radio', { name: /A weekly summary on Monday morning/ }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toHaveText('Saved. A weekly summary on Monday morning.');
  expect(await frequency()).toBe('weekly');
  await expectNoAxeViolations(page);
  await page.reload();
  await expect(page.getByRole('group', { name: 'Service report e-mails' }).getByRole('radio', { name: /weekly/ })).toBeChecked();

  // From a report's footer, signed out: nothing changes until the button is pressed.
  await page.context().clearCookies();
  await page.goto(`/api/reports/unsubscribe?token=${token}`);
  await expect(page).toHaveURL(new RegExp(`/unsubscribe\\?token=${token}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Stop report e-mails' })).toBeVisible();
  expect(await frequency()).toBe('weekly');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Stop report e-mails' }).click();
  await expect(page.getByRole('status')).toContainText(
    'Done. Service reports will no longer be e-mailed to re…@southridgecommons.example.',
  );
  expect(await frequency()).toBe('none');
});

test('the property’s monthly service report downloads from the portal as a PDF of its visits', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, DEMO_CUSTOMER_EMAIL, '/customer-dashboard');
  await page.getByRole('button', { name: `View Photos of ${PROPERTY}` }).click();
  // The dashboard has its own (all properties) report link; wait for the property's page.
  await expect(page).toHaveURL(/\/customer-dashboard\/properties\/[^/]+$/);
  await expect(page.getByRole('link', { name: 'Download monthly report' })).toHaveCount(1);
  // The month menu runs from this month back to the customer's first: created, or first visit if earlier.
  const first = await withDatabase(async (client) => {
    const { rows } = await client.query<{ first: string }>(
      `select to_char(least(min(v.scheduled_date), (c.created_at at time zone 'America/Chicago')::date), 'YYYY-MM') as first
         from users u join customers c on c.id = u.customer_id join properties p on p.customer_id = c.id
         left join visits v on v.property_id = p.id where u.email = $1 group by c.created_at`,
      [DEMO_CUSTOMER_EMAIL],
    );
    return rows[0]!.first;
  });
  const options = page.getByLabel('Month', { exact: true }).locator('option');
  await expect(options.last()).toHaveText(first === reportMonthOf(localToday()) ? `${monthName(first)} (to date)` : monthName(first));
  await expect(options.first()).toHaveText(`${monthName(reportMonthOf(localToday()))} (to date)`);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download monthly report' }).click(),
  ]);
  const file = await download.path();
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  expect(text).toContain('Lakeshore Lot Care');
  expect(text).toContain(PROPERTY);
  expect(text).not.toContain('Oak Creek Distribution Yard');
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
});
