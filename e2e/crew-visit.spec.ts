import { mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { withDatabase } from './support/database';
import { holdScript } from './support/hold-script';
import { signIn } from './support/sign-in';

/** A phone in a parking lot: 390 px wide, location granted. */
const PHONE = { width: 390, height: 844 };
/** The lot: a retail centre's parking lot in Wauwatosa. */
const LOT = { latitude: 43.0493, longitude: -88.0076 };
/** About 2 km north of it. */
const TWO_KM_AWAY = { latitude: 43.0673, longitude: -88.0076 };
const CHECKLIST = ['Pick up litter in parking areas', 'Empty exterior bins', 'Clear the dumpster corral'];

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date());
let serial = 0;

interface Setup {
  email: string;
  visitId: string;
  propertyName: string;
}

/** A crew member, a property with its location, and a visit assigned to them today (and an anytime one on the route after it). */
async function crewWithVisit(): Promise<Setup> {
  const tag = `${Date.now()}-${++serial}`;
  const email = `rosa-${tag}@lakeshorelotcare.com`;
  const propertyName = `Mayfair Commons ${tag}`;
  const visitId = await withDatabase(async (client) => {
    const user = await client.query<{ id: string }>(
      `insert into users (email, first_name, last_name, role) values ($1, 'Rosa', 'Delgado', 'crew') returning id`,
      [email],
    );
    const customer = await client.query<{ id: string }>(`insert into customers (name, email) values ($1, $2) returning id`, [
      `Mayfair Holdings ${tag}`,
      `office-${tag}@example.com`,
    ]);
    const property = async (name: string, address: string, location: typeof LOT | null) =>
      (
        await client.query<{ id: string }>(
          `insert into properties (customer_id, name, address, city, state, zip_code, property_type, latitude, longitude, location_source)
           values ($1, $2, $3, 'Wauwatosa', 'WI', '53226', 'Retail Center', $4, $5, $6) returning id`,
          [customer.rows[0]!.id, name, address, location?.latitude ?? null, location?.longitude ?? null, location ? 'typed' : null],
        )
      ).rows[0]!.id;
    const visit = async (propertyId: string, window: [string, string] | null, instructions: string) => {
      const row = await client.query<{ id: string }>(
        `insert into visits (property_id, scheduled_date, window_start, window_end, instructions, crew_user_ids)
         values ($1, $2, $3, $4, $5, array[$6]::uuid[]) returning id`,
        [propertyId, today(), window?.[0] ?? null, window?.[1] ?? null, instructions, user.rows[0]!.id],
      );
      for (const [position, label] of CHECKLIST.entries()) {
        await client.query('insert into visit_checklist_items (visit_id, position, label) values ($1, $2, $3)', [
          row.rows[0]!.id,
          position,
          label,
        ]);
      }
      return row.rows[0]!.id;
    };
    const lot = await property(propertyName, '2500 N Mayfair Rd', LOT);
    const id = await visit(lot, ['06:00', '10:00'], 'Gate code 4411. Start at the loading dock behind the grocery store.');
    await visit(await property(`Burleigh Medical Plaza ${tag}`, '10101 W Burleigh St', null), null, '');
    return id;
  });
  return { email, visitId, propertyName };
}

async function jpegs(count: number, base: number) {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => ({
      name: `lot-${base + i}.jpg`,
      mimeType: 'image/jpeg',
      buffer: await sharp({
        create: { width: 1200, height: 900, channels: 3, background: { r: (base * 40 + i * 70) % 256, g: 120, b: 90 } },
      })
        .jpeg()
        .toBuffer(),
    })),
  );
}

async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
}

/** Screenshots in light and dark, when CREW_SCREENSHOTS names a folder. */
async function screenshots(page: Page, name: string, fullPage = true) {
  const folder = process.env.CREW_SCREENSHOTS;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((dark) => document.documentElement.classList.toggle('dark', dark), theme === 'dark');
    // Buttons fade between colours; the picture waits for them.
    await page.waitForTimeout(400);
    await page.screenshot({ path: path.join(folder, `${name}-${theme}.png`), fullPage });
  }
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
}

/** Opens the first visit on today's route. */
async function openFirstVisit(page: Page) {
  await page
    .getByRole('article')
    .first()
    .getByRole('link', { name: /Open visit/ })
    .click();
  // The visit opens within the page once its scripts have run (a tap before that is kept until then).
  await expect(page).toHaveURL(/[?&]visit=/);
}

async function phone(
  browser: Browser,
  geolocation: typeof LOT,
  { serviceWorkers = 'allow' }: { serviceWorkers?: 'allow' | 'block' } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
    permissions: ['geolocation'],
    geolocation,
    serviceWorkers,
  });
  return { context, page: await context.newPage() };
}

const visitRows = (visitId: string) =>
  withDatabase(async (client) => ({
    visit: (
      await client.query(
        'select status, checked_in_at, checked_out_at, check_in_location_status, check_in_distance_meters, note from visits where id = $1',
        [visitId],
      )
    ).rows[0],
    photos: (await client.query('select photo_type, site_issue_id from photos where visit_id = $1', [visitId])).rows,
    issues: (await client.query('select issue_type, note from site_issues where visit_id = $1', [visitId])).rows,
    undone: Number(
      (await client.query('select count(*) from visit_checklist_items where visit_id = $1 and done_at is null', [visitId])).rows[0].count,
    ),
    events: (
      await client.query('select kind, count(*)::int as n from visit_events where visit_id = $1 group by kind order by kind', [visitId])
    ).rows,
  }));

test('a crew member works a visit through, offline for half of it, and every item arrives exactly once', async ({ browser }) => {
  test.setTimeout(90_000);
  const setup = await crewWithVisit();
  const { context, page } = await phone(browser, LOT);
  await signIn(page, setup.email, '/crew');

  // Today's route: the windowed visit first, then the anytime one.
  await expect(page.getByRole('heading', { name: 'Today’s route' })).toBeVisible();
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(2);
  await expect(cards.first()).toContainText(setup.propertyName);
  await expect(cards.first()).toContainText('6:00 AM – 10:00 AM');
  await expect(cards.first()).toContainText('Gate code 4411');
  await expect(cards.nth(1)).toContainText('Anytime');
  await expect(cards.first().getByRole('link', { name: /Directions/ })).toHaveAttribute(
    'href',
    /google\.com\/maps\/search\/\?api=1&query=43\.0493%2C-88\.0076/,
  );
  await expectNoAxeViolations(page);
  await screenshots(page, 'crew-route');

  await openFirstVisit(page);
  await expect(page.getByRole('heading', { level: 1, name: setup.propertyName })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Start visit' }).click();
  await expect(page.getByText('Verified on site')).toBeVisible();

  await page.getByLabel('Take before photos').setInputFiles(await jpegs(2, 1));
  await expect(page.getByText('2 photos sent')).toBeVisible({ timeout: 20_000 });

  // The signal drops: everything from here on is saved on the phone.
  await context.setOffline(true);
  for (const label of CHECKLIST) await page.getByRole('checkbox', { name: label }).check({ force: true });
  await expect(page.getByText('3 of 3 done').first()).toBeVisible();

  await page.getByRole('button', { name: 'Report a site issue' }).click();
  // The form checks the shared rules before anything is saved, on the field at fault.
  const issueForm = page.getByRole('form', { name: 'New site issue' });
  await issueForm.getByRole('button', { name: 'Save issue' }).click();
  await expect(issueForm.getByText('Choose the kind of issue')).toBeVisible();
  await expect(page.getByLabel('What did you find?')).toBeFocused();
  await page.getByLabel('What did you find?').selectOption('other');
  await expect(issueForm.getByText('Choose the kind of issue')).toHaveCount(0);
  await issueForm.getByRole('button', { name: 'Save issue' }).click();
  await expect(issueForm.getByText('Say what the issue is in the note')).toBeVisible();
  await expect(issueForm.getByLabel(/^Note/)).toBeFocused();
  await issueForm.scrollIntoViewIfNeeded();
  await screenshots(page, 'crew-issue-form-refused', false);
  await page.getByLabel('What did you find?').selectOption('illegal_dumping');
  await expect(issueForm.getByText('Say what the issue is in the note')).toHaveCount(0);
  await page.getByLabel(/^Note/).first().fill('Mattress and two tyres dumped behind the dumpster corral.');
  await page.getByLabel('Add issue photos').setInputFiles(await jpegs(1, 5));
  await page.getByRole('form', { name: 'New site issue' }).scrollIntoViewIfNeeded();
  await expectNoAxeViolations(page);
  await screenshots(page, 'crew-issue-form', false);
  await page.getByRole('button', { name: 'Save issue' }).click();
  await expect(page.getByRole('form', { name: 'New site issue' })).toHaveCount(0);
  await expect(page.getByText('Mattress and two tyres dumped behind the dumpster corral.')).toBeVisible();

  await page.getByLabel('Take after photos').setInputFiles(await jpegs(2, 7));
  await page.getByLabel('Note for the office').fill('Swept the whole lot; the east bins were overflowing.');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Complete visit' }).click();
  await expect(page.getByRole('heading', { name: /Visit completed at/ })).toBeVisible();
  const bar = page.getByRole('status').filter({ hasText: 'waiting' });
  await expect(bar).toContainText('3 photos waiting to upload');
  await expect(bar).toContainText('5 updates waiting to send');
  await expect(bar).toContainText('No signal');
  await screenshots(page, 'crew-visit-offline', false);

  // Nothing reached the server while offline.
  const offline = await visitRows(setup.visitId);
  expect(offline.photos).toHaveLength(2);
  expect(offline.undone).toBe(3);

  // Back in signal: the queue goes out in order, once.
  await context.setOffline(false);
  await expect(bar).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByText('2 photos sent').nth(1)).toBeVisible();
  const arrived = await visitRows(setup.visitId);
  expect(arrived.visit).toMatchObject({
    status: 'completed',
    check_in_location_status: 'verified',
    note: 'Swept the whole lot; the east bins were overflowing.',
  });
  expect(arrived.visit.checked_in_at).toBeInstanceOf(Date);
  expect(arrived.visit.checked_out_at.getTime()).toBeGreaterThan(arrived.visit.checked_in_at.getTime());
  expect(arrived.photos.map((p: { photo_type: string }) => p.photo_type).sort()).toEqual(['after', 'after', 'before', 'before', 'other']);
  expect(arrived.photos.filter((p: { site_issue_id: string | null }) => p.site_issue_id)).toHaveLength(1);
  expect(arrived.issues).toEqual([{ issue_type: 'illegal_dumping', note: 'Mattress and two tyres dumped behind the dumpster corral.' }]);
  expect(arrived.undone).toBe(0);
  expect(arrived.events).toEqual([
    { kind: 'checked_in', n: 1 },
    { kind: 'checked_out', n: 1 },
    { kind: 'checklist_item', n: 3 },
    { kind: 'issue_reported', n: 1 },
    { kind: 'photo_added', n: 5 },
  ]);
  await screenshots(page, 'crew-visit-done');
  await context.close();
});

test('a visit started 2 km from the lot is flagged as away, with the distance', async ({ browser }) => {
  const setup = await crewWithVisit();
  const { context, page } = await phone(browser, TWO_KM_AWAY);
  await signIn(page, setup.email, '/crew');
  await openFirstVisit(page);
  await page.getByRole('button', { name: 'Start visit' }).click();
  await expect(page.getByText('Away from the site (2.0 km)')).toBeVisible();
  await expect.poll(async () => (await visitRows(setup.visitId)).visit.check_in_location_status).toBe('away');
  const { visit } = await visitRows(setup.visitId);
  expect(visit.check_in_distance_meters).toBeGreaterThan(1950);
  expect(visit.check_in_distance_meters).toBeLessThan(2050);
  await expectNoAxeViolations(page);
  await screenshots(page, 'crew-visit-away');
  await context.close();
});

test('closing the tab without signal loses nothing: the queue goes out when the page opens again', async ({ browser }) => {
  const setup = await crewWithVisit();
  const { context, page } = await phone(browser, LOT);
  await signIn(page, setup.email, `/crew`);
  await openFirstVisit(page);
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Start visit' }).click();
  await expect(page.getByText('Verified on site')).toBeVisible();
  await expect(page.getByText(/Checked in at .* · saved on this phone/)).toBeVisible();
  await page.getByRole('checkbox', { name: CHECKLIST[0] }).check({ force: true });
  await expect(page.getByRole('status')).toContainText('2 updates waiting to send');
  await page.close();

  await context.setOffline(false);
  const again = await context.newPage();
  await again.goto(`/crew?visit=${setup.visitId}`);
  await expect(again.getByText('Verified on site')).toBeVisible();
  await expect.poll(async () => (await visitRows(setup.visitId)).undone).toBe(2);
  const { visit, events } = await visitRows(setup.visitId);
  expect(visit.status).toBe('in_progress');
  expect(events).toEqual([
    { kind: 'checked_in', n: 1 },
    { kind: 'checklist_item', n: 1 },
  ]);
  await context.close();
});

test('the route opens again after a reload without signal, from what the phone kept', async ({ browser }) => {
  const setup = await crewWithVisit();
  const { context, page } = await phone(browser, LOT);
  await signIn(page, setup.email, '/crew');
  await expect(page.getByRole('article').first()).toContainText(setup.propertyName);
  // The service worker has kept the page's files once it is active, on the first visit: the
  // shared chunks the page loaded before the worker existed are kept too.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText('No signal: this is the route as it was last loaded on this phone.')).toBeVisible();
  await expect(page.getByRole('article').first()).toContainText(setup.propertyName);
  await openFirstVisit(page);
  await page.getByRole('button', { name: 'Start visit' }).click();
  await expect(page.getByText('Verified on site')).toBeVisible();
  await expect(page.getByRole('status')).toContainText('1 update waiting to send');

  await context.setOffline(false);
  await expect(page.getByRole('status')).toHaveText('Everything is sent to the office', { timeout: 20_000 });
  expect((await visitRows(setup.visitId)).visit.status).toBe('in_progress');
  // Back in signal, the route is the office's again, not the copy kept on the phone.
  await page.getByRole('link', { name: 'Today’s route' }).click();
  await expect(page.getByRole('heading', { name: 'Today’s route' })).toBeVisible();
  await expect(page.getByText('No signal: this is the route as it was last loaded on this phone.')).toHaveCount(0);
  await context.close();
});

test('without signal, the route’s header counts what is left from the visits as the phone knows them', async ({ browser }) => {
  test.slow();
  const setup = await crewWithVisit();
  const { context, page } = await phone(browser, LOT);
  await signIn(page, setup.email, '/crew');
  const cards = page.getByRole('article');
  await expect(cards.first()).toContainText(setup.propertyName);
  const header = page.getByText(/ · 2 visits, \d+ to go$/);
  await expect(header).toHaveText(/2 visits, 2 to go$/);
  // The service worker keeps the page's files once it is active: the page and its visits open without signal.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });

  await context.setOffline(true);
  for (const [index, link] of [
    [0, /Open visit/],
    [1, /Open visit/],
  ] as const) {
    await cards.nth(index).getByRole('link', { name: link }).click();
    await expect(page).toHaveURL(/[?&]visit=/);
    await page.getByRole('button', { name: 'Start visit' }).click();
    await expect(page.getByText(/Checked in at .* · saved on this phone/)).toBeVisible();
    await page.getByRole('button', { name: 'Complete visit' }).click();
    await expect(page.getByRole('heading', { name: /Visit completed at/ })).toBeVisible();
    await page.getByRole('link', { name: 'Today’s route' }).click();
    await expect(page.getByRole('heading', { name: 'Today’s route' })).toBeVisible();
    await expect(cards.nth(index)).toContainText('Completed');
    await expect(header).toHaveText(index === 0 ? /2 visits, 1 to go$/ : /2 visits, 0 to go$/);
  }

  // A reload without signal shows the route kept on the phone (the server's last answer) with the work done since.
  await page.reload();
  await expect(page.getByText('No signal: this is the route as it was last loaded on this phone.')).toBeVisible();
  await expect(header).toHaveText(/2 visits, 0 to go$/);
  await expect(cards.filter({ hasText: 'Completed' })).toHaveCount(2);
  await expect(page.getByRole('status')).toContainText('4 updates waiting to send');
  // A visit opens from the kept route too, with its work as the phone knows it.
  await cards.nth(1).getByRole('link', { name: /View/ }).click();
  await expect(page).toHaveURL(/[?&]visit=/);
  await expect(page.getByRole('heading', { name: /Visit completed at/ })).toBeVisible();
  await page.getByRole('link', { name: 'Today’s route' }).click();
  await expect(header).toHaveText(/2 visits, 0 to go$/);

  // Back in signal, the office's answer says the same.
  await context.setOffline(false);
  await expect(page.getByRole('status')).toHaveText('Everything is sent to the office', { timeout: 20_000 });
  await expect(page.getByText('No signal: this is the route as it was last loaded on this phone.')).toHaveCount(0);
  await expect(header).toHaveText(/2 visits, 0 to go$/);
  expect((await visitRows(setup.visitId)).visit.status).toBe('completed');
  await context.close();
});

test('work the office refused (the visit was skipped meanwhile) is shown with the reason, and the visit shows as skipped', async ({
  browser,
}) => {
  const setup = await crewWithVisit();
  const { context, page } = await phone(browser, LOT);
  await signIn(page, setup.email, '/crew');
  await openFirstVisit(page);
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Start visit' }).click();
  await expect(page.getByText('Verified on site')).toBeVisible();
  await withDatabase((client) =>
    client.query(`update visits set status = 'skipped', skip_reason = 'weather' where id = $1`, [setup.visitId]),
  );
  await context.setOffline(false);
  const refused = page.getByRole('region', { name: 'Not sent' });
  await expect(refused).toContainText(
    'Start: The office skipped this visit (weather), so there is nothing to record. Call the office if you are on site.',
  );
  await expect(page.getByRole('status')).toContainText('1 item could not be sent');
  await expect(page.getByText('The office skipped this visit. There is nothing to record')).toBeVisible();
  await expectNoAxeViolations(page);
  await refused.getByRole('button', { name: 'Dismiss' }).click();
  await expect(refused).toHaveCount(0);
  await expect(page.getByRole('status')).toHaveText('Everything is sent to the office');
  expect((await visitRows(setup.visitId)).visit).toMatchObject({ status: 'skipped', checked_in_at: null });
  await context.close();
});

test('a large camera photo is made smaller on the phone before it is sent', async ({ browser }) => {
  const setup = await crewWithVisit();
  const { context, page } = await phone(browser, LOT);
  await signIn(page, setup.email, '/crew');
  await openFirstVisit(page);
  await page.getByRole('button', { name: 'Start visit' }).click();
  // A 4000 × 3000 photo full of detail, as a phone camera takes it: several megabytes.
  const noise = Buffer.alloc(4000 * 3000 * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
  const buffer = await sharp(noise, { raw: { width: 4000, height: 3000, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
  expect(buffer.length).toBeGreaterThan(3 * 1024 * 1024);
  await page.getByLabel('Take before photos').setInputFiles({ name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer });
  await expect(page.getByText('1 photo sent')).toBeVisible({ timeout: 20_000 });
  const [photo] = (await withDatabase((client) => client.query('select width, height from photos where visit_id = $1', [setup.visitId])))
    .rows;
  // The store keeps the size of the file it received: the phone sent 2048 px, not the camera's 4000.
  expect(photo).toEqual({ width: 2048, height: 1536 });
  await context.close();
});

test('a shared phone: one crew member’s unsent work waits for them, and the next one sees neither their route nor their queue', async ({
  browser,
}) => {
  test.slow();
  const rosa = await crewWithVisit();
  const sam = await crewWithVisit();
  const { context, page } = await phone(browser, LOT);
  await signIn(page, rosa.email, `/crew?visit=${rosa.visitId}`);
  // The service worker keeps the page's files once it is active.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // The crew API cannot be reached (a dead spot the phone does not know about): the start stays queued.
  await page.route('**/api/crew/visits/**', (route) => route.abort('internetdisconnected'));
  await page.getByRole('button', { name: 'Start visit' }).click();
  await expect(page.getByRole('status')).toContainText('1 update waiting to send');
  await page.getByRole('link', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/$/);

  // Signed out, without signal, the phone shows no one's route.
  await context.setOffline(true);
  await page.goto('/crew').catch(() => undefined);
  await expect(page.getByRole('heading', { name: 'Crew sign-in' })).toBeVisible();
  await expect(page.getByText(rosa.propertyName)).toHaveCount(0);
  await context.setOffline(false);

  await page.unroute('**/api/crew/visits/**');
  const sentForRosa: string[] = [];
  const watch = (request: { url(): string; method(): string }) => {
    if (request.method() !== 'GET' && request.url().includes(rosa.visitId)) sentForRosa.push(request.url());
  };
  page.on('request', watch);
  await signIn(page, sam.email, '/crew');
  await expect(page.getByRole('article').first()).toContainText(sam.propertyName);
  await expect(page.getByText(rosa.propertyName)).toHaveCount(0);
  const bar = page.getByRole('status');
  await expect(bar).toContainText('All your work is sent to the office');
  await expect(bar).toContainText('1 item saved on this phone by another crew member waits for them to log in here again.');
  await expectNoAxeViolations(page);
  await screenshots(page, 'crew-shared-phone', false);
  // Sam's session never sends Rosa's work.
  await page.waitForTimeout(1_000);
  expect(sentForRosa).toEqual([]);
  page.off('request', watch);
  expect((await visitRows(rosa.visitId)).visit.status).toBe('scheduled');

  await page.getByRole('link', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await signIn(page, rosa.email, '/crew');
  await expect(page.getByRole('status')).toHaveText('Everything is sent to the office', { timeout: 20_000 });
  await expect.poll(async () => (await visitRows(rosa.visitId)).visit.status).toBe('in_progress');
  await context.close();
});

test('a photo taken before the page’s scripts have run is not lost: it goes to the office once they have', async ({ browser }) => {
  const setup = await crewWithVisit();
  // No service worker: the test holds the page's entry script back, and a worker would answer it from its cache.
  const { context, page } = await phone(browser, LOT, { serviceWorkers: 'block' });
  await signIn(page, setup.email, '/crew');
  await openFirstVisit(page);
  await page.getByRole('button', { name: 'Start visit' }).click();
  await expect(page.getByText('Verified on site')).toBeVisible();
  // The server's render shows the camera once the office has the check-in.
  await expect.poll(async () => (await visitRows(setup.visitId)).visit.status, { timeout: 20_000 }).toBe('in_progress');

  const release = await holdScript(page, /\/assets\/crew-[\w-]{8}\.js$/);
  await page.goto(`/crew?visit=${setup.visitId}`);
  // The server's screen, before React: the camera opens, and the photo is chosen.
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByText('Take before photos').click()]);
  await chooser.setFiles(await jpegs(1, 3));
  release();
  await expect(page.getByText('1 photo sent')).toBeVisible({ timeout: 20_000 });
  expect((await visitRows(setup.visitId)).photos).toEqual([{ photo_type: 'before', site_issue_id: null }]);
  await context.close();
});
