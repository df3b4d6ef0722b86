import { execFileSync } from 'node:child_process';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signInLinkFrom, startSmtpServer } from '#test/smtp';
import { withDatabase } from './support/database';
import { DEMO_CUSTOMER_EMAIL as DEMO_EMAIL, STAFF_EMAIL, baseURL, signIn } from './support/sign-in';
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

// One SMTP server on the port the e2e server sends to; these tests share it, so they run in order.
test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  smtp = await startSmtpServer(Number(process.env.E2E_SMTP_PORT ?? 4025));
});
test.afterAll(async () => {
  await smtp.close();
});

async function requestLink(page: Page) {
  await page.goto('/customer-dashboard');
  await page.getByRole('link', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/login\?returnTo=%2Fcustomer-dashboard$/);
  await page.getByLabel('Email address').fill(DEMO_EMAIL);
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  // Said once, in the heading: the message under it does not repeat it.
  const confirmation = (await page.getByRole('status').filter({ hasText: 'Check your email' }).textContent()) ?? '';
  expect(confirmation.match(/check your email/gi)).toHaveLength(1);
  expect(confirmation).toContain(
    'If that address has an account with us, a sign-in link is on its way. The link works once, for 10 minutes.',
  );
  return smtp.nextLinkTo(DEMO_EMAIL);
}

test('sign in by e-mail link, see properties and photos, and log out', async ({ page }) => {
  const link = await requestLink(page);
  expect(new URL(link).pathname).toBe('/login/verify');

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/customer-dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome back, Southridge Commons Management' })).toBeVisible();

  // Properties, and no photos requested until one is selected.
  const photoRequests: string[] = [];
  page.on('request', (request) => request.url().includes('/photos') && photoRequests.push(request.url()));
  await expect(page.getByRole('tab', { name: 'My Properties' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { level: 3 })).toHaveText([
    'Fox River Apartments',
    'Layton Avenue Office Park',
    'Oak Creek Distribution Yard',
    'Southridge Commons Retail Center',
  ]);
  await expect(page.getByText('Select a property to see its before and after photos.')).toBeVisible();
  expect(photoRequests).toEqual([]);

  // Clicking the card selects it and shows its photos, newest first, with type badges, at the property's own URL.
  await page.getByRole('heading', { name: 'Southridge Commons Retail Center' }).click();
  await expect(page).toHaveURL(/\/customer-dashboard\/properties\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Southridge Commons Retail Center' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'View Photos of Southridge Commons Retail Center' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByRole('heading', { name: 'Before and after' })).toBeVisible();
  const grid = page.locator('section[aria-labelledby="photos-title"] ul > li');
  // The two imported photos, then the crew's before and after photos of each visit of the demo's month.
  await expect.poll(() => grid.count()).toBeGreaterThanOrEqual(2 + 2 * 4);
  await expect(grid.first().locator('[data-photo-type]')).toHaveClass(/amber|emerald/);
  const images = page.locator('section[aria-labelledby="photos-title"] ul img');
  await expect(images.first()).toHaveAttribute('loading', 'lazy');
  await expect(images.first()).toHaveAttribute('srcset', /400w/);
  await images.first().scrollIntoViewIfNeeded();
  await expect.poll(() => images.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  // The day it was taken (the import's 2026-10-02, a day in Milwaukee), where it is known.
  await expect(grid.first()).toContainText('Taken Oct 2, 2026');

  // A photo opens larger in a dialog; Escape closes it.
  await grid.first().getByRole('button').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Taken Oct 2, 2026');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The View Photos button selects too; every demo property has its crew's photos from the first minute.
  await page.getByRole('button', { name: 'View Photos of Fox River Apartments' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Fox River Apartments' })).toBeVisible();
  await expect(grid.filter({ has: page.locator('[data-photo-type="before"]') }).first()).toBeVisible();
  await expect(grid.filter({ has: page.locator('[data-photo-type="after"]') }).first()).toBeVisible();

  // Account settings, at their own URL.
  await page.getByRole('tab', { name: 'Account Settings' }).click();
  await expect(page).toHaveURL(/\/customer-dashboard\/account$/);
  const panel = page.getByRole('tabpanel');
  await expect(panel).toContainText('office@southridgecommons.example');
  await expect(panel).toContainText('(414) 555-0163');
  await expect(panel).toContainText('5300 S 76th St, Greendale, WI 53129');
  await expect(panel).toContainText('To update these details, e-mail us');

  await page.getByRole('link', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/customer-dashboard');
  await expect(page.getByRole('link', { name: 'Log In' })).toBeVisible();
});

test('the link leaves the address bar once read, and opens at once in the browser that asked for it', async ({ page }) => {
  const link = await requestLink(page);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  // The token is read once and dropped from the address: not in the history, a bookmark or a screenshot.
  expect(page.url()).toBe(new URL('/login/verify', baseURL).href);
  expect(await page.evaluate(() => window.location.search)).toBe('');
  // This browser asked for the link, so nothing more is asked.
  await expect(page.getByLabel('Email address')).toHaveCount(0);
  // A reload still finds the link (kept in this tab's history entry, not in the address).
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  expect(await page.evaluate(() => window.location.search)).toBe('');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/customer-dashboard$/);
});

test('a link opened in another browser asks for the e-mail address: a wrong one is refused, the right one signs in', async ({
  page,
  browser,
}) => {
  const link = await requestLink(page);
  const other = await browser.newContext();
  const elsewhere = await other.newPage();
  await elsewhere.goto(link);
  await expect(elsewhere.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  expect(new URL(elsewhere.url()).search).toBe('');
  await expect(elsewhere.getByText('please first type the e-mail address it was sent to')).toBeVisible();
  expect((await new AxeBuilder({ page: elsewhere }).analyze()).violations.map((v) => v.id)).toEqual([]);

  // Someone else's address is refused beside the field, in words, and the link stays usable.
  const field = elsewhere.getByLabel('Email address');
  await field.fill('someone.else@example.com');
  await elsewhere.getByRole('button', { name: 'Sign in' }).click();
  const refusal = 'That is not the e-mail address this link was sent to. Please check it and try again.';
  await expect(elsewhere.getByRole('alert')).toHaveText(refusal);
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(refusal);
  expect((await new AxeBuilder({ page: elsewhere }).analyze()).violations.map((v) => v.id)).toEqual([]);
  expect((await elsewhere.request.get('/api/auth/user')).status()).toBe(401);

  // The right one, typed loosely, signs in.
  await field.fill(` ${DEMO_EMAIL.toUpperCase()} `);
  await elsewhere.getByRole('button', { name: 'Sign in' }).click();
  await expect(elsewhere).toHaveURL(/\/customer-dashboard$/);
  await expect(elsewhere.getByRole('heading', { name: 'Welcome back, Southridge Commons Management' })).toBeVisible();
  await other.close();

  // The browser that asked was not signed in by any of it.
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
});

test('a used link says so and offers to send a new one', async ({ page }) => {
  const link = await requestLink(page);
  await page.goto(link);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/customer-dashboard$/);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'This link cannot sign you in' })).toBeVisible();
  await expect(page.getByText(/already been used/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send me a new link' })).toBeVisible();
});

test('a forged link says it is not valid', async ({ page }) => {
  await page.goto('/login/verify?token=this-is-not-a-real-token-at-all');
  await expect(page.getByText(/not valid/)).toBeVisible();
});

for (const theme of ['light', 'dark'] as const) {
  test(`the dashboard has no axe violations, signed out and signed in (${theme})`, async ({ page }) => {
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    await page.goto('/customer-dashboard');
    await expect(page.getByRole('link', { name: 'Log In' })).toBeVisible();
    expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);

    const link = await requestLink(page);
    expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
    await page.goto(link);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'View Photos of Southridge Commons Retail Center' }).click();
    await expect.poll(() => page.locator('section[aria-labelledby="photos-title"] ul > li').count()).toBeGreaterThan(2);
    expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual(
      [],
    );
  });
}

test('an invitation from the console: from whom, accepted once on a phone; expired, it offers "Send me a new link"', async ({
  browser,
}) => {
  // Two browser contexts, the console and a phone, through an invitation's whole life: near the default timeout on a busy machine.
  test.slow();
  // Office side (1440 px): add a person to the demo customer and invite them.
  const staff = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await signIn(staff, STAFF_EMAIL, '/admin/customers');
  await staff.getByRole('searchbox', { name: 'Search customers' }).fill('Southridge');
  await staff.getByRole('link', { name: /Southridge Commons Management/ }).click();
  const email = `invitee${Date.now()}@southridgecommons.example`;
  const people = staff.locator('section[aria-labelledby="users-title"]');
  await people.getByLabel('Email').fill(email);
  await people.getByLabel('First name').fill('Jordan');
  await people.getByRole('button', { name: 'Add user' }).click();
  await people
    .getByRole('listitem')
    .filter({ hasText: email })
    .getByRole('button', { name: /Send invitation/ })
    .click();
  await expect(people.getByRole('status')).toHaveText('Invitation sent');
  await staff.close();

  const first = await smtp.nextMailTo(email);
  expect(first.decoded).toContain('has invited you to the Lakeshore Lot Care customer portal for Southridge Commons Management');
  expect(first.decoded).toContain('The invitation works once, for 7 days.');
  expect(first.decoded).not.toMatch(/did not ask to sign in/i);
  const link = signInLinkFrom(first);

  // The invitee, on a phone: the link signs in once.
  const phoneContext = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const phone = await phoneContext.newPage();
  await phone.goto(link);
  // The page welcomes an invitee rather than greeting them back.
  await expect(phone.getByRole('heading', { name: 'Welcome to Lakeshore Lot Care' })).toBeVisible();
  await expect(phone.getByText('Your invitation is ready: sign in to open your customer portal.')).toBeVisible();
  // No browser asked for an invitation: the invitee first types the address it was sent to.
  await expect(phone.getByText('First, please type the e-mail address the invitation was sent to.')).toBeVisible();
  await phone.getByLabel('Email address').fill(email);
  await phone.getByRole('button', { name: 'Sign in' }).click();
  await expect(phone).toHaveURL(/\/customer-dashboard$/);
  await phone.context().clearCookies();
  await phone.goto(link);
  await expect(phone.getByRole('alert')).toContainText('This invitation has already been used. Each invitation works once.');

  // A second invitation left for more than 7 days.
  const again = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await signIn(again, STAFF_EMAIL, '/admin/customers');
  const userId = await withDatabase(async (client) => (await client.query('select id from users where email = $1', [email])).rows[0].id);
  expect((await again.request.post(`/api/admin/users/${userId}/invite`)).status()).toBe(202);
  await again.close();
  const late = signInLinkFrom(await smtp.nextMailTo(email));
  await withDatabase((client) =>
    client.query(`update sign_in_tokens set expires_at = now() - interval '1 second' where user_id = $1 and used_at is null`, [userId]),
  );
  await phone.goto(late);
  await expect(phone.getByRole('alert')).toContainText('This invitation has expired. Invitations work for 7 days.');
  expect((await new AxeBuilder({ page: phone }).analyze()).violations.map((v) => v.id)).toEqual([]);
  await phone.getByLabel('Email address').fill(email);
  await phone.getByRole('button', { name: 'Send me a new link' }).click();
  await expect(phone.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  const fresh = await smtp.nextMailTo(email);
  expect(fresh.decoded).toContain('The link works once and expires in 10 minutes.');
  await phoneContext.close();
});

/** An operator command against the running e2e server's database (through its socket); its output lines. */
const admin = (...args: string[]) =>
  execFileSync(process.execPath, ['dist/server/admin.js', ...args], {
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR!, APP_URL: baseURL },
    encoding: 'utf8',
  })
    .trim()
    .split('\n');

test('create-staff invites a new staff member to the console, once; expired, "Send me a new link" still leads there (1440 px)', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const email = `ana${Date.now()}@lakeshorelotcare.com`;

  // The operator's command keeps its line, then queues the invitation and prints its link.
  const printed = admin('create-staff', email, '--first-name', 'Ana');
  expect(printed[0]).toBe(`Created staff user ${email} as office.`);
  expect(printed[1]).toBe(`Invitation to ${email} queued: the server e-mails it within seconds, or as soon as it starts.`);
  const link = printed.at(-1)!;

  // The running server e-mails it: from the company, about the console, for 7 days, without the sign-in line.
  const mail = await smtp.nextMailTo(email);
  expect(mail.raw.replace(/\r?\n[ \t]+/g, ' ')).toContain(
    'Subject: Lakeshore Lot Care invited you to the Lakeshore Lot Care staff console',
  );
  expect(mail.decoded).toContain('Hello Ana,');
  expect(mail.decoded).toContain('Lakeshore Lot Care has invited you to the Lakeshore Lot Care staff console.');
  expect(mail.decoded).toContain('There the office answers quote requests');
  expect(mail.decoded).toContain('The invitation works once, for 7 days.');
  expect(mail.decoded).not.toMatch(/did not ask to sign in/i);
  expect(signInLinkFrom(mail)).toBe(link);

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Welcome to Lakeshore Lot Care' })).toBeVisible();
  await expect(page.getByText('Your invitation is ready: sign in to open the staff console.')).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  // Office staff open the console only with a passkey: the first sign-in asks for one.
  await expect(page.getByRole('heading', { name: 'Add a passkey to finish signing in' })).toBeVisible();
  await context.clearCookies();
  await page.goto(link);
  await expect(page.getByRole('alert')).toContainText('This invitation has already been used. Each invitation works once.');

  // Another new staff member whose invitation has passed its 7 days.
  const late = `ben${Date.now()}@lakeshorelotcare.com`;
  const lateLink = admin('create-staff', late, '--first-name', 'Ben').at(-1)!;
  await smtp.nextMailTo(late);
  await withDatabase((client) =>
    client.query(
      `update sign_in_tokens set expires_at = now() - interval '1 second' where user_id = (select id from users where email = $1)`,
      [late],
    ),
  );
  await page.goto(lateLink);
  await expect(page.getByRole('alert')).toContainText('This invitation has expired. Invitations work for 7 days.');
  expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
  await page.getByLabel('Email address').fill(late);
  await page.getByRole('button', { name: 'Send me a new link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  const fresh = await smtp.nextMailTo(late);
  expect(fresh.decoded).toContain('The link works once and expires in 10 minutes.');
  await page.goto(signInLinkFrom(fresh));
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await expect(page.getByText('Your link is ready. Continue to open the staff console.')).toBeVisible();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await context.close();
});

test('a Log Out link followed from another site asks first: the page passes axe, and its button signs out', async ({ page }) => {
  await signIn(page, DEMO_EMAIL, '/customer-dashboard');
  // A navigation that is not from our own pages (typed, or linked from elsewhere) lands on the question.
  await page.goto('/api/logout');
  await expect(page).toHaveURL(/\/logout$/);
  await expect(page.getByRole('heading', { name: 'Log out?' })).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations.map((violation) => violation.id)).toEqual([]);
  expect((await page.request.get('/api/auth/user')).status()).toBe(200);
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect((await page.request.get('/api/auth/user')).status()).not.toBe(200);
});

test('Your sessions lists both browsers, and "Sign out everywhere else" ends the other one (375 px)', async ({ browser }) => {
  // A manager of the demo company of this test's own: signing out everywhere else must not end other tests' sessions.
  const email = `sessions${Date.now()}@southridgecommons.example`;
  await withDatabase((client) =>
    client.query(
      `insert into users (email, first_name, role, customer_id) select $1, 'Robin', 'customer', customer_id from users where email = $2`,
      [email, DEMO_EMAIL],
    ),
  );
  const phone = { viewport: { width: 375, height: 812 } };
  const first = await browser.newContext(phone);
  const second = await browser.newContext(phone);
  try {
    const laptop = await first.newPage();
    await signIn(laptop, email, '/customer-dashboard');
    const page = await second.newPage();
    await signIn(page, email, '/customer-dashboard/account');
    const sessions = page.getByRole('region', { name: 'Your sessions' });
    await expect(sessions.getByText('This browser')).toBeVisible();
    await expect(sessions.getByRole('listitem')).toHaveCount(2);
    expect((await new AxeBuilder({ page }).analyze()).violations.map((violation) => violation.id)).toEqual([]);
    await sessions.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await expect(sessions.getByRole('status')).toContainText(/Signed out of \d+ other browsers?\./);
    await expect(sessions.getByRole('listitem')).toHaveCount(1);
    expect((await laptop.request.get('/api/auth/user')).status()).toBe(401);
    expect((await page.request.get('/api/auth/user')).status()).toBe(200);
  } finally {
    await first.close();
    await second.close();
  }
});
