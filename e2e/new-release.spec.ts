import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { withDatabase } from './support/database';
import { DEMO_CUSTOMER_EMAIL, STAFF_EMAIL, signIn } from './support/sign-in';

/**
 * A screen whose code cannot load (the signal dropped, or an upgrade renamed the files: "Failed to
 * fetch dynamically imported module") shows the not-loaded notice with "Reload page", never a white
 * page; and once the server serves a newer release, the next screen loads the new page (issue 22).
 * The upgrade is faked: every API answer names another release, and the old files answer 404.
 */

const manifest = JSON.parse(readFileSync(path.join('dist', 'client-manifest.json'), 'utf8')) as Record<string, { file: string }>;
/** The URL of a lazy part's script in this build. */
const chunkOf = (source: string) => `**/${manifest[source]!.file}`;

const CUSTOMERS_PAGE = chunkOf('src/client/features/customers/components/customers-page.tsx');
const SIGN_IN_PAGE = chunkOf('src/client/features/auth/components/sign-in-page.tsx');
const CREW_SETTINGS = chunkOf('src/client/features/crew/components/crew-account-settings.tsx');

/** The page's first scripts in this build: each audience's entry, and the boot script of a screen the server rendered (decision 010). */
const PAGE_SCRIPTS = ['portal.html', 'console.html', 'crew.html', 'src/client/entries/boot.ts'].map(chunkOf);

/** From now on the page's first scripts do not load (the signal dropped, or an upgrade renamed them). */
async function pageScriptsFail(page: Page) {
  for (const script of PAGE_SCRIPTS) await page.route(script, (route) => route.abort('internetdisconnected'));
}

const notice = (page: Page) => page.getByRole('alert').filter({ hasText: 'This page has not finished loading' });

/** The page loads of the tab (its first, and every reload or full navigation), by URL. */
function pageLoads(page: Page) {
  const loads: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) loads.push(new URL(request.url()).pathname);
  });
  return loads;
}

/** How many times the tab has asked the server for its release. */
function releaseQuestions(page: Page) {
  const asked = { count: 0 };
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/release') asked.count += 1;
  });
  return asked;
}

/** From now on the server names a newer release than the tab's in every API answer. */
async function serverUpgrades(page: Page) {
  await page.route('**/api/**', async (route) => {
    // A request of a page the tab has since left (it loaded the new release meanwhile) is disposed
    // of by the browser, with nothing left to answer: "Fetch response has been disposed". One still
    // in flight when the test ends (a photo of the page) is cut off: "route.fetch: Test ended".
    try {
      const response = await route.fetch();
      await route.fulfill({ response, headers: { ...response.headers(), 'x-release': 'a-newer-release' } });
    } catch (error) {
      if (!/disposed|closed|test ended/i.test(String(error))) throw error;
    }
  });
}

/** The tab comes back from the background, and asks which release the server serves (once its scripts listen: again until then). */
async function tabComesBack(page: Page) {
  const asked = releaseQuestions(page);
  await expect(async () => {
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    expect(asked.count).toBeGreaterThan(0);
  }).toPass();
}

/**
 * The page at `path`, whose own scripts do not load, shows the notice (its shell's script does:
 * shared/entry-failed-script.ts), never a white page; "Reload page" brings the page once they load.
 */
async function showsNoticeThenReloads(page: Page, path: string, heading: string) {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await pageScriptsFail(page);
  await page.goto(path);
  await expect(notice(page)).toHaveText(
    'This page has not finished loading, so its buttons do not work yet. Check your signal, then reload the page.Reload page',
  );
  await expect(notice(page)).toHaveCount(1);
  expect(errors).toEqual([]);

  await page.unrouteAll();
  await notice(page).getByRole('button', { name: 'Reload page' }).click();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(notice(page)).toHaveCount(0);
}

test.describe('the staff console', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('a screen whose code does not load shows the notice in the console, and "Reload page" brings it', async ({ page }) => {
    await signIn(page, STAFF_EMAIL, '/admin');
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const loads = pageLoads(page);
    const asked = releaseQuestions(page);
    await page.route(CUSTOMERS_PAGE, (route) => route.abort('internetdisconnected'));

    await page.getByRole('navigation', { name: 'Staff console' }).getByRole('link', { name: 'Customers' }).click();
    await expect(notice(page)).toHaveText(
      'This page has not finished loading, so its buttons do not work yet. Check your signal, then reload the page.Reload page',
    );
    // The frame stays; the server has not moved to another release, so the page is not reloaded.
    await expect(page.getByRole('navigation', { name: 'Staff console' })).toBeVisible();
    await expect.poll(() => asked.count).toBe(1);
    expect(loads).toEqual([]);
    expect(errors).toEqual([]);

    await page.unroute(CUSTOMERS_PAGE);
    await notice(page).getByRole('button', { name: 'Reload page' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
    await expect(notice(page)).toHaveCount(0);
  });

  test('after an upgrade, the next screen is a full page load of the new release', async ({ page }) => {
    await signIn(page, STAFF_EMAIL, '/admin');
    const loads = pageLoads(page);
    await serverUpgrades(page);
    await tabComesBack(page);
    await page.getByRole('navigation', { name: 'Staff console' }).getByRole('link', { name: 'Customers' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
    expect(loads).toEqual(['/admin/customers']);
  });

  test('a screen whose file an upgrade removed reloads the page once, then shows the notice if that did not help', async ({ page }) => {
    await signIn(page, STAFF_EMAIL, '/admin');
    const loads = pageLoads(page);
    const asked = releaseQuestions(page);
    await serverUpgrades(page);
    await page.route(CUSTOMERS_PAGE, (route) => route.fulfill({ status: 404, body: 'Not Found' }));

    await page.getByRole('navigation', { name: 'Staff console' }).getByRole('link', { name: 'Customers' }).click();
    // Reloaded once (this page's release is not the server's), and the file is still missing: the notice, and no second reload.
    await expect.poll(() => loads).toEqual(['/admin/customers']);
    await expect(notice(page)).toBeVisible();
    await expect.poll(() => asked.count).toBe(2);
    expect(await page.evaluate(() => sessionStorage.getItem('lakeshore:reloaded-for-release'))).toBe('a-newer-release');
    expect(loads).toEqual(['/admin/customers']);

    await page.unrouteAll();
    await notice(page).getByRole('button', { name: 'Reload page' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
  });
});

test.describe('the customer portal', () => {
  test('a visitor whose sign-in screen does not load sees the notice, not a white page', async ({ page }) => {
    await page.route(SIGN_IN_PAGE, (route) => route.abort('internetdisconnected'));
    await page.goto('/login');
    await expect(notice(page)).toBeVisible();
    await page.unroute(SIGN_IN_PAGE);
    await notice(page).getByRole('button', { name: 'Reload page' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your customer portal' })).toBeVisible();
  });

  test('after an upgrade, choosing a property loads the new release’s page', async ({ page }) => {
    await signIn(page, DEMO_CUSTOMER_EMAIL, '/customer-dashboard');
    const loads = pageLoads(page);
    await serverUpgrades(page);
    await tabComesBack(page);
    await page.getByRole('button', { name: /View Photos of Southridge Commons Retail Center/ }).click();
    await expect(page).toHaveURL(/\/customer-dashboard\/properties\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Southridge Commons Retail Center', exact: true })).toBeVisible();
    expect(loads).toHaveLength(1);
    expect(loads[0]).toMatch(/^\/customer-dashboard\/properties\/[0-9a-f-]{36}$/);
  });
});

test.describe('the crew page', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, serviceWorkers: 'block' });

  /** A crew member with one visit today (the route's "Open visit"). */
  async function crewMember() {
    const tag = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
    const email = `nico-${tag}@lakeshorelotcare.com`;
    await withDatabase(async (client) => {
      const user = await client.query<{ id: string }>(
        `insert into users (email, first_name, last_name, role) values ($1, 'Nico', 'Baran', 'crew') returning id`,
        [email],
      );
      const customer = await client.query<{ id: string }>(`insert into customers (name, email) values ($1, $2) returning id`, [
        `Bluemound Holdings ${tag}`,
        `office-${tag}@example.com`,
      ]);
      const property = await client.query<{ id: string }>(
        `insert into properties (customer_id, name, address, city, state, zip_code, property_type)
         values ($1, $2, '1 W Bluemound Rd', 'Brookfield', 'WI', '53005', 'Office Park') returning id`,
        [customer.rows[0]!.id, `Bluemound Office Park ${tag}`],
      );
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date());
      await client.query(`insert into visits (property_id, scheduled_date, crew_user_ids) values ($1, $2, array[$3]::uuid[])`, [
        property.rows[0]!.id,
        today,
        user.rows[0]!.id,
      ]);
    });
    return email;
  }

  // The page's service worker is blocked here: requests it would answer from its cache never reach Playwright's routes
  // (e2e/crew-visit.spec.ts does the same). With it, the old release's files are dropped from its cache on upgrade, as here.
  test('its account settings failing to load show the notice and leave the route; after an upgrade, once reloaded', async ({ page }) => {
    await signIn(page, await crewMember(), '/crew');
    const loads = pageLoads(page);
    const asked = releaseQuestions(page);
    const account = page.getByText('Your account: passkeys and signed-in phones');

    await page.route(CREW_SETTINGS, (route) => route.abort('internetdisconnected'));
    await account.click();
    await expect(notice(page)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Today’s route' })).toBeVisible();
    await expect.poll(() => asked.count).toBe(1);
    expect(loads).toEqual([]);

    // An upgrade removed the file: the page reloads once; opened again, still missing, the notice stays and nothing reloads.
    await page.route(CREW_SETTINGS, (route) => route.fulfill({ status: 404, body: 'Not Found' }));
    await serverUpgrades(page);
    await page.reload();
    loads.length = 0;
    asked.count = 0;
    await account.click();
    await expect.poll(() => loads).toEqual(['/crew']);
    await expect(page.getByRole('heading', { level: 1, name: 'Today’s route' })).toBeVisible();
    await account.click();
    await expect(notice(page)).toBeVisible();
    await expect.poll(() => asked.count).toBe(2);
    expect(loads).toEqual(['/crew']);
  });

  test('after an upgrade, opening a visit loads the new release’s page', async ({ page }) => {
    await signIn(page, await crewMember(), '/crew');
    const loads = pageLoads(page);
    await serverUpgrades(page);
    await tabComesBack(page);
    await page.getByRole('link', { name: /Open visit/ }).click();
    await expect(page).toHaveURL(/\/crew\?visit=[0-9a-f-]{36}$/);
    await expect(page.getByRole('button', { name: 'Start visit' })).toBeVisible();
    expect(loads).toEqual(['/crew']);
  });

  test('when the page’s own script does not load, it shows the notice, not a page that looks ready and does nothing', async ({ page }) => {
    await signIn(page, await crewMember(), '/crew');
    await showsNoticeThenReloads(page, '/crew', 'Today’s route');
  });
});

test.describe('a page whose own script does not load', () => {
  test('the portal’s sign-in page shows the notice, not a white page', async ({ page }) => {
    await showsNoticeThenReloads(page, '/login', 'Sign in to your customer portal');
  });

  test('a console screen the browser renders shows the notice, not a white page', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, STAFF_EMAIL, '/admin');
    await showsNoticeThenReloads(page, '/admin/customers', 'Customers');
  });

  test('a page whose scripts load shows no notice', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your customer portal' })).toBeVisible();
    await expect(page.locator('.not-loaded-notice')).toHaveCount(0);
  });
});
