import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import { withDatabase } from './support/database';
import { DEMO_CUSTOMER_EMAIL, signIn, STAFF_EMAIL } from './support/sign-in';
import { switchToDark } from './support/theme';

/*
 * Requests from the portal (issue 12): a customer on a phone reports a problem with photos or
 * asks for an extra cleanup; staff answer from the inbox; the customer sees the new status, and
 * an e-mail to them is queued.
 */
const PROPERTY = 'Layton Avenue Office Park';
const phone = { width: 375, height: 812 };

async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
}

const jpeg = async (name: string, color: string) => ({
  name,
  mimeType: 'image/jpeg',
  buffer: await sharp({ create: { width: 640, height: 480, channels: 3, background: color } })
    .jpeg()
    .toBuffer(),
});

/** Requests of one kind: the two tests run side by side, each sending one kind. */
const storedRequests = (kind: 'problem_report' | 'extra_cleanup') =>
  withDatabase(async (client) =>
    Number((await client.query('select count(*) as n from service_requests where kind = $1', [kind])).rows[0].n),
  );

const emailsTo = (address: string, subject: string) =>
  withDatabase(
    async (client) =>
      (await client.query('select subject from email_outbox where to_address = $1 and subject like $2', [address, `%${subject}%`])).rows
        .length,
  );

async function openProperty(page: Page) {
  await signIn(page, DEMO_CUSTOMER_EMAIL, '/customer-dashboard');
  await page.getByRole('button', { name: `View Photos of ${PROPERTY}` }).click();
  await expect(page.getByRole('heading', { level: 2, name: PROPERTY, exact: true })).toBeVisible();
}

/** The inbox's customer requests, as staff at a desk see them. */
async function staffInbox(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signIn(page, STAFF_EMAIL, '/admin/submissions');
  await page.getByRole('link', { name: 'Customer requests' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Customer requests' })).toBeVisible();
  return { page, close: () => context.close() };
}

test.describe('requests from the portal on a 375 px phone', () => {
  test.use({ viewport: phone });

  test('a problem report with two photos reaches the inbox, and its decline comes back to the customer', async ({ page, browser }) => {
    const stamp = Date.now();
    const note = `Someone dumped a couch by the north entrance (${stamp})`;
    await openProperty(page);
    const requests = page.getByRole('region', { name: 'Requests' });
    await requests.getByRole('button', { name: 'Report a problem' }).click();
    const form = page.getByRole('form', { name: 'Report a problem' });
    await expect(form).toBeVisible();
    await expectNoAxeViolations(page);

    // Bad input: a clear message on the field, and nothing stored.
    const before = await storedRequests('problem_report');
    await form.getByRole('button', { name: 'Send the report' }).click();
    await expect(form.getByText('Please describe the problem')).toBeVisible();
    await expect(form.getByLabel('What is wrong?')).toBeFocused();
    await form.getByLabel(/^Photos/).setInputFiles([{ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') }]);
    await expect(form.getByText('Photos must be images (JPEG, PNG, WebP or HEIC)')).toBeVisible();
    await form.getByRole('button', { name: 'Remove notes.pdf' }).click();
    await expect(form.getByText('Photos must be images')).toBeHidden();
    expect(await storedRequests('problem_report')).toBe(before);

    await form.getByLabel('What is wrong?').fill(note);
    await form.getByLabel(/^Photos/).setInputFiles([await jpeg('couch-1.jpg', '#7c2d12'), await jpeg('couch-2.jpg', '#1e3a8a')]);
    await expect(form.getByRole('list', { name: 'Chosen photos' }).getByRole('listitem')).toHaveCount(2);
    await form.getByRole('button', { name: 'Send the report' }).click();
    await expect(requests.getByRole('status')).toContainText('we have your report');
    const mine = requests.getByRole('listitem').filter({ hasText: note });
    await expect(mine).toContainText('Problem report');
    await expect(mine).toContainText('Received');
    await expect(mine).toContainText('2 photos');
    await expectNoAxeViolations(page);

    // Staff see it in the inbox with its photos, and decline it with a reply.
    const staff = await staffInbox(browser);
    // The tab counts the requests waiting; the type and the search narrow the list, in the URL.
    await expect(staff.page.getByRole('link', { name: /^Customer requests \d+ waiting$/ })).toHaveAttribute('aria-current', 'page');
    const filters = staff.page.getByRole('search', { name: 'Filter the customer requests' });
    await filters.getByLabel('Type').selectOption('problem_report');
    await filters.getByLabel('Search').fill(String(stamp));
    await expect(staff.page).toHaveURL(new RegExp(`kind=problem_report.*q=${stamp}|q=${stamp}.*kind=problem_report`));
    await expect(staff.page.locator('[data-request-status]')).toHaveCount(1);
    await filters.getByLabel('Search').fill(`${stamp} mattress`);
    await expect(staff.page.getByText(`No problem reports match “${stamp} mattress”`)).toBeVisible();
    await filters.getByLabel('Search').fill(String(stamp));
    const card = staff.page.getByRole('listitem').filter({ hasText: note });
    await expect(card.getByRole('heading', { name: `Problem report: ${PROPERTY}` })).toBeVisible();
    await expectNoAxeViolations(staff.page);
    await switchToDark(staff.page);
    await expectNoAxeViolations(staff.page);
    await expect(card.getByRole('img', { name: /^Photo \d of the problem/ })).toHaveCount(2);
    await card.getByLabel('Status', { exact: true }).selectOption('declined');
    await card.getByRole('button', { name: 'Save and tell the customer' }).click();
    await expect(card.getByText('Write a reply that tells the customer why')).toBeVisible();
    await card.getByLabel('Reply to the customer').fill('The city collects bulk items; we have reported it for you.');
    await card.getByRole('button', { name: 'Save and tell the customer' }).click();
    await expect(card.locator('[data-request-status="declined"]')).toBeVisible();
    await staff.close();

    // The customer sees the new status with the reply, and an e-mail to them is queued.
    await page.reload();
    const declined = page.getByRole('region', { name: 'Requests' }).getByRole('listitem').filter({ hasText: note });
    await expect(declined).toContainText('Declined');
    await expect(declined).toContainText('Our reply: The city collects bulk items; we have reported it for you.');
    expect(await emailsTo(DEMO_CUSTOMER_EMAIL, `Your problem report for ${PROPERTY}: declined`)).toBeGreaterThan(0);
    await expectNoAxeViolations(page);
  });

  test('staff schedule a problem report for a day with a reply: its visit exists, and the customer sees the day and the reply', async ({
    page,
    browser,
  }) => {
    // Two signed-in browsers, two axe runs and a refused save: room for a loaded CI machine.
    test.slow();
    const stamp = Date.now();
    const note = `Shopping carts piled against the loading dock (${stamp})`;
    const reply = 'Our crew collects the carts that morning and calls the store to fetch them.';
    await openProperty(page);
    const requests = page.getByRole('region', { name: 'Requests' });
    await requests.getByRole('button', { name: 'Report a problem' }).click();
    const form = page.getByRole('form', { name: 'Report a problem' });
    await form.getByLabel('What is wrong?').fill(note);
    await form.getByRole('button', { name: 'Send the report' }).click();
    await expect(requests.getByRole('listitem').filter({ hasText: note })).toContainText('Received');
    const requestId = await requests.getByRole('listitem').filter({ hasText: note }).getAttribute('data-service-request');

    const [yesterday, inFiveDays] = await page.evaluate(() =>
      [-1, 5].map((days) => new Date(Date.now() + days * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'America/Chicago' })),
    );
    const staff = await staffInbox(browser);
    // This request alone in the list (each card's status form is a landmark of the same name).
    await staff.page.getByRole('search', { name: 'Filter the customer requests' }).getByLabel('Search').fill(String(stamp));
    await expect(staff.page).toHaveURL(new RegExp(`q=${stamp}`));
    await expect(staff.page.locator('[data-request-status]')).toHaveCount(1);
    const card = staff.page.getByRole('listitem').filter({ hasText: note });
    await card.getByLabel('Status', { exact: true }).selectOption('scheduled');
    await card.getByLabel('Reply to the customer').fill(reply);

    // A day in the past is refused on its field, and nothing changes.
    await card.getByLabel('Date of the work').fill(yesterday!);
    await card.getByRole('button', { name: 'Save and tell the customer' }).click();
    await expect(card.getByText('Choose today or a later day for the work')).toBeVisible();
    const stored = () =>
      withDatabase(
        async (client) =>
          (
            await client.query(
              `select r.status, r.scheduled_date::text as date, r.reply, v.scheduled_date::text as visit_date
                 from service_requests r left join visits v on v.id = r.visit_id where r.id = $1`,
              [requestId],
            )
          ).rows[0],
      );
    expect(await stored()).toEqual({ status: 'received', date: null, reply: null, visit_date: null });

    await card.getByLabel('Date of the work').fill(inFiveDays!);
    await card.getByRole('group', { name: 'Crew for an added visit' }).getByRole('checkbox').first().check();
    await expectNoAxeViolations(staff.page);
    await card.getByRole('button', { name: 'Save and tell the customer' }).click();
    await expect(card.locator('[data-request-status="scheduled"]')).toHaveText(/^Scheduled for /);
    await expect(card.getByText(`Reply sent: ${reply}`)).toBeVisible();
    await expect(card.getByRole('link', { name: 'Open the visit made from this request' })).toBeVisible();
    await staff.close();

    // The request is on a visit that really is on that day, and the e-mail names that day and the reply.
    expect(await stored()).toEqual({ status: 'scheduled', date: inFiveDays, reply, visit_date: inFiveDays });
    const [mail] = await withDatabase(
      async (client) =>
        (
          await client.query('select text_body from email_outbox where to_address = $1 and text_body like $2', [
            DEMO_CUSTOMER_EMAIL,
            `%${reply}%`,
          ])
        ).rows as Array<{ text_body: string }>,
    );
    const day = new Date(`${inFiveDays}T12:00:00Z`).toLocaleDateString('en-US', {
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
    });
    expect(mail?.text_body).toMatch(
      new RegExp(`(We added a visit for it on|We will take care of it on your regular visit on|the visit already planned for) ${day}`),
    );

    // On the phone, the customer sees the day and the reply.
    await page.reload();
    const scheduled = page.getByRole('region', { name: 'Requests' }).getByRole('listitem').filter({ hasText: note });
    await expect(scheduled).toContainText(`Scheduled for ${day}`);
    await expect(scheduled).toContainText(`Our reply: ${reply}`);
    await expectNoAxeViolations(page);
  });

  test('an extra cleanup becomes a one-off visit in one step, and shows as scheduled', async ({ page, browser }) => {
    const note = `Before the tenants' open house (${Date.now()})`;
    await openProperty(page);
    const requests = page.getByRole('region', { name: 'Requests' });
    await requests.getByRole('button', { name: 'Request an extra cleanup' }).click();
    const form = page.getByRole('form', { name: 'Request an extra cleanup' });

    // A date past 90 days is refused with a clear message, and nothing is stored.
    const before = await storedRequests('extra_cleanup');
    await form.getByLabel('Preferred date 1').fill('2099-01-01');
    await form.getByRole('button', { name: 'Send the request' }).click();
    await expect(form.getByText('Choose a date from today to 90 days ahead')).toBeVisible();
    expect(await storedRequests('extra_cleanup')).toBe(before);
    await expectNoAxeViolations(page);

    const inAWeek = await page.evaluate(() => {
      const date = new Date(Date.now() + 7 * 86_400_000);
      return date.toLocaleDateString('en-CA', { timeZone: 'America/Chicago' });
    });
    await form.getByLabel('Preferred date 1').fill(inAWeek);
    await form.getByLabel('Note (optional)').fill(note);
    await form.getByRole('button', { name: 'Send the request' }).click();
    await expect(requests.getByRole('status')).toContainText('we have your cleanup request');
    await expect(requests.getByRole('listitem').filter({ hasText: note })).toContainText('Received');

    const staff = await staffInbox(browser);
    const card = staff.page.getByRole('listitem').filter({ hasText: note });
    await card.getByRole('button', { name: 'Turn into a visit' }).click();
    const visitForm = card.getByRole('form', { name: 'Turn into a visit' });
    await expect(visitForm.getByLabel('Visit date')).toHaveValue(inAWeek);
    await visitForm.getByRole('group', { name: 'Crew' }).getByRole('checkbox').first().check();
    await visitForm.getByRole('button', { name: 'Add the visit and schedule the request' }).click();
    await expect(card.getByRole('link', { name: 'Open the visit made from this request' })).toBeVisible();
    await expect(card.locator('[data-request-status="scheduled"]')).toHaveText(/^Scheduled for /);
    await staff.close();

    await page.reload();
    await expect(page.getByRole('region', { name: 'Requests' }).getByRole('listitem').filter({ hasText: note })).toContainText(
      /Scheduled for \w+day, \w+ \d+/,
    );
    expect(await emailsTo(DEMO_CUSTOMER_EMAIL, `Your extra cleanup request for ${PROPERTY}: scheduled`)).toBeGreaterThan(0);
  });
});
