import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { makeJpeg } from '#test/fixtures';
import { addDays, localToday } from '../src/shared/local-dates';
import { withDatabase } from './support/database';
import { STAFF_EMAIL, signIn } from './support/sign-in';

/*
 * The staff console's schedule (1440 px): the week with its flagged visits, skip, move, a one-off
 * visit, a visit's record corrected, and a crew member invited. Visits are written with SQL (plans
 * make them elsewhere); crew members and properties of their own keep these tests apart from others.
 */
test.use({ viewport: { width: 1440, height: 1000 } });
test.describe.configure({ mode: 'serial' });

const today = localToday();
const crew = { marta: 'Marta', dev: 'Devon' };
const ids: Record<string, string> = {};

async function axe(page: Page) {
  expect((await new AxeBuilder({ page }).analyze()).violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

test.beforeAll(async () => {
  await withDatabase(async (db) => {
    // A customer of this file's own, so the demo customer's portal (e2e/portal.spec.ts, running alongside) is unchanged.
    const customer = await db.query<{ id: string }>(
      `insert into customers (name, email) values ('Lakefront Retail Partners', 'office@lakefrontretail.example') returning id`,
    );
    const customerId = customer.rows[0]!.id;
    for (const [key, name, city] of [
      ['harbor', 'Harbor View Plaza', 'Milwaukee'],
      ['falls', 'Falls Crossing Retail', 'Menomonee Falls'],
      ['brook', 'Brookfield Commons', 'Brookfield'],
      ['pewaukee', 'Pewaukee Lakeside Offices', 'Pewaukee'],
    ] as const) {
      const row = await db.query<{ id: string }>(
        `insert into properties (customer_id, name, address, city, state, zip_code, property_type)
         values ($1, $2, '100 Lakeshore Dr', $3, 'WI', '53202', 'Retail Center') returning id`,
        [customerId, name, city],
      );
      ids[key] = row.rows[0]!.id;
    }
    for (const [key, first, last] of [
      ['marta', crew.marta, 'Kowalczyk'],
      ['dev', crew.dev, 'Reyes'],
    ] as const) {
      const row = await db.query<{ id: string }>(
        `insert into users (email, first_name, last_name, role) values ($1, $2, $3, 'crew') returning id`,
        [`${first.toLowerCase()}@lakeshorelotcare.com`, first, last],
      );
      ids[key] = row.rows[0]!.id;
    }
    const visit = async (key: string, values: Record<string, unknown>) => {
      const columns = Object.keys(values);
      const row = await db.query<{ id: string }>(
        `insert into visits (${columns.join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')}) returning id`,
        Object.values(values),
      );
      ids[key] = row.rows[0]!.id;
      await db.query(
        `insert into visit_checklist_items (visit_id, position, label) values
         ($1, 0, 'Pick up litter in parking areas'), ($1, 1, 'Empty exterior bins'), ($1, 2, 'Clear the dumpster corral')`,
        [ids[key]],
      );
    };
    // Checked in 2 km away, with a site issue: flagged.
    await visit('away', {
      property_id: ids.harbor,
      scheduled_date: today,
      crew_user_ids: `{${ids.marta}}`,
      status: 'in_progress',
      checked_in_at: new Date(),
      checked_in_by: ids.marta,
      check_in_distance_meters: 2012,
      check_in_location_status: 'away',
    });
    await db.query(
      `insert into site_issues (visit_id, issue_type, note, reported_by) values ($1, 'hazard', 'Broken glass by the cart corral', $2)`,
      [ids.away, ids.marta],
    );
    await visit('toSkip', {
      property_id: ids.falls,
      scheduled_date: today,
      window_start: '06:00',
      window_end: '10:00',
      crew_user_ids: `{${ids.marta}}`,
    });
    await visit('toMove', { property_id: ids.brook, scheduled_date: today, crew_user_ids: `{${ids.dev}}` });
    // Started an hour and a half ago, never checked out.
    await visit('toCorrect', {
      property_id: ids.pewaukee,
      scheduled_date: today,
      crew_user_ids: `{${ids.dev}}`,
      status: 'in_progress',
      checked_in_at: new Date(Date.now() - 90 * 60_000),
      checked_in_by: ids.dev,
      check_in_distance_meters: 41,
      check_in_location_status: 'verified',
    });
  });
});

test('the week shows visits, flags the one checked in away from the site, and staff skip, move and add visits', async ({ page }) => {
  await signIn(page, STAFF_EMAIL, '/admin/schedule');
  await expect(page.getByRole('heading', { name: 'Schedule', level: 1 })).toBeVisible();
  const grid = page.getByRole('table', { name: 'Visits this week, by day and crew' });
  await expect(grid.getByRole('rowheader', { name: 'Marta Kowalczyk' })).toBeVisible();
  await expect(grid.getByRole('rowheader', { name: 'Devon Reyes' })).toBeVisible();

  // The flagged visit stands out, in words.
  const away = grid.locator('article', { hasText: 'Harbor View Plaza' });
  await expect(away).toHaveAttribute('data-flagged', 'true');
  await expect(away.getByRole('list', { name: 'Needs attention' })).toContainText('Away from the site (2.0 km)');
  await expect(away).toContainText('1 site issue');
  await expect(grid.locator('article', { hasText: 'Falls Crossing Retail' })).not.toHaveAttribute('data-flagged');
  await expect(grid.locator('article', { hasText: 'Falls Crossing Retail' })).toContainText('6:00 AM – 10:00 AM');
  const progress = page.getByRole('region', { name: 'Today' });
  await expect(progress).toContainText('In progress');
  await axe(page);

  // Skip one with a reason: "Other" asks for a note.
  await page.getByRole('button', { name: 'Change the visit to Falls Crossing Retail' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change the visit to Falls Crossing Retail' });
  await axe(page);
  await dialog.getByLabel('Reason').selectOption('other');
  await dialog.getByRole('button', { name: 'Skip visit' }).click();
  await expect(dialog.getByText('Say why the visit is skipped')).toBeVisible();
  await dialog.getByLabel(/^Note/).fill('Lot closed for resealing until Friday');
  await dialog.getByRole('button', { name: 'Skip visit' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Falls Crossing Retail' })).toContainText('skipped (other)');
  await expect(grid.locator('article', { hasText: 'Falls Crossing Retail' })).toContainText('Skipped: other');

  // Move one to tomorrow.
  const tomorrow = addDays(today, 1);
  await page.getByRole('button', { name: 'Change the visit to Brookfield Commons' }).click();
  const move = page.getByRole('dialog', { name: 'Change the visit to Brookfield Commons' });
  await move.getByLabel('New date').fill(tomorrow);
  await move.getByRole('button', { name: 'Move visit' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Brookfield Commons moved to' })).toBeVisible();
  expect(
    await withDatabase(
      async (db) => (await db.query('select scheduled_date::text as d from visits where id = $1', [ids.toMove])).rows[0].d,
    ),
  ).toBe(tomorrow);

  // Reassign the flagged visit to Devon: it moves to his row.
  await page.getByRole('button', { name: 'Change the visit to Harbor View Plaza' }).click();
  const reassign = page.getByRole('dialog', { name: 'Change the visit to Harbor View Plaza' });
  await reassign.getByRole('checkbox', { name: 'Marta Kowalczyk' }).uncheck();
  await reassign.getByRole('button', { name: 'Reassign visit' }).click();
  await expect(reassign.getByText('Choose at least one crew member')).toBeVisible();
  await reassign.getByRole('checkbox', { name: 'Devon Reyes' }).check();
  await reassign.getByRole('button', { name: 'Reassign visit' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Harbor View Plaza is now assigned to Devon Reyes' })).toBeVisible();
  const devonRow = grid.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Devon Reyes' }) });
  await expect(devonRow.locator('article[data-flagged]', { hasText: 'Harbor View Plaza' })).toBeVisible();

  // A one-off visit.
  await page.getByRole('button', { name: 'Add a one-off visit' }).click();
  const form = page.getByRole('region', { name: 'Add a one-off visit' });
  await form.getByRole('button', { name: 'Add visit' }).click();
  await expect(form.getByText('Choose the property')).toBeVisible();
  await form.getByLabel('Property').selectOption({ label: 'Harbor View Plaza, Milwaukee (Lakefront Retail Partners)' });
  await form.getByLabel('Date').fill(today);
  await form.getByLabel('From (optional)').fill('13:00');
  await form.getByLabel('To (optional)').fill('15:00');
  await form.getByRole('checkbox', { name: 'Devon Reyes' }).check();
  await form.getByLabel('Instructions for the crew (optional)').fill('Storm debris along the north fence line.');
  await form.getByRole('button', { name: 'Add visit' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'One-off visit to Harbor View Plaza added' })).toBeVisible();
  await expect(devonRow.locator('article', { hasText: '1:00 PM – 3:00 PM' })).toContainText('Harbor View Plaza');
});

test('a visit’s record: check-in verdict, and a correction the timeline credits to its author', async ({ page }) => {
  await signIn(page, STAFF_EMAIL, `/admin/visits/${ids.toCorrect}`);
  await expect(page.getByRole('heading', { name: 'Pewaukee Lakeside Offices', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Check-in and check-out' })).toContainText('Verified on site: 41 m from the property');
  await expect(page.getByRole('region', { name: 'Photos' })).toContainText('Before (0)');
  await axe(page);

  const correction = page.getByRole('region', { name: 'Correct the record' });
  const checkedIn = await correction.getByLabel('Checked in (Milwaukee time)').inputValue();
  const date = checkedIn.slice(0, 10);
  // An hour after the check-in, on the clock's own terms: just after midnight the check-in was yesterday
  // at 11 PM, so the hour is added to the whole date and time, not to the hour alone.
  const out = new Date(Date.parse(`${checkedIn}:00Z`) + 60 * 60_000).toISOString().slice(0, 16);
  // A check-out before the check-in is refused, with its reason.
  await correction.getByLabel('Checked out (Milwaukee time)').fill(`${date}T00:00`);
  await correction.getByRole('button', { name: 'Save correction' }).click();
  await expect(correction.getByText('The check-out time must be after the check-in time')).toBeVisible();

  await correction.getByLabel('Checked out (Milwaukee time)').fill(out);
  await correction.getByRole('checkbox', { name: 'Empty exterior bins' }).check();
  await correction.getByLabel('Note').fill('Crew lost signal before checking out; confirmed by phone.');
  await correction.getByRole('button', { name: 'Save correction' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Correction saved' })).toBeVisible();

  const timeline = page.getByRole('region', { name: 'Timeline' });
  const corrected = timeline.locator('li[data-kind="corrected"]');
  await expect(corrected).toContainText('Corrected the record');
  await expect(corrected).toContainText('“Empty exterior bins” marked done');
  await expect(corrected).toContainText('Sam Nowak');
  await expect(page.getByText('Completed', { exact: true })).toBeVisible();

  // Staff add an after photo to the record and take it off again; both are on the timeline.
  const photos = page.getByRole('region', { name: 'Photos' });
  await photos
    .getByLabel('Photos to add')
    .setInputFiles({ name: 'north-lot.jpg', mimeType: 'image/jpeg', buffer: await makeJpeg({ color: '#2f7d4a' }) });
  await photos.getByLabel('They show').selectOption('after');
  await photos.getByRole('button', { name: 'Add photos' }).click();
  await expect(photos.getByText('After (1)')).toBeVisible();
  await expect(timeline.locator('li[data-kind="photo_added"]')).toContainText('Added an after photo');
  await axe(page);
  page.once('dialog', (dialog) => void dialog.accept());
  await photos.getByRole('button', { name: /^Remove/ }).click();
  await expect(photos.getByText('After (0)')).toBeVisible();
  await expect(timeline.locator('li[data-kind="photo_removed"]')).toContainText('Sam Nowak');
});

test('invite a crew member: the invitation is queued for them and the crew page lists them', async ({ page }) => {
  // The invitation's e-mail itself is read over real SMTP in the API tests and in e2e/portal.spec.ts,
  // which holds the e2e SMTP port; here it is read from the outbox, so the two files never race for it.
  await signIn(page, STAFF_EMAIL, '/admin/crew');
  await expect(page.getByRole('heading', { name: 'Crew', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Crew members' }).getByText('marta@lakeshorelotcare.com')).toBeVisible();
  await page.getByRole('button', { name: 'Invite a crew member' }).click();
  const form = page.getByRole('region', { name: 'Invite a crew member' });
  await form.getByLabel('Email').fill('demo@southridgecommons.example');
  await form.getByLabel('First name').fill('Jordan');
  await form.getByLabel('Last name').fill('Baptiste');
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await expect(form.getByText('This e-mail belongs to a customer’s user. Crew members need their own address.')).toBeVisible();
  await form.getByLabel('Email').fill('jordan@lakeshorelotcare.com');
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Invitation sent to jordan@lakeshorelotcare.com' })).toBeVisible();
  await expect(page.getByRole('list').getByText('Jordan Baptiste')).toBeVisible();
  await axe(page);

  const mail = await withDatabase(
    async (db) =>
      (await db.query(`select status, sensitive, text_body from email_outbox where to_address = 'jordan@lakeshorelotcare.com'`)).rows,
  );
  expect(mail).toHaveLength(1);
  expect(mail[0]!.sensitive).toBe(true);
  // Once sent (when portal.spec.ts's SMTP server happens to be up), its body is blanked: the link was Jordan's alone.
  if (mail[0]!.status === 'sent') expect(mail[0]!.text_body).toBe('');
  else {
    expect(mail[0]!.text_body).toContain('Sam Nowak');
    expect(mail[0]!.text_body).toMatch(/\/login\/verify\?token=/);
  }
});

// Screenshots for review (SCHEDULE_SCREENSHOTS=dir): the schedule and a visit at 1440 and 375 px, light and dark.
test('screenshots', async ({ page }) => {
  const dir = process.env.SCHEDULE_SCREENSHOTS;
  test.skip(!dir, 'only when SCHEDULE_SCREENSHOTS names a folder');
  mkdirSync(dir!, { recursive: true });
  await signIn(page, STAFF_EMAIL, '/admin/schedule');
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of [1440, 375]) {
      await page.setViewportSize({ width, height: width > 400 ? 1000 : 812 });
      await page.evaluate((dark) => document.documentElement.classList.toggle('dark', dark), scheme === 'dark');
      await page.goto('/admin/schedule');
      await page.evaluate((dark) => document.documentElement.classList.toggle('dark', dark), scheme === 'dark');
      await expect(page.getByRole('heading', { name: 'Schedule', level: 1 })).toBeVisible();
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${dir}/schedule-${width}-${scheme}.png`, fullPage: true });
      await page.goto(`/admin/visits/${ids.toCorrect}`);
      await page.evaluate((dark) => document.documentElement.classList.toggle('dark', dark), scheme === 'dark');
      await expect(page.getByRole('heading', { name: 'Pewaukee Lakeside Offices', level: 1 })).toBeVisible();
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${dir}/visit-${width}-${scheme}.png`, fullPage: true });
    }
  }
  await page.goto('/admin/crew');
  await page.screenshot({ path: `${dir}/crew-375-dark.png`, fullPage: true });
  await page.setViewportSize({ width: 1440, height: 1000 });
  await page.goto('/admin/schedule');
  await page.getByRole('button', { name: 'Change the visit to Brookfield Commons' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Skip visit' }).click();
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${dir}/dialog-1440-dark.png` });
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'Add a one-off visit' }).click();
  await page.screenshot({ path: `${dir}/one-off-1440-dark.png`, fullPage: true });
});
