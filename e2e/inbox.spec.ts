import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { HONEYPOT_FIELD } from '../src/shared/quote-request-schema';
import { ageQuoteRequest } from './support/database';
import { STAFF_EMAIL, signIn } from './support/sign-in';

/** Signs staff in, then opens a console path (its query string is not part of the sign-in's return path). */
async function signInAt(page: Page, path: string) {
  await signIn(page, STAFF_EMAIL, '/admin');
  await page.goto(path);
}

/** The staff inbox at a desk: 1440 × 900. Other specs add requests meanwhile, so each test finds its own by a marker. */
test.use({ viewport: { width: 1440, height: 900 } });

const REFRESH_MS = 30_000;

async function postRequest(request: APIRequestContext, change: Record<string, unknown>) {
  const response = await request.post('/api/contact', {
    data: {
      name: 'Someone',
      email: 'someone@example.com',
      phone: '(414) 555-0150',
      service: 'Parking Lot Cleaning',
      message: 'Please quote weekly sweeping for our lot.',
      consent: true,
      ...change,
    },
  });
  expect(response.status()).toBe(201);
}

const expectNoAxeViolations = async (page: Page) =>
  expect((await new AxeBuilder({ page }).analyze()).violations.map((violation) => violation.id)).toEqual([]);

const cards = (page: Page) => page.locator('main li[data-quote-request]');
const card = (page: Page, name: string) => cards(page).filter({ has: page.getByRole('heading', { name, exact: true }) });

test('an urgent request wears a badge and comes first among new ones; the overview counts overdue callbacks and links to them', async ({
  page,
  request,
}) => {
  const marker = `Urgency ${Date.now()}`;
  await postRequest(request, { name: `${marker} Urgent`, service: 'Emergency Cleanup', message: 'A semi spilled pallets across our lot.' });
  await postRequest(request, { name: `${marker} Plain`, message: 'Please quote weekly sweeping for our lot.' });
  await postRequest(request, { name: `${marker} Overdue`, message: 'Our office lot in Glendale needs a monthly sweep.' });
  await ageQuoteRequest(`${marker} Overdue`, 30);

  await signInAt(page, `/admin/submissions?q=${encodeURIComponent(marker)}`);
  // The urgent one first although the plain one is newer; the badge only on it.
  await expect(cards(page).getByRole('heading')).toHaveText([`${marker} Urgent`, `${marker} Plain`, `${marker} Overdue`]);
  await expect(card(page, `${marker} Urgent`).getByText('Urgent', { exact: true })).toBeVisible();
  await expect(card(page, `${marker} Plain`).getByText('Urgent', { exact: true })).toHaveCount(0);
  // A new request says how long it has waited.
  await expect(card(page, `${marker} Overdue`)).toContainText('waiting 1 day 6 hours');
  await expectNoAxeViolations(page);

  // In the whole inbox too, urgent new requests lead.
  await page.goto('/admin/submissions');
  await expect(cards(page).first().getByText('Urgent', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Compact list' }).click();
  const firstRow = page.locator('main tbody tr').first();
  await expect(firstRow.getByText('Urgent', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Cards' }).click();

  // Once called back, it takes its place by time.
  await page.goto(`/admin/submissions?q=${encodeURIComponent(marker)}`);
  await card(page, `${marker} Urgent`).getByLabel('Status').selectOption('contacted');
  await expect(cards(page).getByRole('heading')).toHaveText([`${marker} Plain`, `${marker} Urgent`, `${marker} Overdue`]);

  // The overview: how many new requests wait past the promise, the oldest wait, and a link to them.
  await page.getByRole('navigation', { name: 'Staff console' }).getByRole('link', { name: 'Overview' }).click();
  const overdue = page.getByRole('region', { name: 'Waiting over 24 hours for a call' });
  await expect(async () => {
    await page.reload();
    const stats = (await (await page.request.get('/api/admin/stats')).json()) as { overdue: { count: number } };
    expect(stats.overdue.count).toBeGreaterThanOrEqual(1);
    await expect(overdue.locator('[data-figure="overdue"]')).toHaveText(String(stats.overdue.count), { timeout: 2000 });
  }).toPass({ timeout: 15_000 });
  await expect(overdue).toContainText(/The oldest has waited \d+ (hours?|days?)/);
  await expectNoAxeViolations(page);
  await overdue.getByRole('link', { name: 'Show the overdue requests' }).click();
  await expect(page).toHaveURL(/\/admin\/submissions\?overdue=true$/);
  await expect(page.getByRole('checkbox', { name: 'Overdue callbacks only' })).toBeChecked();
  await expect(card(page, `${marker} Overdue`)).toBeVisible();
  await expect(card(page, `${marker} Plain`)).toHaveCount(0);
});

test('search reads the message; filters live in the URL, Back and Forward step through them, and no match offers Clear filters', async ({
  page,
  request,
}) => {
  const marker = `Search ${Date.now()}`;
  await postRequest(request, {
    name: `${marker} Office`,
    message: 'Our office park on Bluemound Road in Brookfield needs litter pickup twice a week.',
  });
  await postRequest(request, { name: `${marker} Spam`, message: 'Cheap offers for you, visit our site now', [HONEYPOT_FIELD]: 'x' });

  await signIn(page, STAFF_EMAIL, '/admin/submissions');
  const search = page.getByRole('searchbox', { name: 'Search' });
  const status = page.getByRole('search').getByRole('combobox', { name: 'Status' });
  await search.fill('brookfield');
  await expect(page).toHaveURL(/\?q=brookfield$/);
  await expect(card(page, `${marker} Office`)).toBeVisible();
  for (const text of await cards(page).allInnerTexts()) expect(text.toLowerCase()).toContain('brookfield');

  // One status control: everything but spam by default, spam alone, or everything with spam.
  await expect(status.locator('option')).toHaveText([
    'All except spam',
    'New',
    'Contacted',
    'Quoted',
    'Won',
    'Lost',
    'Spam',
    'All, including spam',
  ]);
  await expect(page.getByText('Show spam')).toHaveCount(0);
  await search.fill(marker);
  await expect(cards(page)).toHaveCount(1);
  await status.selectOption({ label: 'All, including spam' });
  await expect(page).toHaveURL(new RegExp(`\\?q=${encodeURIComponent(marker).replace(/%20/g, '\\+')}&status=all$`));
  await expect(cards(page)).toHaveCount(2);
  await status.selectOption({ label: 'Spam' });
  await expect(cards(page).getByRole('heading')).toHaveText([`${marker} Spam`]);

  // No match: said so, with a way out; never "No submissions yet".
  await status.selectOption({ label: 'Won' });
  await expect(page.getByRole('heading', { name: 'No quote requests match these filters' })).toBeVisible();
  await expect(page.getByText(`Nothing matches the search “${marker}” and the status “won”.`)).toBeVisible();
  await expect(page.getByText('No submissions yet')).toHaveCount(0);
  await expect(page.getByText('0 submissions', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  const bookmarked = page.url();
  await page.getByRole('main').getByRole('button', { name: 'Clear filters' }).last().click();
  await expect(page).toHaveURL(/\/admin\/submissions$/);
  await expect(search).toHaveValue('');
  await expect(status).toHaveValue('');

  // Back steps through the filter changes (the typing itself is one entry, not one per key).
  await page.goBack();
  await expect(status).toHaveValue('won');
  await expect(search).toHaveValue(marker);
  await page.goBack();
  await expect(status).toHaveValue('spam');
  await expect(cards(page).getByRole('heading')).toHaveText([`${marker} Spam`]);
  await page.goBack();
  await expect(status).toHaveValue('all');
  await expect(cards(page)).toHaveCount(2);
  await page.goForward();
  await expect(status).toHaveValue('spam');
  await expect(cards(page)).toHaveCount(1);

  // Bookmarkable and shareable: the same URL, opened afresh, shows the same view.
  await page.goto(bookmarked);
  await expect(search).toHaveValue(marker);
  await expect(status).toHaveValue('won');
  await expect(page.getByRole('heading', { name: 'No quote requests match these filters' })).toBeVisible();
});

test('the CSV export downloads the filtered list with Central times and their offsets, the status and the notes', async ({
  page,
  request,
}) => {
  const marker = `Export ${Date.now()}`;
  await postRequest(request, { name: marker, message: 'Our lot in Oak Creek needs sweeping after the farmers market.' });
  await signInAt(page, `/admin/submissions?q=${encodeURIComponent(marker)}`);
  const row = card(page, marker);
  await row.getByLabel('Status').selectOption('quoted');
  await expect(row.locator('[data-status-badge]')).toHaveText('quoted');
  await row.getByRole('button', { name: 'Notes' }).click();
  await row.getByLabel('Add a note').fill('Quoted $240 a month, weekly.');
  await row.getByRole('button', { name: 'Add note' }).click();
  await expect(row).toContainText('Quoted $240 a month, weekly.');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^quote-requests-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = Buffer.concat(await (await download.createReadStream()).toArray()).toString('utf8');
  const lines = csv
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(lines[0]).toBe('"Submitted","Status","Name","Email","Phone","Service","Property size","Urgency","Message","Notes"');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toMatch(new RegExp(`^"\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2} -0[56]:00","quoted","${marker}",`));
  expect(lines[1]).toMatch(/,"\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} -0[56]:00 Sam Nowak: Quoted \$240 a month, weekly\."$/);
});

test('the inbox survives a blip: the list stays through a failed refresh, failures are told in words, and typed notes are kept', async ({
  page,
  context,
  request,
}) => {
  const marker = `Blip ${Date.now()}`;
  await postRequest(request, { name: marker, message: 'Our lot in Cudahy needs a cleanup after the street fair.' });
  await signIn(page, STAFF_EMAIL, '/admin');
  await page.clock.install();
  await page.goto(`/admin/submissions?q=${encodeURIComponent(marker)}`);
  const row = card(page, marker);
  await expect(row).toBeVisible();

  // The automatic refresh fails: the list stays, with a small note; the next try brings it back.
  let refreshes = 0;
  await page.route('**/api/contact?*', (route) => {
    refreshes++;
    return route.abort('internetdisconnected');
  });
  await page.clock.runFor(REFRESH_MS);
  await expect(page.getByRole('status')).toContainText('Could not refresh - retrying');
  await expect(row).toBeVisible();
  await expect(page.getByText('Error loading submissions')).toHaveCount(0);
  expect(refreshes).toBeGreaterThan(0);
  await page.unroute('**/api/contact?*');
  await page.clock.runFor(REFRESH_MS);
  await expect(page.getByText('Could not refresh - retrying')).toHaveCount(0);
  await expect(row).toBeVisible();

  // A note typed and not yet saved survives the refresh...
  await row.getByRole('button', { name: 'Notes' }).click();
  const note = row.getByLabel('Add a note');
  await note.fill('Called, left a voicemail; try again after 2 PM.');
  await page.clock.runFor(REFRESH_MS);
  await expect(note).toHaveValue('Called, left a voicemail; try again after 2 PM.');

  // ...and a failed save, which says what failed in words.
  await context.setOffline(true);
  await row.getByRole('button', { name: 'Add note' }).click();
  await expect(row.getByRole('alert')).toHaveText('Could not save the note: the connection dropped. Try again.');
  await expect(note).toHaveValue('Called, left a voicemail; try again after 2 PM.');
  await row.getByLabel('Status').selectOption('contacted');
  await expect(row.getByRole('alert').first()).toHaveText('Could not save the status: the connection dropped. Try again.');
  await expect(row.locator('[data-status-badge]')).toHaveText('new');
  await expect(row.getByLabel('Status')).toHaveValue('new');
  await expect(page.getByText('Failed to fetch')).toHaveCount(0);
  await context.setOffline(false);

  // ...and a reload: the notes open with the draft in place; once saved, the draft is gone.
  await page.reload();
  await expect(note).toHaveValue('Called, left a voicemail; try again after 2 PM.');
  await row.getByRole('button', { name: 'Add note' }).click();
  await expect(row.getByRole('listitem').filter({ hasText: 'Called, left a voicemail; try again after 2 PM.' })).toBeVisible();
  await expect(note).toHaveValue('');
  await page.reload();
  await expect(row).toBeVisible();
  await expect(row.getByLabel('Add a note')).toHaveCount(0);
});

test('the compact list shows 15 or more requests on a 1440 × 900 screen, behind a labelled toggle that is remembered', async ({
  page,
  request,
}) => {
  const marker = `Compact ${Date.now()}`;
  for (let i = 1; i <= 16; i++) {
    await postRequest(request, { name: `${marker} ${String(i).padStart(2, '0')}`, message: `Sweeping for lot ${i} in Wauwatosa, please.` });
  }
  await signIn(page, STAFF_EMAIL, '/admin/submissions');
  const view = page.getByRole('group', { name: 'View' });
  await expect(view.getByRole('button', { name: 'Cards' })).toHaveAttribute('aria-pressed', 'true');
  await view.getByRole('button', { name: 'Compact list' }).click();
  await expect(view.getByRole('button', { name: 'Compact list' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('table')).toBeVisible();
  const heights = await page
    .locator('main tbody tr')
    .evaluateAll((rows) => rows.filter((row) => row.getBoundingClientRect().bottom <= window.innerHeight).length);
  expect(heights).toBeGreaterThanOrEqual(15);
  await expect(page.getByRole('columnheader')).toHaveText(['Received', 'Name', 'Phone', 'Service', 'Message', 'Status', 'Details']);
  await expectNoAxeViolations(page);

  // Remembered after a reload; a row opens into the full card, where the work is done.
  await page.reload();
  await expect(view.getByRole('button', { name: 'Compact list' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('searchbox', { name: 'Search' }).fill(marker);
  await expect(page.locator('main tbody tr')).toHaveCount(16);
  await page.getByRole('button', { name: `Open the request from ${marker} 16` }).click();
  const details = page.locator('main tbody div[data-quote-request]');
  await expect(details.getByRole('heading', { name: `${marker} 16` })).toBeVisible();
  await expect(details.getByLabel('Status')).toHaveValue('new');
  await expectNoAxeViolations(page);
  await view.getByRole('button', { name: 'Cards' }).click();
  await page.reload();
  await expect(cards(page)).toHaveCount(16);
});

test('the inbox has one name: the nav label, the heading and the tab title', async ({ page }) => {
  await signIn(page, STAFF_EMAIL, '/admin');
  await expect(page).toHaveTitle('Overview · Lakeshore Lot Care');
  await page.getByRole('navigation', { name: 'Staff console' }).getByRole('link', { name: 'Contact Form Submissions' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact Form Submissions');
  await expect(page).toHaveTitle('Contact Form Submissions · Lakeshore Lot Care');
  await expect(
    page.getByRole('navigation', { name: 'Staff console' }).getByRole('link', { name: 'Contact Form Submissions' }),
  ).toHaveAttribute('aria-current', 'page');
});
