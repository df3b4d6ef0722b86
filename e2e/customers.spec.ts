import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { STAFF_EMAIL, signIn } from './support/sign-in';

test.use({ viewport: { width: 1440, height: 900 } });

test('staff turn a request into a customer, add a user, a property and photos', async ({ page, request }) => {
  // The longest journey of the suite (four axe runs, real uploads): slow on a busy machine.
  test.slow();
  const stamp = Date.now();
  const requester = { name: `Harbor View ${stamp}`, email: `harbor${stamp}@example.com`, phone: '(414) 555-0123' };
  expect(
    (
      await request.post('/api/contact', {
        data: { ...requester, service: 'Parking Lot Cleaning', message: 'Quote for our marina lot, please.', consent: true },
      })
    ).status(),
  ).toBe(201);

  await signIn(page, STAFF_EMAIL, '/admin/submissions');
  await page.getByRole('searchbox', { name: 'Search' }).fill(requester.email);
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: requester.name }) });
  await card.getByRole('link', { name: 'Create customer from this request' }).click();

  // The form arrives filled from the request as far as it goes: the person is the contact, the company name is asked.
  await expect(page).toHaveURL(/\/admin\/customers\?fromRequest=[0-9a-f-]{36}$/);
  await expect(page.getByLabel('Company name')).toHaveValue('');
  await expect(page.getByLabel('Contact name (optional)')).toHaveValue(requester.name);
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(requester.email);
  await expect(page.getByLabel('Phone (optional)')).toHaveValue(requester.phone);
  const source = page.getByRole('complementary', { name: /From the quote request of/ });
  await expect(source).toContainText('Quote for our marina lot, please.');
  await expect(source).toContainText(`${requester.name} · Parking Lot Cleaning`);
  // This journey adds its user by hand below: no portal user from the request.
  await page.getByLabel(`Let ${requester.name} sign in to the customer portal`).uncheck();
  await page.getByRole('button', { name: 'Create customer' }).click();
  await expect(page.getByText('Company name is required')).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
  const company = `Harbor View Marina ${stamp}`;
  await page.getByLabel('Company name').fill(company);
  // The company's office address rather than the person's own: the request must still be found.
  const officeEmail = `office${stamp}@harborview.example`;
  await page.getByLabel('Email', { exact: true }).fill(officeEmail);
  await page.getByRole('button', { name: 'Create customer' }).click();
  await expect(page.getByRole('heading', { level: 1, name: company })).toBeVisible();
  await expect(page.getByText(`Contact: ${requester.name}`)).toBeVisible();
  await expect(page.getByText(/Made from the quote request of .+ by Harbor View \d+ \(Parking Lot Cleaning\)/)).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
  const customerUrl = page.url();

  // The request now links its customer, and no longer offers to make a second one.
  await page.getByRole('link', { name: 'Open it in the inbox' }).click();
  const linked = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: requester.name }) });
  await expect(linked.getByRole('link', { name: `Customer: ${company}` })).toBeVisible();
  await expect(linked.getByRole('link', { name: 'Create customer from this request' })).toHaveCount(0);
  expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
  await linked.getByRole('link', { name: `Customer: ${company}` }).click();
  await expect(page).toHaveURL(customerUrl);

  // A sign-in user, and an invitation.
  const people = page.locator('section[aria-labelledby="users-title"]');
  await people.getByLabel('Email').fill(`manager${stamp}@example.com`);
  await people.getByLabel('First name').fill('Robin');
  await people.getByRole('button', { name: 'Add user' }).click();
  await expect(people.getByText(`manager${stamp}@example.com`, { exact: true })).toBeVisible();
  await people.getByRole('button', { name: /Send invitation/ }).click();
  await expect(people.getByRole('status')).toHaveText('Invitation sent');
  // Staff can switch the user's portal sign-in off, and on again.
  await people.getByRole('button', { name: 'Disable Robin' }).click();
  await expect(people.getByText('Disabled: cannot sign in to the portal')).toBeVisible();
  await expect(people.getByRole('button', { name: /Send invitation/ })).toHaveCount(0);
  await people.getByRole('button', { name: 'Enable Robin' }).click();
  await expect(people.getByText('Disabled: cannot sign in to the portal')).toHaveCount(0);

  // A property, with a clear message for a bad ZIP code first.
  const add = page.locator('section[aria-labelledby="properties-title"] > div').last();
  await add.getByLabel('Property name').fill('Marina Lot');
  await add.getByLabel('Property type').selectOption('Parking Lot');
  await add.getByLabel('Street address').fill('500 N Harbor Dr');
  await add.getByLabel('City').fill('Milwaukee');
  await add.getByLabel('ZIP code').fill('532');
  await add.getByRole('button', { name: 'Add property' }).click();
  await expect(add.getByText('ZIP code must be 5 digits, such as 53202')).toBeVisible();
  await add.getByLabel('ZIP code').fill('53202');
  await add.getByRole('button', { name: 'Add property' }).click();
  const property = page
    .locator('section[aria-labelledby="properties-title"] ul > li')
    .filter({ has: page.getByRole('heading', { name: 'Marina Lot' }) });
  await expect(property).toBeVisible();

  // Three files at once: two photos and one that is not an image.
  await property.getByLabel('Choose photos for Marina Lot').setInputFiles([
    { name: 'retail-lot-before.jpg', mimeType: 'image/jpeg', buffer: readFileSync('docs/examples/photos/retail-lot-before.jpg') },
    { name: 'retail-lot-after.jpg', mimeType: 'image/jpeg', buffer: readFileSync('docs/examples/photos/retail-lot-after.jpg') },
    { name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('these are notes, not a photo') },
  ]);
  // Each file needs its type: none is chosen for them.
  const queued = (name: string) => property.getByRole('listitem').filter({ hasText: name });
  await property.getByRole('button', { name: 'Upload 3 photos' }).click();
  await expect(queued('retail-lot-before.jpg')).toContainText('Choose the photo type: before, after or other');
  await queued('retail-lot-before.jpg').getByRole('radio', { name: 'Before' }).check();
  await queued('retail-lot-after.jpg').getByRole('radio', { name: 'After' }).check();
  await queued('notes.jpg').getByRole('radio', { name: 'Other' }).check();
  await property.getByLabel('Caption for retail-lot-after.jpg').fill('After the first visit');
  await property.getByRole('button', { name: 'Upload 3 photos' }).click();
  await expect(property.getByRole('status')).toHaveText('2 photos uploaded. 1 photo could not be uploaded: see the reason beside it.');
  // Uploaded rows leave the queue; the failed one stays with its reason.
  await expect(property.locator('[data-upload-state]')).toHaveCount(1);
  const failed = property.locator('[data-upload-state="failed"]');
  await expect(failed).toContainText('notes.jpg');
  await expect(failed).toContainText('This file is not an image we can read. Upload a JPEG, PNG or WebP photo.');
  const grid = property.getByRole('list', { name: 'Photos of Marina Lot' }).getByRole('listitem');
  await expect(grid).toHaveCount(2);
  await expect(grid.filter({ hasText: 'After the first visit' })).toHaveCount(1);

  page.once('dialog', (dialog) => void dialog.accept());
  await grid
    .filter({ hasText: 'After the first visit' })
    .getByRole('button', { name: /Delete photo/ })
    .click();
  await expect(grid).toHaveCount(1);
  await expect(grid.filter({ hasText: 'After the first visit' })).toHaveCount(0);

  expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual(
    [],
  );

  // Drag and drop works too: a file dropped on the zone joins the queue.
  const bytes = readFileSync('docs/examples/photos/dumpster-after.jpg').toString('base64');
  const dataTransfer = await page.evaluateHandle((base64) => {
    const transfer = new DataTransfer();
    const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    transfer.items.add(new File([data], 'dropped.jpg', { type: 'image/jpeg' }));
    return transfer;
  }, bytes);
  await property.getByText('Drop photos here').locator('xpath=..').dispatchEvent('drop', { dataTransfer });
  await expect(property.getByText('dropped.jpg', { exact: true })).toBeVisible();
  await queued('dropped.jpg').getByRole('radio', { name: 'After' }).check();
  await failed.getByRole('button', { name: 'Remove notes.jpg from the queue' }).click();
  await property.getByRole('button', { name: 'Upload photo' }).click();
  await expect(grid).toHaveCount(2);

  await page.goto('/admin/customers');
  await page.getByRole('searchbox', { name: 'Search customers' }).fill(officeEmail);
  await expect(page.getByRole('link', { name: new RegExp(company) })).toContainText('1 user · 1 property');
  expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
});

test('a quote request with a street address fills in the customer, its portal user and its property; staff add the company name, and it is won', async ({
  page,
  request,
}) => {
  const stamp = Date.now();
  const company = `Brookfield Square Partners ${stamp}`;
  const requester = {
    name: `Dana Kowalski ${stamp}`,
    email: `dana${stamp}@brookfieldsquare.example`,
    phone: '(262) 555-0144',
  };
  const posted = await request.post('/api/contact', {
    data: {
      ...requester,
      service: 'Parking Lot Cleaning',
      message: 'Weekly sweeping for our outlot at 95 N Moorland Rd, Brookfield, WI 53005, about 80 spaces.',
      consent: true,
    },
  });
  expect(posted.status()).toBe(201);

  await signIn(page, STAFF_EMAIL, '/admin/submissions');
  await page.getByRole('searchbox', { name: 'Search' }).fill(requester.email);
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: requester.name }) });
  await expect(card).toContainText('95 N Moorland Rd');
  await card.getByRole('link', { name: 'Create customer from this request' }).click();

  // Everything the request says is filled in: nothing to type again. The quote form asks for no company: staff ask.
  const form = page.getByRole('form', { name: 'New customer from the quote request' });
  const companyName = form.getByRole('textbox', { name: 'Company name' });
  await expect(companyName).toHaveValue('');
  await expect(companyName).toHaveAccessibleDescription('The request has no company name: ask the requester.');
  await expect(form.getByLabel('Contact name (optional)')).toHaveValue(requester.name);
  await expect(form.getByLabel('Email', { exact: true })).toHaveValue(requester.email);
  await expect(form.getByLabel('Phone (optional)')).toHaveValue(requester.phone);
  await expect(form.getByLabel(`Let ${requester.name} sign in to the customer portal`)).toBeChecked();
  await expect(form.getByLabel('First name')).toHaveValue('Dana');
  await expect(form.getByLabel('Last name')).toHaveValue(`Kowalski ${stamp}`);
  await expect(form.getByLabel('Sign-in email')).toHaveValue(requester.email);
  await expect(form.getByLabel('Add the property at the address in the message')).toBeChecked();
  await expect(form.getByLabel('Property name')).toHaveValue('95 N Moorland Rd');
  await expect(form.getByLabel('Street address')).toHaveValue('95 N Moorland Rd');
  await expect(form.getByLabel('City')).toHaveValue('Brookfield');
  await expect(form.getByLabel('State')).toHaveValue('WI');
  await expect(form.getByLabel('ZIP code')).toHaveValue('53005');
  expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);

  // The missing company name and a mistake in the property are caught before anything is stored.
  await form.getByLabel('ZIP code').fill('5300');
  await form.getByRole('button', { name: 'Create customer' }).click();
  await expect(form.getByText('Company name is required')).toBeVisible();
  await expect(form.getByText('ZIP code must be 5 digits, such as 53202')).toBeVisible();
  await companyName.fill(company);
  await form.getByLabel('Property name').fill(`${company}, 95 N Moorland Rd`);
  await form.getByLabel('ZIP code').fill('53005');
  await form.getByLabel('Property type').selectOption('Parking Lot');
  await form.getByRole('button', { name: 'Create customer' }).click();

  await expect(page.getByRole('heading', { level: 1, name: company })).toBeVisible();
  const people = page.locator('section[aria-labelledby="users-title"]');
  await expect(people).toContainText(`Dana Kowalski ${stamp}`);
  await expect(people).toContainText('Not invited yet: no report e-mails until you send the invitation');
  await expect(
    page
      .locator('section[aria-labelledby="properties-title"] ul > li')
      .filter({ has: page.getByRole('heading', { name: `${company}, 95 N Moorland Rd` }) }),
  ).toContainText('Brookfield');
  // Sent when staff are ready; the user then counts as invited.
  await people.getByRole('button', { name: /Send invitation/ }).click();
  await expect(people.getByRole('status')).toHaveText('Invitation sent');
  await expect(people).not.toContainText('Not invited yet');

  // The request is won and links its customer.
  await page.getByRole('link', { name: 'Open it in the inbox' }).click();
  const won = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: requester.name }) });
  await expect(won.locator('[data-status-badge]')).toHaveText('won');
  await expect(won.getByRole('link', { name: `Customer: ${company}` })).toBeVisible();
});
