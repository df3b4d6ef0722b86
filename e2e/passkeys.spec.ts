import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { withDatabase } from './support/database';
import { addVirtualAuthenticator } from './support/passkey';
import { STAFF_EMAIL, signIn } from './support/sign-in';
import { switchToDark } from './support/theme';

/*
 * Passkeys for staff (issue 13), with Chromium's virtual authenticator (WebAuthn over the
 * DevTools Protocol): the console refuses an owner or office member until they add one, signs
 * them in with it alone later, lets them rename and remove passkeys (never the last), and takes
 * each recovery code once.
 */
test.use({ viewport: { width: 1440, height: 900 } });

const axeViolations = async (page: Page) => (await new AxeBuilder({ page }).analyze()).violations.map((violation) => violation.id);

/** A new staff member of this role, made for the test: passkey tests change their account. */
async function newStaff(role: 'owner' | 'office', firstName: string) {
  const email = `${firstName.toLowerCase()}${Date.now()}@lakeshorelotcare.com`;
  await withDatabase((client) =>
    client.query(`insert into users (email, first_name, last_name, role) values ($1, $2, 'Kowalczyk', $3)`, [email, firstName, role]),
  );
  return email;
}

/** The first e-mail-link sign-in: the console asks for a passkey, and shows the recovery codes once. */
async function addFirstPasskey(page: Page, name: string): Promise<string[]> {
  await expect(page.getByRole('heading', { name: 'Add a passkey to finish signing in' })).toBeVisible();
  await page.getByLabel('Name for this passkey (optional)').fill(name);
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByRole('heading', { name: 'Save your recovery codes' })).toBeVisible();
  const codes = await page.getByRole('region', { name: 'Save your recovery codes' }).getByRole('listitem').allTextContents();
  const continueButton = page.getByRole('button', { name: 'Continue to the console' });
  await expect(continueButton).toBeDisabled();
  await page.getByLabel('I have saved my recovery codes somewhere safe').check();
  await continueButton.click();
  return codes;
}

test('an owner adds a passkey at the first sign-in, signs in with it alone, renames it, and cannot remove the last one', async ({
  page,
}) => {
  const email = await newStaff('owner', 'Halina');
  const authenticator = await addVirtualAuthenticator(page);
  await signIn(page, email, '/admin', { passkey: false });

  // The console is refused until there is a passkey: no sections, and its API answers 403.
  await expect(page.getByRole('navigation', { name: 'Staff console' })).toHaveCount(0);
  const refused = await page.request.get('/api/admin/stats');
  expect(refused.status()).toBe(403);
  expect((await refused.json()).message).toBe('Please confirm it’s you with your passkey or a recovery code before going on.');
  expect(await axeViolations(page)).toEqual([]);

  const codes = await addFirstPasskey(page, 'Office laptop');
  expect(codes).toHaveLength(10);
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  expect(await authenticator.credentials()).toHaveLength(1);
  expect((await page.request.get('/api/admin/stats')).status()).toBe(200);

  // Signed out, the passkey alone signs in, straight to the console.
  await page.context().clearCookies();
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();

  // Your account: the passkey with its name, added and last used; renamed; the last one stays.
  await page.getByRole('link', { name: 'Your account' }).click();
  const passkeys = page.getByRole('region', { name: 'Passkeys' });
  const laptop = passkeys.getByRole('listitem').filter({ hasText: 'Office laptop' });
  await expect(laptop).toContainText(/Added [A-Z][a-z]{2} \d{1,2}, \d{4} · last used/);
  await expect(passkeys).toContainText('10 of 10 left');
  await laptop.getByRole('button', { name: 'Rename Office laptop' }).click();
  await passkeys.getByLabel('Passkey name').fill('Front desk laptop');
  await passkeys.getByRole('button', { name: 'Save name' }).click();
  const desk = passkeys.getByRole('listitem').filter({ hasText: 'Front desk laptop' });
  await expect(desk).toBeVisible();
  await desk.getByRole('button', { name: 'Remove Front desk laptop' }).click();
  await desk.getByRole('button', { name: 'Remove passkey' }).click();
  await expect(desk.getByRole('alert')).toContainText('This is your only passkey, and the console needs one.');
  expect(await axeViolations(page)).toEqual([]);
  await switchToDark(page);
  expect(await axeViolations(page)).toEqual([]);

  // With a second passkey (a phone's, added earlier), one can go.
  await withDatabase((client) =>
    client.query(
      `insert into passkeys (user_id, credential_id, public_key, device_type, name)
       select id, 'e2e-old-phone-' || id, 'unused', 'multiDevice', 'Old phone' from users where email = $1`,
      [email],
    ),
  );
  await page.reload();
  const phone = passkeys.getByRole('listitem').filter({ hasText: 'Old phone' });
  await phone.getByRole('button', { name: 'Remove Old phone' }).click();
  await phone.getByRole('button', { name: 'Remove passkey' }).click();
  await expect(phone).toHaveCount(0);
  await expect(passkeys.getByRole('listitem')).toHaveCount(1);
  // A removed passkey may belong to a lost phone: signing out everywhere else is offered at once.
  await expect(passkeys.getByRole('status')).toContainText('“Old phone” was removed.');
  await passkeys.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await expect(passkeys.getByRole('status').filter({ hasText: 'Signed out of' })).toContainText(/Signed out of \d+ other browsers?\./);
});

test('a recovery code stands in for a lost passkey once; office staff are held at the passkey step too (375 px)', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  const email = await newStaff('office', 'Tomasz');
  await addVirtualAuthenticator(page);
  await signIn(page, email, '/admin', { passkey: false });
  expect((await page.request.get('/api/admin/customers')).status()).toBe(403);
  const codes = await addFirstPasskey(page, 'Work phone');
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();

  // A new browser without the passkey: the link, then a recovery code.
  const lost = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const other = await lost.newPage();
  await signIn(other, email, '/admin', { passkey: false });
  await expect(other.getByRole('heading', { name: 'Confirm it’s you' })).toBeVisible();
  expect(await axeViolations(other)).toEqual([]);
  await other.getByRole('button', { name: 'Lost your passkey? Use a recovery code' }).click();
  await other.getByLabel('Recovery code').fill(codes[0]!.toUpperCase());
  await other.getByRole('button', { name: 'Confirm with recovery code' }).click();
  await expect(other.getByRole('heading', { name: 'Overview' })).toBeVisible();
  expect(await other.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // The same code again, after another link: refused, and the console stays shut.
  await lost.clearCookies();
  await signIn(other, email, '/admin', { passkey: false });
  await other.getByRole('button', { name: 'Lost your passkey? Use a recovery code' }).click();
  await other.getByLabel('Recovery code').fill(codes[0]!);
  await other.getByRole('button', { name: 'Confirm with recovery code' }).click();
  await expect(other.getByRole('alert')).toContainText('That recovery code is not right, or it has already been used.');
  expect((await other.request.get('/api/admin/customers')).status()).toBe(403);
  // Another code works, and Your account counts what is left.
  await other.getByLabel('Recovery code').fill(codes[1]!);
  await other.getByRole('button', { name: 'Confirm with recovery code' }).click();
  await expect(other.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await other.goto('/admin/account');
  await expect(other.getByRole('region', { name: 'Passkeys' })).toContainText('8 of 10 left');
  await lost.close();
  await context.close();
});

test('an owner invites a staff member and resets another’s passkeys from Staff accounts', async ({ page }) => {
  const email = await newStaff('office', 'Wiktoria');
  await withDatabase((client) =>
    client.query(
      `insert into passkeys (user_id, credential_id, public_key, device_type, name)
       select id, 'e2e-lost-' || id, 'unused', 'singleDevice', 'Lost phone' from users where email = $1`,
      [email],
    ),
  );
  await signIn(page, STAFF_EMAIL, '/admin/crew');
  const accounts = page.getByRole('region', { name: 'Staff accounts' });
  const wiktoria = accounts.getByRole('listitem').filter({ hasText: email });
  await expect(wiktoria).toContainText('1 passkey');
  await wiktoria.getByRole('button', { name: 'Reset passkeys of Wiktoria Kowalczyk' }).click();
  await wiktoria.getByRole('button', { name: 'Reset passkeys' }).click();
  await expect(wiktoria).toContainText('No passkey yet: asked for one at next sign-in');

  const invited = `nadia${Date.now()}@lakeshorelotcare.com`;
  await accounts.getByRole('button', { name: 'Invite a staff member' }).click();
  await accounts.getByRole('button', { name: 'Send staff invitation' }).click();
  await expect(accounts.getByText('Please enter their first name')).toBeVisible();
  await accounts.getByLabel('First name').fill('Nadia');
  await accounts.getByLabel('Last name').fill('Baran');
  await accounts.getByLabel('Email').fill(invited);
  await accounts.getByLabel('Role', { exact: true }).selectOption('office');
  await accounts.getByRole('button', { name: 'Send staff invitation' }).click();
  await expect(accounts.getByRole('status')).toHaveText(`Invitation sent to ${invited}. It works once, for 7 days.`);
  await expect(accounts.getByRole('listitem').filter({ hasText: invited })).toContainText('No passkey yet');
  expect(await axeViolations(page)).toEqual([]);
});

test('a crew member may add a passkey on the crew page, and then signs in with it alone to the route (375 px)', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  const email = `pawel${Date.now()}@lakeshorelotcare.com`;
  await withDatabase((client) =>
    client.query(`insert into users (email, first_name, last_name, role) values ($1, 'Paweł', 'Zieliński', 'crew')`, [email]),
  );
  await addVirtualAuthenticator(page);
  // No passkey step for crews: the link opens the route.
  await signIn(page, email, '/crew');
  await expect(page.getByRole('heading', { name: 'Add a passkey to finish signing in' })).toHaveCount(0);
  await page.getByText('Your account: passkeys and signed-in phones').click();
  const passkeys = page.getByRole('region', { name: 'Passkeys' });
  await expect(passkeys).toContainText('Optional for crews');
  await passkeys.getByLabel('Name for a new passkey (optional)').fill('Truck 2 phone');
  await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(passkeys.getByRole('heading', { name: 'Save your recovery codes' })).toBeVisible();
  await passkeys.getByLabel('I have saved my recovery codes somewhere safe').check();
  await passkeys.getByRole('button', { name: 'Done' }).click();
  await expect(passkeys.getByRole('listitem').filter({ hasText: 'Truck 2 phone' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  await context.clearCookies();
  await page.goto('/login?returnTo=%2Fcrew');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(/\/crew$/);
  await expect(page.getByText('Your account: passkeys and signed-in phones')).toBeVisible();
  await context.close();
});
