import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import type { PublicEstimate } from '../src/shared/api/estimates';
import { estimateTotals } from '../src/shared/estimate-totals';
import { addDays, localToday } from '../src/shared/local-dates';
import { formatCents } from '../src/shared/money';
import type { SampleEstimate } from '../scripts/lib/sample-estimate';
import { withDatabase } from './support/database';
import { acceptedEstimate, estimateForCustomer, reviseEstimate, sentEstimate, showVisitPhotos } from './support/sent-estimate';
import { signIn } from './support/sign-in';
import { switchToDark, takeScreenshots } from './support/theme';

/*
 * The prospect's estimate page (issue 24), opened from its e-mail with no account: a property
 * manager on a phone chooses options and a term and accepts; asks for changes; declines; finds an
 * expired or replaced estimate. Every estimate here is the sample of three properties
 * (scripts/lib/sample-estimate.ts), each test its own.
 */
const phone = { width: 375, height: 812 };
const SHOTS = 'test-results/estimate-page';

const open = async (page: Page, estimate: SampleEstimate) => {
  const response = await page.goto(`/estimates/${estimate.token}`);
  await expect(page.getByRole('heading', { level: 1, name: `Estimate ${estimate.number}` })).toBeVisible();
  // The server's HTML comes first; its controls work once React has taken it over.
  await expect(page.locator('[data-ready="true"]')).toBeAttached();
  return response;
};

/** The sample's one taxable option, at Layton Crossing. */
const LANDSCAPING = /Landscaped Area Cleanup/;

async function fillSigner(page: Page, name = 'Dana Kowalski', title = 'Property Manager') {
  await page.getByLabel('Your full name').fill(name);
  await page.getByLabel('Your title').fill(title);
  await page.getByLabel('I agree to the terms above').check();
}

const estimateRow = (id: string) =>
  withDatabase(async (client) => (await client.query('select status, accepted_name from estimates where id = $1', [id])).rows[0]);

/** What acceptance made, read from the database: the customer, its properties and user, the agreement, its plans, and each property's first visit. */
const madeOnAcceptance = (estimate: SampleEstimate) =>
  withDatabase(async (client) => {
    const email = (await client.query('select email from estimates where id = $1', [estimate.id])).rows[0].email as string;
    const customers = (await client.query('select id from customers where email = $1', [email])).rows;
    const customerId = customers[0]?.id as string | undefined;
    const count = async (text: string, values: unknown[]) => Number((await client.query(text, values)).rows[0].n);
    return {
      customers: customers.length,
      properties: await count('select count(*) as n from properties where customer_id = $1', [customerId]),
      portalUsers: await count(`select count(*) as n from users where customer_id = $1 and role = 'customer'`, [customerId]),
      agreements: await count('select count(*) as n from service_agreements where estimate_id = $1', [estimate.id]),
      plans: await count(
        'select count(*) as n from service_plans p join properties pr on pr.id = p.property_id where pr.customer_id = $1',
        [customerId],
      ),
      firstVisits: (
        await client.query(
          'select min(v.scheduled_date)::text as first from properties pr left join visits v on v.property_id = pr.id where pr.customer_id = $1 group by pr.id',
          [customerId],
        )
      ).rows.map((row) => row.first as string | null),
    };
  });

/** The last day within `days` business days (Monday to Friday) of today. */
function businessDaysFromToday(days: number) {
  let date = localToday();
  for (let left = days; left > 0;) {
    date = addDays(date, 1);
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    if (weekday !== 0 && weekday !== 6) left--;
  }
  return date;
}

async function expectNoAxeViolations(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${what}: ${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
}

/** The whole page in one picture: the viewport is made as tall as the page, so the sticky total rests where it belongs. */
async function screenshot(page: Page, name: string) {
  if (!takeScreenshots) return;
  mkdirSync(SHOTS, { recursive: true });
  const viewport = page.viewportSize()!;
  await page.setViewportSize({ width: viewport.width, height: await page.evaluate(() => document.documentElement.scrollHeight) });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
  await page.setViewportSize(viewport);
}

test.describe('the estimate page on a 375 px phone', () => {
  test.use({ viewport: phone });

  test('a prospect accepts a 3-property estimate with one option and the 12-month term: the customer, properties, portal user, agreement, plans and first visits exist', async ({
    page,
  }) => {
    const estimate = await sentEstimate();
    await open(page, estimate);
    for (const property of estimate.properties) await expect(page.getByRole('heading', { level: 3, name: property.name })).toBeVisible();
    const shown = (await (await page.request.get(`/api/estimates/${estimate.token}`)).json()) as PublicEstimate;
    const option = estimate.properties[0]!.optionalLineIds[0]!;
    const expected = estimateTotals(shown.properties, { discountBp: shown.termDiscounts['12-months']!, chosenOptionalIds: [option] });
    const total = page.getByRole('region', { name: /Your total/ });

    // Nothing chosen yet, then refused with every reason on its field, and nothing stored.
    await page.getByRole('button', { name: 'Accept estimate' }).click();
    await expect(page.getByText('Your full name is required')).toBeVisible();
    await expect(page.getByText('Tick “I agree to the terms above” to accept')).toBeVisible();
    expect((await estimateRow(estimate.id)).status).not.toBe('accepted');

    await page.getByRole('checkbox', { name: LANDSCAPING }).check();
    await page.getByRole('radio', { name: '12 months — save 10%' }).check();
    await expect(total).toContainText(`About ${formatCents(expected.monthlyTotalCents)} a month`);
    await expect(total).toContainText(`plus ${formatCents(expected.oneTimeTotalCents)} one time`);
    await page.getByLabel('PO number (optional)').first().fill('PO-4471');
    await fillSigner(page);
    await page.getByRole('button', { name: 'Accept estimate' }).click();

    await expect(page.getByRole('heading', { name: 'Thank you — your service agreement is in place' })).toBeFocused();
    await expect(page.getByText('Accepted by Dana Kowalski, Property Manager')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Download the signed PDF' })).toBeVisible();
    await screenshot(page, 'accepted-375-light');

    const made = await madeOnAcceptance(estimate);
    expect(made).toMatchObject({ customers: 1, properties: 3, portalUsers: 1, agreements: 1 });
    expect(made.plans).toBeGreaterThanOrEqual(3);
    const latest = businessDaysFromToday(2);
    for (const first of made.firstVisits) expect(first !== null && first >= localToday() && first <= latest, String(first)).toBe(true);
  });

  test('a double click, a second tab and a reload accept once and show the same confirmation', async ({ page, context }) => {
    const estimate = await sentEstimate();
    const second = await context.newPage();
    await open(page, estimate);
    await open(second, estimate);
    await fillSigner(page);
    await page.getByRole('button', { name: 'Accept estimate' }).dblclick();
    await expect(page.getByRole('heading', { name: 'Thank you — your service agreement is in place' })).toBeVisible();

    // The other tab, opened before, accepts too, with another option ticked: the server refuses it (409),
    // and the tab shows the estimate as it now stands, accepted, with the same confirmation; still one agreement.
    await second.getByRole('checkbox', { name: LANDSCAPING }).check();
    await fillSigner(second, 'Dana Kowalski', 'Property Manager');
    await second.getByRole('button', { name: 'Accept estimate' }).click();
    await expect(second.getByRole('heading', { name: 'Thank you — your service agreement is in place' })).toBeVisible();
    await second.reload();
    await expect(second.getByText('Accepted by Dana Kowalski, Property Manager')).toBeVisible();
    expect(await madeOnAcceptance(estimate)).toMatchObject({ customers: 1, agreements: 1 });
  });

  test('request changes: the message is required, then sent; the estimate stays open to accept', async ({ page }) => {
    const estimate = await sentEstimate();
    await open(page, estimate);
    await page.getByRole('button', { name: 'Request changes' }).click();
    await page.getByRole('button', { name: 'Send my changes' }).click();
    await expect(page.getByText('Tell us what to change')).toBeVisible();
    await page.getByLabel('What would you like us to change?').fill('Could Bluemound be swept on Thursdays instead of Fridays?');
    await page.getByRole('button', { name: 'Send my changes' }).click();
    await expect(page.getByRole('heading', { name: 'Thanks — we have your changes' })).toBeFocused();
    expect((await estimateRow(estimate.id)).status).toBe('changes_requested');
    await page.reload();
    await expect(page.getByText('You asked for changes.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Accept estimate' })).toBeEnabled();
  });

  test('decline with a reason: the page says it was declined, then and on the next visit', async ({ page }) => {
    const estimate = await sentEstimate();
    await open(page, estimate);
    await page.getByRole('button', { name: 'Decline' }).click();
    await page.getByLabel('Why are you declining? (optional)').fill('We are keeping the work in house this year.');
    await page.getByRole('button', { name: 'Decline this estimate' }).click();
    await expect(page.getByRole('heading', { name: 'You declined this estimate' })).toBeVisible();
    expect((await estimateRow(estimate.id)).status).toBe('declined');
    await page.reload();
    await expect(page.getByRole('heading', { name: 'You declined this estimate' })).toBeVisible();
  });

  test('an expired estimate says so and offers to ask for a new one; a replaced one leads to its new version; an unknown link is a 404', async ({
    page,
  }) => {
    const expired = await sentEstimate({ validUntil: addDays(localToday(), -1) });
    await page.goto(`/estimates/${expired.token}`);
    await expect(page.getByRole('heading', { name: 'This estimate has expired' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ask for a new estimate' })).toHaveAttribute(
      'href',
      /^mailto:service@lakeshorelotcare\.com\?subject=/,
    );
    await expect(page.getByRole('button', { name: 'Accept estimate' })).toHaveCount(0);

    const first = await sentEstimate();
    await reviseEstimate(first);
    await page.goto(`/estimates/${first.token}`);
    await expect(page.getByRole('heading', { name: 'This estimate has been replaced by version 2' })).toBeVisible();
    await page.getByRole('link', { name: 'See version 2' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Estimate ${first.number}, version 2` })).toBeVisible();

    const unknown = await page.goto(`/estimates/${'x'.repeat(43)}`);
    expect(unknown!.status()).toBe(404);
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  });
});

for (const viewport of [phone, { width: 1440, height: 900 }]) {
  test(`axe finds no violations on the estimate, in both themes, at ${viewport.width} px; screenshots`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    const estimate = await sentEstimate();
    await open(page, estimate);
    await page.getByRole('checkbox', { name: LANDSCAPING }).check();
    await page.getByRole('radio', { name: '12 months — save 10%' }).check();
    await expectNoAxeViolations(page, 'light');
    await screenshot(page, `estimate-${viewport.width}-light`);
    await switchToDark(page);
    await expectNoAxeViolations(page, 'dark');
    await screenshot(page, `estimate-${viewport.width}-dark`);
  });
}

/** What the crew photographed at Greenfield Station on the free property visit (the example photos, docs/examples/photos). */
const VISIT_PHOTOS = [
  { file: 'retail-lot-before.jpg', caption: 'Litter along the north parking rows', takenAt: '2026-10-02T14:05:00Z' },
  { file: 'dumpster-before.jpg', caption: 'Overflowing dumpster corral behind the end units', takenAt: '2026-10-02T14:18:00Z' },
  { file: 'office-entrance-before.jpg', caption: 'Cigarette butts at the main entrance', takenAt: '2026-10-02T14:26:00Z' },
  { file: 'apartment-grounds-before.jpg', caption: 'Debris in the planted island by 76th St', takenAt: '2026-10-02T14:31:00Z' },
];

/**
 * The estimate's photos from the property visit, as both pages show them: each a thumbnail with its
 * alt text (what it shows, the property and the day), its size reserved, loaded when scrolled to, and
 * a link to the full photo; answers the links.
 */
async function expectVisitPhotos(page: Page, { photoBase, photos }: Pick<PublicEstimate, 'photoBase' | 'photos'>) {
  const ids = photos.map((photo) => photo.id);
  const region = page.getByRole('region', { name: 'Photos from the property visit' });
  const images = region.getByRole('img');
  await expect(images).toHaveCount(ids.length);
  await region.scrollIntoViewIfNeeded();
  for (const [index, photo] of VISIT_PHOTOS.entries()) {
    const image = images.nth(index);
    await expect(image).toHaveAttribute('alt', `${photo.caption}. Greenfield Station, taken Oct 2, 2026`);
    await expect(image).toHaveAttribute('loading', 'lazy');
    await expect(image).toHaveAttribute('width', /^\d+$/);
    await expect(image).toHaveAttribute('height', /^\d+$/);
    await expect(image).toHaveAttribute('src', new RegExp(`^${photoBase}/${ids[index]}/\\d+\\.webp$`));
    await image.scrollIntoViewIfNeeded();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    await expect(region.getByRole('link', { name: new RegExp(`^${photo.caption}`) })).toHaveAttribute(
      'href',
      `${photoBase}/${ids[index]}/${photos[index]!.variantWidths.at(-1)}.webp`,
    );
  }
  const full = await page.request.get(`${photoBase}/${ids[0]}/${photos[0]!.variantWidths.at(-1)}.webp`);
  expect(full.status()).toBe(200);
  expect(full.headers()['content-type']).toBe('image/webp');
}

test('the photos from the property visit show on the link’s page and in the portal, at 375 and 1440 px, each opening the full photo', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // A customer (the sample accepted month-to-month) with a new site visited before its estimate: Greenfield Station.
  const accepted = await acceptedEstimate(page.request, { term: 'month-to-month' });
  const customer = await withDatabase(
    async (client) =>
      (await client.query('select customer_id as id, email from estimates where id = $1', [accepted.id])).rows[0] as {
        id: string;
        email: string;
      },
  );
  const added = await estimateForCustomer(customer.id, customer.email);
  const propertyId = await withDatabase(
    async (client) =>
      (
        await client.query(
          `insert into properties (customer_id, name, address, city, state, zip_code, property_type)
           values ($1, 'Greenfield Station', '4800 S 76th St', 'Greenfield', 'WI', '53220', 'Retail Center') returning id`,
          [customer.id],
        )
      ).rows[0].id as string,
  );
  const ids = await showVisitPhotos(added.id, propertyId, VISIT_PHOTOS);

  // The link's page: its photos by the link's own route.
  await page.setViewportSize(phone);
  await page.goto(`/estimates/${added.token}`);
  await expect(page.getByRole('heading', { level: 1, name: `Estimate ${added.number}` })).toBeVisible();
  const shown = (await (await page.request.get(`/api/estimates/${added.token}`)).json()) as PublicEstimate;
  expect(shown.photos.map((photo) => photo.id)).toEqual(ids);
  expect(shown.photoBase).toBe(`/api/estimates/${added.token}/photos`);
  await expectVisitPhotos(page, shown);
  await screenshot(page, 'photos-375-light');
  await page.setViewportSize({ width: 1440, height: 900 });
  await expectNoAxeViolations(page, 'light');
  await screenshot(page, 'photos-1440-light');
  await switchToDark(page);
  await expectNoAxeViolations(page, 'dark');
  await screenshot(page, 'photos-1440-dark');

  // The portal's page: the same photos, by the customer's own photo route.
  await signIn(page, customer.email, `/customer-dashboard/estimates/${added.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Estimate ${added.number}` })).toBeVisible();
  await expectVisitPhotos(page, { ...shown, photoBase: '/api/photos' });
  await screenshot(page, 'portal-photos-1440-light');
  await page.setViewportSize(phone);
  await switchToDark(page);
  await screenshot(page, 'portal-photos-375-dark');
});
