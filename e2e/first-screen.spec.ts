import { expect, test, type Page } from '@playwright/test';
import { crewFirstReads } from '../src/client/features/crew/first-reads';
import { dashboardFirstReads, propertyFirstReads } from '../src/client/features/dashboard/first-reads';
import { inboxFirstReads, overviewFirstReads } from '../src/client/features/quote-requests/first-reads';
import { scheduleFirstReads } from '../src/client/features/schedule/first-reads';
import { FIRST_SCREEN_ELEMENT_ID, apiUrlKey, type FirstReads, type FirstScreenAnswers } from '../src/shared/first-screen';
import { localToday } from '../src/shared/local-dates';
import { withDatabase } from './support/database';
import { holdScript } from './support/hold-script';
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

test('the server renders a signed-in screen: with JavaScript off, the inbox and the dashboard still show their content', async ({
  page,
  browser,
}) => {
  await signIn(page, STAFF_EMAIL, '/admin/submissions');
  const staff = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  const inbox = await staff.newPage();
  await inbox.goto('/admin/submissions');
  await expect(inbox.getByRole('heading', { level: 1, name: 'Contact Form Submissions' })).toBeVisible();
  await expect(inbox.getByRole('navigation', { name: 'Staff console' })).toBeAttached();
  await expect(inbox.getByText('Loading...')).toHaveCount(0);
  await staff.close();

  const customerPage = await browser.newPage();
  await signIn(customerPage, DEMO_CUSTOMER_EMAIL, '/customer-dashboard');
  const customer = await browser.newContext({ javaScriptEnabled: false, storageState: await customerPage.context().storageState() });
  const dashboard = await customer.newPage();
  await dashboard.goto('/customer-dashboard');
  await expect(dashboard.getByRole('heading', { level: 1 })).toHaveText(/Welcome back/);
  await expect(dashboard.getByRole('heading', { level: 3, name: 'Southridge Commons Retail Center' })).toBeVisible();
  await customer.close();
  await customerPage.close();
});

for (const path of ['/admin', '/admin/submissions', '/admin/schedule']) {
  test(`${path}: React takes over the server's HTML (the same elements, hydrated) with no error`, async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await signIn(page, STAFF_EMAIL, path);
    // The heading the server sent, marked as the parser inserts it, before any script runs.
    await page.addInitScript(() => {
      new MutationObserver((_records, observer) => {
        const heading = document.querySelector('#root h1');
        if (!heading) return;
        (heading as unknown as { fromServer: boolean }).fromServer = true;
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(path);
    // Hydrated: React's own properties are on the very element the server sent (a client render would have replaced it).
    await expect
      .poll(() =>
        page.evaluate(() => {
          const heading = document.querySelector('#root h1');
          return Boolean(
            heading &&
            (heading as unknown as { fromServer?: boolean }).fromServer &&
            Object.keys(heading).some((key) => key.startsWith('__reactFiber')),
          );
        }),
      )
      .toBe(true);
    expect(errors).toEqual([]);
  });
}

/** Holds the console's entry script back, so the page stays the server's HTML without React; the function lets it through. */
const holdConsoleEntry = (page: Page) => holdScript(page, /\/assets\/console-[^/]+\.js$/);

test('a tap on a button before the page’s scripts have run is not lost: it happens once React takes over', async ({ page }) => {
  await signIn(page, STAFF_EMAIL, '/admin');
  await page.evaluate(() => localStorage.setItem('theme', 'light'));
  const release = await holdConsoleEntry(page);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page
    .getByRole('button', { name: /Switch .*theme/ })
    .first()
    .click();
  await expect(page.locator('html')).toHaveClass(/\blight\b/);
  release();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await expect(page.getByRole('button', { name: 'Switch to light theme' }).first()).toBeVisible();
});

test('a tap on a property’s card before the portal’s scripts have run opens the property once React takes over', async ({ page }) => {
  await signIn(page, DEMO_CUSTOMER_EMAIL, '/customer-dashboard');
  const release = await holdScript(page, /\/assets\/portal-[^/]+\.js$/);
  await page.goto('/customer-dashboard');
  // The card's heading is no button: the whole card is the target a mouse or a thumb finds.
  await page.getByRole('heading', { level: 3, name: 'Southridge Commons Retail Center' }).click();
  await expect(page).toHaveURL(/\/customer-dashboard$/);
  release();
  await expect(page).toHaveURL(/\/customer-dashboard\/properties\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Southridge Commons Retail Center' })).toBeVisible();
});

test('a link followed before the page’s scripts have run moves within the page once React takes over, without loading it again', async ({
  page,
}) => {
  await signIn(page, STAFF_EMAIL, '/admin');
  const release = await holdConsoleEntry(page);
  await page.goto('/admin');
  await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
  await page.getByRole('navigation', { name: 'Staff console' }).getByRole('link', { name: 'Contact Form Submissions' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  release();
  await expect(page).toHaveURL(/\/admin\/submissions$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Form Submissions' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
});

test('when the page’s scripts fail to load, it says so at once and its links work as plain links', async ({ page }) => {
  await signIn(page, STAFF_EMAIL, '/admin');
  await page.route(/\/assets\/console-[^/]+\.js$/, (route) => route.abort('internetdisconnected'));
  await page.goto('/admin');
  const notice = page.getByRole('alert').filter({ hasText: 'This page has not finished loading' });
  await expect(notice).toHaveText(
    'This page has not finished loading, so its buttons do not work yet. Check your signal, then reload the page.Reload page',
  );
  await expect(notice.getByRole('button', { name: 'Reload page' })).toBeVisible();
  // A link is followed by the browser itself: a new page, the server's render of it.
  await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
  await page.getByRole('navigation', { name: 'Staff console' }).getByRole('link', { name: 'Contact Form Submissions' }).click();
  await expect(page).toHaveURL(/\/admin\/submissions$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Form Submissions' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBeUndefined();
  await expect(notice).toBeVisible();
  // Once the scripts load again, "Reload page" brings back a working page, without the notice.
  await page.unroute(/\/assets\/console-[^/]+\.js$/);
  await page.getByRole('button', { name: 'Reload page' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Form Submissions' })).toBeVisible();
  await expect(notice).toHaveCount(0);
  const before = await page.locator('html').getAttribute('class');
  await page
    .getByRole('button', { name: /Switch .*theme/ })
    .first()
    .click();
  await expect(page.locator('html')).not.toHaveClass(before!);
});

test('when the screen’s own code fails to load, the page keeps the server’s screen and says so', async ({ page }) => {
  await signIn(page, STAFF_EMAIL, '/admin');
  await page.route(/\/assets\/overview-page-[^/]+\.js$/, (route) => route.abort('internetdisconnected'));
  await page.goto('/admin');
  await expect(page.getByRole('alert').filter({ hasText: 'This page has not finished loading' })).toBeVisible();
  // React did not take the screen over and throw it away: the server's overview is still there.
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Requests per week' })).toBeVisible();
});

test('a tap held for 10 seconds gives way to the notice; when React comes after all, the notice goes and the old tap is not replayed', async ({
  page,
}) => {
  await signIn(page, STAFF_EMAIL, '/admin');
  await page.evaluate(() => localStorage.setItem('theme', 'light'));
  const release = await holdConsoleEntry(page);
  await page.clock.install();
  await page.goto('/admin');
  const notice = page.getByRole('alert').filter({ hasText: 'This page has not finished loading' });
  await page
    .getByRole('button', { name: /Switch .*theme/ })
    .first()
    .click();
  await page.clock.fastForward(6_000);
  // The wait counts from the last tap.
  await page
    .getByRole('button', { name: /Switch .*theme/ })
    .first()
    .click();
  await page.clock.fastForward(9_000);
  await expect(notice).toHaveCount(0);
  await page.clock.fastForward(1_500);
  await expect(notice).toBeVisible();
  release();
  await expect(notice).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Switch to dark theme' }).first()).toBeVisible();
  await expect(page.locator('html')).toHaveClass(/\blight\b/);
  // The page works from then on.
  await page.getByRole('button', { name: 'Switch to dark theme' }).first().click();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
});

test('before the page’s scripts have run, a camera button still opens the camera (a label around a file input is let through)', async ({
  page,
}) => {
  await signIn(page, STAFF_EMAIL, '/admin');
  await holdConsoleEntry(page);
  await page.goto('/admin');
  // A label around a file input, as the crew's "Take before photos" is, in the server's HTML.
  await page.evaluate(() => {
    const label = document.createElement('label');
    label.append('Take before photos', Object.assign(document.createElement('input'), { type: 'file', accept: 'image/*' }));
    document.getElementById('root')!.append(label);
  });
  const [chooser] = await Promise.all([page.waitForEvent('filechooser', { timeout: 3000 }), page.getByText('Take before photos').click()]);
  expect(chooser.isMultiple()).toBe(false);
});

/** A crew member of their own, written straight to the e2e server's database. */
async function newCrewMember(): Promise<string> {
  const email = `first-screen-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@lakeshorelotcare.com`;
  await withDatabase((client) =>
    client.query(`insert into users (email, first_name, last_name, role) values ($1, 'Rosa', 'Delgado', 'crew')`, [email]),
  );
  return email;
}

/** The demo customer's property, whose page the portal renders on the server. */
const demoPropertyId = () =>
  withDatabase(
    async (client) =>
      (await client.query<{ id: string }>(`select id from properties where name = 'Southridge Commons Retail Center'`)).rows[0]!.id,
  );

/** The answers the server put in the page's data block, by API URL. */
function pageAnswers(html: string): FirstScreenAnswers {
  const block = new RegExp(`<script type="application/json" id="${FIRST_SCREEN_ELEMENT_ID}">([^<]*)</script>`).exec(html);
  return block ? (JSON.parse(block[1]!) as FirstScreenAnswers) : {};
}

/*
 * Every screen of the server's table (routes/public/first-screen.ts) has its first data in the
 * page: each URL its own module's first reads name is answered in the served HTML, the screen is
 * in #root before any script runs, and the browser never asks the API for any of them.
 */
const SCREENS: {
  path: string | (() => Promise<string>);
  who: string | (() => Promise<string>);
  firstReads: FirstReads;
  params?: () => Promise<Record<string, string>>;
}[] = [
  { path: '/customer-dashboard', who: DEMO_CUSTOMER_EMAIL, firstReads: dashboardFirstReads },
  {
    path: async () => `/customer-dashboard/properties/${await demoPropertyId()}`,
    who: DEMO_CUSTOMER_EMAIL,
    firstReads: propertyFirstReads,
    params: async () => ({ id: await demoPropertyId() }),
  },
  { path: '/crew', who: newCrewMember, firstReads: crewFirstReads },
  { path: '/admin', who: STAFF_EMAIL, firstReads: overviewFirstReads },
  { path: '/admin/submissions', who: STAFF_EMAIL, firstReads: inboxFirstReads },
  { path: '/admin/schedule', who: STAFF_EMAIL, firstReads: scheduleFirstReads },
];

for (const screen of SCREENS) {
  const name = typeof screen.path === 'string' ? screen.path : '/customer-dashboard/properties/:id';
  test(`${name}: its first data comes with the page, and the screen asks the API for none of it`, async ({ page }) => {
    const path = typeof screen.path === 'string' ? screen.path : await screen.path();
    const email = typeof screen.who === 'string' ? screen.who : await screen.who();
    await signIn(page, email, path);
    const firstReads = screen.firstReads.reads((await screen.params?.()) ?? {}, new URLSearchParams(), localToday()).map(apiUrlKey);

    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) asked.push(apiUrlKey(url.pathname + url.search));
    });
    const response = await page.goto(path);
    const html = await response!.text();
    expect(Object.keys(pageAnswers(html)).sort()).toEqual([...firstReads].sort());
    // The screen itself, rendered by the server from those answers: #root is not the empty shell.
    expect(/<div id="root"[^>]*>(?!<\/div>)\s*</.test(html), 'the server rendered the screen into #root').toBe(true);
    await expect(page.locator('#root h1')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(asked.filter((url) => firstReads.includes(url))).toEqual([]);
  });
}
