import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { withDatabase } from './support/database';
import { STAFF_EMAIL, signIn } from './support/sign-in';
import { switchToDark } from './support/theme';

/** A customer and a property of their own for each test, written straight to the e2e server's database. */
async function newProperty(label: string): Promise<{ customerId: string; propertyId: string; name: string }> {
  const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
  const name = `${label} ${stamp}`;
  return withDatabase(async (client) => {
    const customer = await client.query<{ id: string }>('insert into customers (name, email) values ($1, $2) returning id', [
      `${label} Partners ${stamp}`,
      `office-${stamp}@lakeview.example`,
    ]);
    const property = await client.query<{ id: string }>(
      `insert into properties (customer_id, name, address, city, state, zip_code, property_type)
       values ($1, $2, '2300 S Kinnickinnic Ave', 'Milwaukee', 'WI', '53207', 'Retail Center') returning id`,
      [customer.rows[0]!.id, name],
    );
    return { customerId: customer.rows[0]!.id, propertyId: property.rows[0]!.id, name };
  });
}

const axe = async (page: Page) => expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);

test.describe('the property page at 1440 px', () => {
  test.use({
    viewport: { width: 1440, height: 900 },
    permissions: ['geolocation'],
    geolocation: { latitude: 43.0117, longitude: -88.2315 },
  });

  test('staff add a plan and see its visits coming up', async ({ page }) => {
    test.slow();
    const lot = await newProperty('Lakeview Plaza');
    await signIn(page, STAFF_EMAIL, `/admin/customers/${lot.customerId}`);
    await page.getByRole('link', { name: lot.name }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/properties/${lot.propertyId}$`));
    await expect(page.getByRole('heading', { level: 1, name: lot.name })).toBeVisible();
    await expect(page.getByText('No plans yet.')).toBeVisible();
    await expect(page.getByText('No visits planned.')).toBeVisible();
    await axe(page);

    await page.getByRole('button', { name: 'Add a plan' }).click();
    // The checklist comes filled with what most lots get.
    await expect(page.getByLabel('Checklist item 1')).toHaveValue('Pick up litter in parking areas');
    await expect(page.getByLabel('Checklist item 2')).toHaveValue('Empty exterior bins');
    await expect(page.getByLabel('Checklist item 3')).toHaveValue('Clear the dumpster corral');
    await page.getByRole('button', { name: 'Add plan' }).click();
    await expect(page.getByText('Plan name is required')).toBeVisible();
    await axe(page);

    await page.getByLabel('Plan name').fill('Twice-weekly lot sweep');
    // Every 2 weeks on Tuesday, then back to weekly on Monday and Thursday: the words follow the builder.
    await page.getByRole('checkbox', { name: 'Monday' }).uncheck();
    await page.getByRole('checkbox', { name: 'Thursday' }).uncheck();
    await page.getByRole('checkbox', { name: 'Tuesday' }).check();
    await page.getByLabel('Every').selectOption('2');
    await expect(page.getByText('Every 2 weeks on Tuesday')).toBeVisible();
    await page.getByRole('radio', { name: 'Monthly, on a weekday' }).check();
    await expect(page.getByText('Monthly on the second Wednesday')).toBeVisible();
    await page.getByRole('radio', { name: 'Weekly' }).check();
    await page.getByRole('checkbox', { name: 'Tuesday' }).uncheck();
    await page.getByRole('checkbox', { name: 'Monday' }).check();
    await page.getByRole('checkbox', { name: 'Thursday' }).check();
    await page.getByLabel('Every').selectOption('1');
    await expect(page.getByText('Every Monday and Thursday')).toBeVisible();
    await page.getByRole('radio', { name: 'Between set times' }).check();
    await page.getByLabel('From').fill('06:00');
    await page.getByLabel('To', { exact: true }).fill('10:00');
    await page.getByRole('button', { name: 'Add an item' }).click();
    await page.getByLabel('Checklist item 4').fill('Sweep the loading dock');
    await page.getByLabel('Instructions for the crew (optional)').fill('Gate code 4410. Start with the north lot.');
    await page.getByRole('button', { name: 'Add plan' }).click();

    const plan = page.getByRole('article', { name: 'Twice-weekly lot sweep' });
    await expect(plan).toBeVisible();
    await expect(plan).toContainText('Every Monday and Thursday');
    await expect(plan).toContainText('6:00 AM – 10:00 AM');
    await expect(plan).toContainText('Sweep the loading dock');
    await expect(plan).toContainText('Gate code 4410. Start with the north lot.');

    const upcoming = page.getByRole('region', { name: 'Coming up' }).getByRole('listitem');
    // The first eight, then all eight weeks' worth on request.
    await expect(upcoming).toHaveCount(8);
    await page.getByRole('button', { name: /^Show all \d+ visits$/ }).click();
    expect(await upcoming.count()).toBeGreaterThanOrEqual(16);
    for (const text of await upcoming.allInnerTexts()) {
      expect(text).toMatch(/^(Mon|Thu), /);
      expect(text).toContain('Twice-weekly lot sweep');
      expect(text).toContain('Scheduled');
    }
    await axe(page);

    // Ending it in two weeks leaves at most five visits.
    await plan.getByRole('button', { name: 'End Twice-weekly lot sweep' }).click();
    const lastDay = await withDatabase(async (client) => {
      const result = await client.query<{ d: string }>(
        "select to_char((now() at time zone 'America/Chicago')::date + 14, 'YYYY-MM-DD') as d",
      );
      return result.rows[0]!.d;
    });
    await plan.getByLabel('Last day of the plan').fill(lastDay);
    await plan.getByRole('button', { name: 'End plan' }).click();
    await expect(plan).toContainText(' to ');
    await expect.poll(() => upcoming.count()).toBeLessThanOrEqual(5);
  });

  test('staff set the location by typing, from this device, and by confirming a check-in’s proposal', async ({ page }) => {
    test.slow();
    const lot = await newProperty('Bay View Commons');
    await signIn(page, STAFF_EMAIL, `/admin/properties/${lot.propertyId}`);
    const location = page.getByRole('region', { name: 'Location' });
    await expect(location).toContainText('No location yet.');

    await location.getByLabel('Latitude').fill('95');
    await location.getByLabel('Longitude').fill('-87.9065');
    await location.getByRole('button', { name: 'Save location' }).click();
    await expect(location.getByText('Latitude must be between -90 and 90')).toBeVisible();
    await location.getByLabel('Latitude').fill('43.0389');
    await location.getByRole('button', { name: 'Save location' }).click();
    await expect(location.getByRole('status')).toHaveText('Location saved.');
    await expect(location).toContainText('43.03890, -87.90650');
    await expect(location).toContainText('Typed in by staff');
    await expect(location.getByRole('link', { name: /Open in maps/ })).toHaveAttribute('href', /query=43\.0389%2C-87\.9065$/);

    await location.getByRole('button', { name: 'Use this device’s location' }).click();
    await expect(location.getByRole('status')).toHaveText('Location saved from this device.');
    await expect(location).toContainText('43.01170, -88.23150');
    await expect(location).toContainText('Read from a device on the site');
    await expect(location.getByLabel('Latitude')).toHaveValue('43.0117');

    // A crew checked in somewhere else at first: staff confirm that proposal after checking it.
    await withDatabase((client) =>
      client.query('update properties set proposed_latitude = 43.00211, proposed_longitude = -87.89874 where id = $1', [lot.propertyId]),
    );
    await page.reload();
    const proposal = page.getByRole('region', { name: 'A crew check-in proposed a location' });
    await expect(proposal).toContainText('43.00211, -87.89874');
    await axe(page);
    await proposal.getByRole('button', { name: 'Confirm this location' }).click();
    await expect(proposal).toHaveCount(0);
    await expect(location).toContainText('43.00211, -87.89874');
    await expect(location).toContainText('From a crew check-in, confirmed by staff');
    await expect(location.getByLabel('Latitude')).toHaveValue('43.00211');

    // A second proposal, dismissed, leaves the location as it was.
    await withDatabase((client) =>
      client.query('update properties set proposed_latitude = 43.1, proposed_longitude = -88.0 where id = $1', [lot.propertyId]),
    );
    await page.reload();
    await page.getByRole('region', { name: 'A crew check-in proposed a location' }).getByRole('button', { name: 'Dismiss' }).click();
    await expect(page.getByRole('region', { name: 'A crew check-in proposed a location' })).toHaveCount(0);
    await expect(location).toContainText('43.00211, -87.89874');
  });
});

for (const theme of ['light', 'dark'] as const) {
  for (const width of [1440, 375]) {
    test(`the property page reads well at ${width} px in the ${theme} theme`, async ({ page }) => {
      test.slow();
      await page.setViewportSize({ width, height: 900 });
      const lot = await newProperty('Layton Crossing');
      await withDatabase((client) =>
        client.query('update properties set proposed_latitude = 42.9862, proposed_longitude = -87.9497 where id = $1', [lot.propertyId]),
      );
      await signIn(page, STAFF_EMAIL, `/admin/properties/${lot.propertyId}`);
      await page.getByRole('button', { name: 'Add a plan' }).click();
      await page.getByLabel('Plan name').fill('Weekend sweep');
      await page.getByRole('checkbox', { name: 'Saturday' }).check();
      await page.getByRole('button', { name: 'Add plan' }).click();
      await expect(page.getByRole('article', { name: 'Weekend sweep' })).toBeVisible();
      await page.getByRole('button', { name: 'Add a plan' }).click();
      // The dark theme once its colour transitions have finished, so axe never sees a colour halfway between themes.
      if (theme === 'dark') await switchToDark(page);
      // Nothing wider than the screen: the page is usable on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await axe(page);
      await page.screenshot({ path: test.info().outputPath(`property-page-${width}-${theme}.png`), fullPage: true });
    });
  }
}

test('the demo’s property page shows a month of work: done, skipped, flagged, and a site issue', async ({ page }) => {
  test.slow();
  await page.setViewportSize({ width: 1440, height: 900 });
  const ids = await withDatabase(async (client) => {
    const result = await client.query<{ name: string; id: string }>(
      "select name, id from properties where name in ('Oak Creek Distribution Yard', 'Southridge Commons Retail Center', 'Fox River Apartments')",
    );
    return Object.fromEntries(result.rows.map((row) => [row.name, row.id]));
  });
  await signIn(page, STAFF_EMAIL, `/admin/properties/${ids['Oak Creek Distribution Yard']}`);
  const recent = page.getByRole('region', { name: 'The last six weeks' });
  await expect(recent.getByText('1 site issue')).toBeVisible();
  await expect(recent.getByText('Completed').first()).toBeVisible();
  await expect(page.getByRole('article', { name: 'Yard and dumpster corral' })).toContainText('Every Friday');
  await expect(page.getByRole('article', { name: 'Monthly fence-line sweep' })).toContainText('Monthly on the second Wednesday');
  await expect(page.getByRole('region', { name: 'Location' })).toContainText('42.88702, -87.93047');
  await axe(page);
  await page.screenshot({ path: test.info().outputPath('demo-oak-creek-1440.png'), fullPage: true });

  await page.goto(`/admin/properties/${ids['Southridge Commons Retail Center']}`);
  await expect(page.getByRole('region', { name: 'The last six weeks' }).getByText('Skipped: Weather')).toBeVisible();
  await page.goto(`/admin/properties/${ids['Fox River Apartments']}`);
  await expect(page.getByRole('region', { name: 'The last six weeks' }).getByText(/Checked in 2\.1 km away/)).toBeVisible();
});
