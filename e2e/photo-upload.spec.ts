import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { STAFF_EMAIL, signIn } from './support/sign-in';

test.use({ viewport: { width: 1440, height: 900 } });

const PHONE = 'north-lot-phone.jpg';
const SCREENSHOT = 'loading-dock.png';
const OLD = 'retail-lot-after.jpg';
const NOT_A_PHOTO = 'notes.jpg';
const TYPE_MESSAGE = 'Choose the photo type: before, after or other';
const FUTURE_MESSAGE = 'The date taken cannot be later than today';

/** A day after today in Milwaukee, whatever the hour. */
const tomorrow = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date(Date.now() + 36 * 3600 * 1000));

async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
}

/** A customer with one property, made through the API as the signed-in staff member. */
async function customerWithProperty(page: Page) {
  const stamp = Date.now();
  const customer = await page.request.post('/api/admin/customers', {
    data: { name: `Menomonee Valley Partners ${stamp}`, email: `valley${stamp}@example.com` },
  });
  expect(customer.status()).toBe(201);
  const customerId = (await customer.json()).id as string;
  const property = await page.request.post(`/api/admin/customers/${customerId}/properties`, {
    data: {
      name: 'Canal Street Lot',
      address: '3800 W Canal St',
      city: 'Milwaukee',
      state: 'WI',
      zipCode: '53208',
      propertyType: 'Parking Lot',
    },
  });
  expect(property.status()).toBe(201);
  return { customerId, propertyId: (await property.json()).id as string };
}

test('photo upload: thumbnails first, a type for each file, caption and taken-on date, rows that clear, edits after', async ({ page }) => {
  // Four real uploads, two axe runs and an edit: more than the default 30 s on a busy two-core machine.
  test.setTimeout(90_000);
  await signIn(page, STAFF_EMAIL, '/admin/customers');
  const { customerId, propertyId } = await customerWithProperty(page);
  await page.goto(`/admin/customers/${customerId}`);
  const uploader = page.getByRole('form', { name: 'Upload photos of Canal Street Lot' });
  const grid = page.getByRole('list', { name: 'Photos of Canal Street Lot' });
  const row = (name: string) => uploader.getByRole('listitem').filter({ hasText: name });

  // Real images made here: a phone JPEG whose camera wrote when it was taken, and a PNG whose EXIF
  // date only the server reads (the browser reads JPEGs).
  const phone = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#4d7c0f' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'Google', Model: 'Pixel 8' }, IFD2: { DateTimeOriginal: '2025:06:14 09:30:00' } })
    .toBuffer();
  const screenshot = await sharp({ create: { width: 900, height: 1200, channels: 3, background: '#1e3a8a' } })
    .png()
    .withExif({ IFD2: { DateTimeOriginal: '2025:05:02 16:10:00' } })
    .toBuffer();
  await uploader.getByLabel('Choose photos for Canal Street Lot').setInputFiles([
    { name: PHONE, mimeType: 'image/jpeg', buffer: phone },
    { name: SCREENSHOT, mimeType: 'image/png', buffer: screenshot },
    { name: OLD, mimeType: 'image/jpeg', buffer: readFileSync('docs/examples/photos/retail-lot-after.jpg') },
    { name: NOT_A_PHOTO, mimeType: 'image/jpeg', buffer: Buffer.from('Gate code 4411, call Dana before the sweep') },
  ]);

  // 1. Each file shows its thumbnail before anything is uploaded: a decoded object URL.
  const previews: string[] = [];
  for (const name of [PHONE, SCREENSHOT, OLD]) {
    const thumbnail = row(name).getByRole('img', { name: `Preview of ${name}` });
    await expect(thumbnail).toBeVisible();
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const src = (await thumbnail.getAttribute('src'))!;
    expect(src).toMatch(/^blob:/);
    previews.push(src);
  }
  await expect(row(NOT_A_PHOTO)).toContainText('No preview');

  // 3. A caption field of a usable size, and "taken on", prefilled from the JPEG's camera date.
  const caption = row(PHONE).getByLabel(`Caption for ${PHONE}`);
  expect(await caption.evaluate((element) => element.tagName)).toBe('TEXTAREA');
  const box = (await caption.boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(400);
  expect(box.height).toBeGreaterThanOrEqual(56);
  await expect(row(PHONE).getByLabel(`Taken on: ${PHONE}`)).toHaveValue('2025-06-14');
  await expect(row(PHONE)).toContainText('From the camera’s date');
  await expect(row(SCREENSHOT).getByLabel(`Taken on: ${SCREENSHOT}`)).toHaveValue('');
  await expect(row(OLD).getByLabel(`Taken on: ${OLD}`)).toHaveValue('');

  await expectNoAxeViolations(page);

  // 2. No type is chosen for anyone, and an upload without one is refused beside each file, in the browser.
  const uploads: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/photos')) uploads.push(request.url());
  });
  for (const name of [PHONE, SCREENSHOT, OLD, NOT_A_PHOTO]) {
    await expect(row(name).getByRole('group', { name: `Type of ${name} (choose one)` })).toBeVisible();
    for (const type of ['Before', 'After', 'Other']) await expect(row(name).getByRole('radio', { name: type })).not.toBeChecked();
  }
  await uploader.getByRole('button', { name: 'Upload 4 photos' }).click();
  for (const name of [PHONE, SCREENSHOT, OLD, NOT_A_PHOTO]) await expect(row(name)).toContainText(TYPE_MESSAGE);
  await expect(uploader.getByRole('alert')).toHaveText('4 photos need a change before uploading: see the message beside each.');

  // Types chosen: one for all, then one changed; a date later than today is refused beside its file.
  await uploader.getByRole('button', { name: 'All before' }).click();
  await row(SCREENSHOT).getByRole('radio', { name: 'After' }).check();
  await row(OLD).getByRole('radio', { name: 'Other' }).check();
  for (const name of [PHONE, SCREENSHOT, OLD]) await expect(row(name)).not.toContainText(TYPE_MESSAGE);
  await row(OLD).getByLabel(`Taken on: ${OLD}`).fill(tomorrow());
  await uploader.getByRole('button', { name: 'Upload 4 photos' }).click();
  await expect(row(OLD)).toContainText(FUTURE_MESSAGE);
  await expect(uploader.getByRole('alert')).toHaveText('One photo needs a change before uploading: see the message beside it.');
  expect(uploads).toEqual([]);
  await row(OLD).getByLabel(`Taken on: ${OLD}`).fill('2025-05-20');
  await caption.fill('North lot along Canal St before the Monday sweep');

  // 4. Uploaded rows say so and leave the queue; the file that is not a photo stays, with its reason and a retry.
  await uploader.getByRole('button', { name: 'Upload 4 photos' }).click();
  await expect(uploader.getByRole('status')).toHaveText('3 photos uploaded. 1 photo could not be uploaded: see the reason beside it.');
  await expect(uploader.getByRole('listitem')).toHaveCount(1);
  const failed = uploader.locator('[data-upload-state="failed"]');
  await expect(failed).toContainText(NOT_A_PHOTO);
  await expect(failed.getByRole('alert')).toHaveText('This file is not an image we can read. Upload a JPEG, PNG or WebP photo.');
  // Sending the same file again cannot help: it offers removal, not a retry (the next test retries).
  await expect(failed.getByRole('button', { name: `Try again to upload ${NOT_A_PHOTO}` })).toHaveCount(0);
  expect(uploads).toHaveLength(4);
  // The thumbnails of the rows that left were released.
  for (const src of previews) {
    expect(
      await page.evaluate(
        (url) =>
          fetch(url).then(
            () => 'readable',
            () => 'revoked',
          ),
        src,
      ),
    ).toBe('revoked');
  }
  await failed.getByRole('button', { name: `Remove ${NOT_A_PHOTO} from the queue` }).click();
  await expect(uploader.getByRole('listitem')).toHaveCount(0);

  // The dates: the camera's (read in the browser, its time kept), the PNG's (read by the server), and one typed.
  const cards = grid.getByRole('listitem');
  await expect(cards).toHaveCount(3);
  const card = (text: string) => cards.filter({ hasText: text });
  await expect(card('North lot along Canal St before the Monday sweep')).toContainText('Taken Jun 14, 2025');
  await expect(card('After')).toContainText('Taken May 2, 2025');
  await expect(card('Other')).toContainText('Taken May 20, 2025');
  const stored = (await (await page.request.get(`/api/properties/${propertyId}/photos`)).json()) as Array<{
    caption: string;
    photoType: string;
    takenAt: string | null;
  }>;
  expect(stored.map(({ photoType, takenAt }) => [photoType, takenAt]).sort()).toEqual([
    ['after', '2025-05-02T21:10:00.000Z'],
    ['before', '2025-06-14T14:30:00.000Z'],
    ['other', '2025-05-20T17:00:00.000Z'],
  ]);

  // 4. After upload: type, caption and date can be changed.
  const phoneCard = card('North lot along Canal St before the Monday sweep');
  await phoneCard.getByRole('button', { name: /^Edit photo/ }).click();
  const edit = grid.getByRole('form', { name: /^Edit photo details/ });
  await expect(edit.getByRole('radio', { name: 'Before' })).toBeChecked();
  await expect(edit.getByRole('radio', { name: 'Before' })).toBeFocused();
  await expect(edit.getByLabel(/^Caption/)).toHaveValue('North lot along Canal St before the Monday sweep');
  await expect(edit.getByLabel(/^Taken on/)).toHaveValue('2025-06-14');
  await expectNoAxeViolations(page);

  await edit.getByLabel(/^Taken on/).fill(tomorrow());
  await edit.getByRole('button', { name: 'Save photo' }).click();
  await expect(edit).toContainText(FUTURE_MESSAGE);
  await edit.getByRole('radio', { name: 'After' }).check();
  await edit.getByLabel(/^Caption/).fill('North lot after the Monday sweep');
  await edit.getByLabel(/^Taken on/).fill('2025-06-16');
  await edit.getByRole('button', { name: 'Save photo' }).click();
  await expect(edit).toHaveCount(0);
  const edited = card('North lot after the Monday sweep');
  await expect(edited).toContainText('After');
  await expect(edited).toContainText('Taken Jun 16, 2025');
  await expect(edited.getByText('Saved', { exact: true })).toBeVisible();
  await expect(edited.getByRole('button', { name: /^Edit photo/ })).toBeFocused();

  // Escape leaves a photo as it was; the change above is stored.
  await edited.getByRole('button', { name: /^Edit photo/ }).click();
  await edit.getByLabel(/^Caption/).fill('Not this');
  await page.keyboard.press('Escape');
  await expect(edit).toHaveCount(0);
  await page.reload();
  await expect(card('North lot after the Monday sweep')).toContainText('Taken Jun 16, 2025');
  await expect(cards.filter({ hasText: 'Not this' })).toHaveCount(0);
});

test('a failed upload keeps its fields and goes through on retry once the server can take it', async ({ page }) => {
  await signIn(page, STAFF_EMAIL, '/admin/customers');
  const { customerId } = await customerWithProperty(page);
  await page.goto(`/admin/customers/${customerId}`);
  const uploader = page.getByRole('form', { name: 'Upload photos of Canal Street Lot' });
  const grid = page.getByRole('list', { name: 'Photos of Canal Street Lot' });

  // The first attempt is cut off on its way (as on a lost connection); the retry reaches the server.
  let attempts = 0;
  await page.route('**/api/admin/properties/*/photos', (route) => (++attempts === 1 ? route.abort('connectionreset') : route.continue()));
  await uploader.getByLabel('Choose photos for Canal Street Lot').setInputFiles({
    name: 'dumpster-before.jpg',
    mimeType: 'image/jpeg',
    buffer: readFileSync('docs/examples/photos/dumpster-before.jpg'),
  });
  const row = uploader.getByRole('listitem').filter({ hasText: 'dumpster-before.jpg' });
  await row.getByRole('radio', { name: 'Before' }).check();
  await row.getByLabel(/^Caption/).fill('Dumpster enclosure behind the loading dock');
  await uploader.getByRole('button', { name: 'Upload photo' }).click();
  await expect(row.getByRole('alert')).toHaveText('The upload was interrupted. Check your connection and try again.');
  await expect(row.getByLabel(/^Caption/)).toHaveValue('Dumpster enclosure behind the loading dock');

  await row.getByRole('button', { name: 'Try again to upload dumpster-before.jpg' }).click();
  await expect(row.locator('xpath=.')).toHaveAttribute('data-upload-state', 'done');
  await expect(uploader.getByRole('listitem')).toHaveCount(0);
  await expect(grid.getByRole('listitem').filter({ hasText: 'Dumpster enclosure behind the loading dock' })).toContainText('Before');
  expect(attempts).toBe(2);
});
