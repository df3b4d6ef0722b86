import { expect, test, type Page } from '@playwright/test';
import { STAFF_EMAIL as STAFF, baseURL, signIn } from './support/sign-in';

/**
 * Stored HTML shows as text and never runs: hostile values stored through the real APIs
 * (a quote request, a staff note, a customer, its user and its property) are shown
 * literally on every screen that reads them, and the CSV export keeps them verbatim.
 * Each payload sets window.__xss to its own number, so a failure names the field.
 */

/** Nothing from the payloads ran or became an element: no marker, no dialog, no element with a handler. */
async function expectInert(page: Page, dialogs: string[]) {
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
  expect(dialogs).toEqual([]);
  await expect(page.locator('img[src="x"], img[onerror], svg[onload], [onerror], [onload]')).toHaveCount(0);
  // A signed-in screen's first data (decision 010) carries the stored text as data, in the one JSON block the server writes, escaped.
  const scripts = await page.evaluate(() =>
    [...document.scripts].filter((script) => script.textContent?.includes('__xss')).map((script) => ({ type: script.type, id: script.id })),
  );
  expect(scripts.filter((script) => script.type !== 'application/json' || script.id !== 'first-screen')).toEqual([]);
  // An injected inline handler or script would also be refused by the Content-Security-Policy and reported.
  expect(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations)).toEqual([]);
}

/** A minimal RFC 4180 reader: quoted cells, doubled quotes, CRLF rows. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

test.use({ viewport: { width: 1440, height: 900 } });

test('stored HTML shows as text in the console and the portal, and never runs', async ({ page }) => {
  const tag = `X${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const request = {
    name: `${tag} <img src=x onerror="window.__xss=1">`,
    email: `xss-${tag.toLowerCase()}@example.com`,
    phone: '(414) 555-0142',
    service: 'Other',
    message: `<script>window.__xss=2</script> then "><svg onload=window.__xss=3> and {{7*7}} \${7*7} ${tag}`,
    propertySize: `"><svg onload=window.__xss=4> acres`,
    urgency: `<img src=x onerror="window.__xss=5">`,
    consent: true,
  };
  const note = `<img src=x onerror="window.__xss=6"> {{7*7}} note ${tag}`;
  const customer = {
    name: `${tag} Co <script>window.__xss=7</script>`,
    email: `cust-${tag.toLowerCase()}@example.com`,
    phone: `"><svg onload=window.__xss=8>`,
    address: `<img src=x onerror="window.__xss=9"> 1 Main St {{7*7}}`,
  };
  const user = {
    email: `user-${tag.toLowerCase()}@example.com`,
    firstName: `<img src=x onerror="window.__xss=10">`,
    lastName: `{{constructor.constructor('window.__xss=11')()}}`,
  };
  const property = {
    name: `<script>window.__xss=12</script> Lot ${tag}`,
    address: `"><svg onload=window.__xss=13> 500 N Harbor Dr`,
    city: `Milwaukee <img src=x onerror="window.__xss=14">`,
    state: 'WI',
    zipCode: '53202',
    propertyType: 'Parking Lot',
  };

  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  await page.addInitScript(() => {
    const violations: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = violations;
    document.addEventListener('securitypolicyviolation', (event) => violations.push(`${event.violatedDirective} ${event.sample}`));
  });

  // 1. Store the payloads through the real APIs: the quote form's endpoint, then the staff routes with a staff session.
  const created = await page.request.post('/api/contact', { data: request, headers: { Origin: baseURL } });
  expect(created.status()).toBe(201);
  const { id: requestId } = (await created.json()) as { id: string };

  await signIn(page, STAFF, '/admin/submissions');
  const staffPost = async (path: string, data: object) => {
    const response = await page.request.post(path, { data, headers: { Origin: baseURL } });
    expect(response.status(), `${path}: ${await response.text()}`).toBe(201);
    return (await response.json()) as { id: string };
  };
  await staffPost(`/api/contact/${requestId}/notes`, { body: note });
  const { id: customerId } = await staffPost('/api/admin/customers', customer);
  await staffPost(`/api/admin/customers/${customerId}/users`, user);
  await staffPost(`/api/admin/customers/${customerId}/properties`, property);

  // 2a. The inbox: the request's card and its note.
  await page.getByRole('searchbox', { name: 'Search' }).fill(tag);
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: request.name, exact: true }) });
  await expect(card).toHaveCount(1);
  await expect(page.locator('main ul > li')).toHaveCount(1);
  await expect(card.getByRole('heading', { level: 2 })).toHaveText(request.name);
  await expect(card.getByText(request.message, { exact: true })).toBeVisible();
  await expect(card.getByText(`Property size: ${request.propertySize}`)).toBeVisible();
  await expect(card.getByText(`Urgency: ${request.urgency}`)).toBeVisible();
  await card.getByRole('button', { name: 'Notes' }).click();
  await expect(card.getByText(note, { exact: true })).toBeVisible();
  await expect(card).toContainText('Sam Nowak');
  await expectInert(page, dialogs);

  // 3. The CSV export of the filtered inbox keeps every payload verbatim (only formulas are defused).
  const exportLink = page.getByRole('link', { name: 'Export CSV' });
  await expect(exportLink).toHaveAttribute('href', new RegExp(`q=${tag}`));
  const [download] = await Promise.all([page.waitForEvent('download'), exportLink.click()]);
  const csv = await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8'));
  const [header, ...rows] = parseCsv(csv.replace(/^\uFEFF/, ''));
  expect(rows).toHaveLength(1);
  const exported = Object.fromEntries(header!.map((column, index) => [column, rows[0]![index]]));
  expect(exported).toMatchObject({
    Name: request.name,
    Email: request.email,
    'Property size': request.propertySize,
    Urgency: request.urgency,
    Message: request.message,
  });
  expect(csv).toContain(`"${request.urgency.replace(/"/g, '""')}"`);

  // 2b. "Create customer from this request" carries the name into the new-customer form as the contact, then the customers list.
  await card.getByRole('link', { name: 'Create customer from this request' }).click();
  await expect(page.getByRole('heading', { name: 'New customer', level: 2 })).toBeVisible();
  await expect(page.getByLabel('Contact name (optional)')).toHaveValue(request.name);
  await expectInert(page, dialogs);
  await page.getByRole('searchbox', { name: 'Search customers' }).fill(tag);
  const entry = page.getByRole('link', { name: new RegExp(tag) });
  await expect(entry).toHaveCount(1);
  await expect(entry.getByText(customer.name, { exact: true })).toBeVisible();
  await expect(entry.getByText(`${customer.email} · ${customer.phone}`, { exact: true })).toBeVisible();
  await expect(entry).toContainText('1 user · 1 property');
  await expectInert(page, dialogs);

  // 2c. The customer's page: heading, details form, user and property.
  await entry.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(customer.name);
  await expect(page.getByLabel('Company name')).toHaveValue(customer.name);
  await expect(page.getByLabel('Phone (optional)')).toHaveValue(customer.phone);
  await expect(page.getByLabel('Address (optional)', { exact: true })).toHaveValue(customer.address);
  const people = page.locator('section[aria-labelledby="users-title"]');
  await expect(people.getByText(`${user.firstName} ${user.lastName}`, { exact: true })).toBeVisible();
  await expect(people.getByText(user.email, { exact: true })).toBeVisible();
  const properties = page.locator('section[aria-labelledby="properties-title"] ul > li');
  await expect(properties).toHaveCount(1);
  await expect(properties.getByRole('heading', { level: 3 })).toHaveText(property.name);
  await expect(properties.getByText(`${property.address}, ${property.city}, WI 53202 · Parking Lot`, { exact: true })).toBeVisible();
  await expect(properties.getByLabel(`Choose photos for ${property.name}`)).toBeAttached();
  await expectInert(page, dialogs);

  // 2d. The customer's own dashboard, signed in as its user.
  await signIn(page, user.email, '/customer-dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welcome back, ${customer.name}`);
  const propertyCard = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3, name: property.name, exact: true }) });
  await expect(propertyCard).toHaveCount(1);
  await expect(propertyCard.getByText(property.address)).toBeVisible();
  await expect(propertyCard.getByText(`${property.city}, WI 53202`)).toBeVisible();
  await propertyCard.getByRole('button', { name: `View Photos of ${property.name}` }).click();
  await expect(page.getByRole('heading', { level: 2, name: property.name, exact: true })).toBeVisible();
  await expect(page.getByText('No photos have been uploaded for this property yet.')).toBeVisible();
  await expectInert(page, dialogs);

  await page.getByRole('tab', { name: 'Account Settings' }).click();
  const settings = page.getByRole('tabpanel');
  await expect(settings.getByText(customer.name, { exact: true })).toBeVisible();
  await expect(settings.getByText(customer.phone, { exact: true })).toBeVisible();
  await expect(settings.getByText(customer.address, { exact: true })).toBeVisible();
  await expectInert(page, dialogs);
});
