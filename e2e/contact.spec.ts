import { gotoHydrated } from './support/goto-hydrated';
import { expect, test, type Page } from '@playwright/test';

async function openForm(page: Page) {
  await gotoHydrated(page);
  await page.locator('#home').getByRole('link', { name: 'Get a Quote' }).click();
  await expect(page.locator('[data-island="contact"]')).toHaveAttribute('data-hydrated', 'true');
}

async function fillForm(page: Page) {
  const form = page.getByRole('form', { name: 'Quote request' });
  await form.getByLabel('Full Name').fill('Jane Kowalski');
  await form.getByLabel('Phone Number').fill('(414) 555-0199');
  await form.getByLabel('Email Address').fill('jane@southridgeplaza.com');
  await form.getByLabel('Service Needed').selectOption('Parking Lot Cleaning');
  await form.getByLabel('Message').fill('Our 200-stall lot in Greenfield needs cleaning twice a week.');
  await form.getByLabel('I agree to be contacted regarding my quote request').check();
  return form;
}

test.use({ viewport: { width: 1440, height: 900 } });

test('the form is in the first HTML response, before any script runs', async ({ request }) => {
  const html = await (await request.get('/')).text();
  expect(html).toContain('Get In Touch');
  expect(html).toContain('I agree to be contacted regarding my quote request');
  expect(html).toContain('Submit Request');
});

test('an invalid submit shows every message by its field and focuses the first invalid one', async ({ page }) => {
  await openForm(page);
  const form = page.getByRole('form', { name: 'Quote request' });
  await form.getByLabel('Email Address').fill('jane@');
  await form.getByRole('button', { name: 'Submit Request' }).click();
  await expect(form.getByText('Name must be at least 2 characters')).toBeVisible();
  await expect(form.getByText('Please enter a valid email address')).toBeVisible();
  await expect(form.getByText('Please select a service')).toBeVisible();
  await expect(form.getByText('Message must be at least 10 characters')).toBeVisible();
  await expect(form.getByText('You must agree to our privacy policy')).toBeVisible();
  await expect(form.getByLabel('Full Name')).toBeFocused();
});

test('a submit before the form’s code arrives is held, never sent as a native GET, and answered once the form hydrates', async ({
  page,
}) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let asked = false;
  await page.route(/\/assets\/contact-island-[^/]+\.js$/, async (route) => {
    asked = true;
    await held;
    await route.continue();
  });
  await gotoHydrated(page);
  const form = page.getByRole('form', { name: 'Quote request' });
  await form.scrollIntoViewIfNeeded();
  await form.getByLabel('Full Name').fill('Jane Kowalski');
  await form.getByRole('button', { name: 'Submit Request' }).click();
  await expect.poll(() => asked).toBe(true);
  await expect(page.locator('[data-island="contact"]')).not.toHaveAttribute('data-hydrated', 'true');
  expect(new URL(page.url()).search).toBe('');

  release();
  await expect(form.getByText('You must agree to our privacy policy')).toBeVisible();
  await expect(form.getByText('Please select a service')).toBeVisible();
  await expect(form.getByLabel('Full Name')).toHaveValue('Jane Kowalski');
  expect(new URL(page.url()).search).toBe('');
});

test('a valid request is stored, confirmed, and toasted; toasts can be reached with F8 and swiped away', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  await openForm(page);
  const form = await fillForm(page);
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/contact') && r.request().method() === 'POST');
  await form.getByRole('button', { name: 'Submit Request' }).click();
  const response = await answer;
  expect(response.status()).toBe(201);
  expect(Object.keys(await response.json()).sort()).toEqual(['id', 'submittedAt']);

  const contact = page.locator('#contact');
  await expect(contact.getByRole('heading', { name: 'Quote Request Submitted!' })).toBeVisible();
  await expect(contact).toContainText('We call you within 24 hours');
  await expect(contact).toContainText('We schedule a free property visit');
  await expect(contact).toContainText('You receive a detailed, no-obligation quote');

  const toast = page.getByRole('region', { name: /Notifications/ }).locator('li');
  await expect(toast).toHaveCount(1);
  await expect(toast).toContainText('Quote Request Submitted!');
  await expect(toast).toContainText("We've received your request and will contact you within 24 hours");

  await page.keyboard.press('F8');
  await expect(page.getByRole('region', { name: /Notifications/ }).locator('ol')).toBeFocused();

  const box = (await toast.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + 50, box.y + box.height / 2, { steps: 4 });
  await page.mouse.move(box.x + 90, box.y + box.height / 2, { steps: 4 });
  await page.mouse.up();
  await expect(toast).toHaveCount(0);

  await contact.getByRole('button', { name: 'Submit Another Request' }).click();
  await expect(page.getByRole('form', { name: 'Quote request' }).getByLabel('Full Name')).toHaveValue('');
  expect(errors).toEqual([]);
});

test('a toast closes by itself after 5 seconds', async ({ page }) => {
  await page.clock.install();
  await openForm(page);
  const form = await fillForm(page);
  await form.getByRole('button', { name: 'Submit Request' }).click();
  const toast = page.getByRole('region', { name: /Notifications/ }).locator('li');
  await expect(toast).toHaveCount(1);
  await page.mouse.move(0, 0);
  await page.clock.runFor(4800);
  await expect(toast).toHaveCount(1);
  await page.clock.runFor(400);
  await expect(toast).toHaveCount(0);
});

test('the button reads "Submitting..." and is disabled while the request is in flight', async ({ page }) => {
  await openForm(page);
  // Hold the request in the browser for a moment so the pending state can be seen; it then goes to the real server.
  await page.route('**/api/contact', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 600));
    await route.continue();
  });
  const form = await fillForm(page);
  await form.getByRole('button', { name: 'Submit Request' }).click();
  await expect(form.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
  await expect(page.locator('#contact').getByRole('heading', { name: 'Quote Request Submitted!' })).toBeVisible();
});
