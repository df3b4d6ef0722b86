import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import type { Property, PropertyPhoto } from '../src/shared/api/properties';
import { baseURL, DEMO_CUSTOMER_EMAIL, signIn } from './support/sign-in';

/*
 * The customer portal on a phone (issue 10): each view at its own URL, photos shown whole,
 * the photo viewer, and the way in from the landing page's header. Each worker imports a
 * customer of its own, with photos of three shapes, through the operator command.
 */

const phone = { width: 375, height: 812 };
test.use({ viewport: phone });

const PROPERTY = 'Bluemound Road Shopping Center';
const OTHER_PROPERTY = 'Capitol Drive Office Lot';
let email = '';

/** The operator command, through the running e2e server's socket (as signInLink does). */
function admin(...args: string[]) {
  return execFileSync(process.execPath, ['dist/server/admin.js', ...args], {
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR!, APP_URL: baseURL },
    encoding: 'utf8',
  });
}

/** A photo of a given shape: a sky over a lot, so each is a real, distinct JPEG. */
async function photo(width: number, height: number, sky: string) {
  const lot = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${sky}"/><rect y="${height * 0.6}" width="100%" height="${height * 0.4}" fill="#6b7280"/></svg>`,
  );
  return sharp(lot).jpeg({ quality: 80 }).toBuffer();
}

// eslint-disable-next-line no-empty-pattern -- Playwright needs the fixtures argument destructured
test.beforeAll(async ({}, workerInfo) => {
  email = `pm-${workerInfo.workerIndex}-${Date.now()}@fairwayplaza.example`;
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-views-'));
  const files = {
    'square-other.jpg': await photo(1400, 1400, '#93c5fd'),
    'portrait-before.jpg': await photo(1200, 1800, '#bfdbfe'),
    'landscape-after.jpg': await photo(2400, 1600, '#7dd3fc'),
  };
  for (const [name, data] of Object.entries(files)) writeFileSync(path.join(dir, name), data);
  const property = (name: string) => ({
    name,
    address: name === PROPERTY ? '17800 W Bluemound Rd' : '6200 W Capitol Dr',
    city: name === PROPERTY ? 'Brookfield' : 'Milwaukee',
    state: 'WI',
    zipCode: name === PROPERTY ? '53045' : '53216',
    propertyType: name === PROPERTY ? 'Retail Center' : 'Office',
  });
  writeFileSync(
    path.join(dir, 'import.json'),
    JSON.stringify({
      customers: [
        {
          name: `Fairway Plaza Management ${workerInfo.workerIndex}`,
          email: `office-${email}`,
          users: [{ email, firstName: 'Renee', lastName: 'Sadowski' }],
          properties: [
            {
              ...property(PROPERTY),
              photos: [
                { file: 'square-other.jpg', caption: 'Storm drain grate by the loading dock', photoType: 'other' },
                { file: 'portrait-before.jpg', caption: 'East lot, Sunday 11 p.m.', photoType: 'before', takenAt: '2026-10-11' },
                { file: 'landscape-after.jpg', caption: 'East lot after the overnight sweep', photoType: 'after', takenAt: '2026-10-12' },
              ],
            },
            property(OTHER_PROPERTY),
          ],
        },
      ],
    }),
  );
  admin('import', path.join(dir, 'import.json'));
});

async function signInToDashboard(page: Page) {
  await signIn(page, email, '/customer-dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Welcome back, Fairway Plaza Management/);
}

async function propertiesOf(page: Page) {
  return (await page.request.get('/api/customer/properties')).json() as Promise<Property[]>;
}

/** The photos in the order the portal shows them (newest first). */
async function photosOf(page: Page, propertyId: string) {
  return (await page.request.get(`/api/properties/${propertyId}/photos`)).json() as Promise<PropertyPhoto[]>;
}

/** The opened property's heading: its name. */
const photosHeading = (page: Page, name = PROPERTY) => page.getByRole('heading', { level: 2, name, exact: true });
const viewer = (page: Page) => page.getByRole('dialog');

test('each view has its own URL: Back and Forward move between them, reload keeps the view, and an opened property comes into view with focus', async ({
  page,
}) => {
  await signInToDashboard(page);
  const [bluemound] = (await propertiesOf(page)).filter((p) => p.name === PROPERTY);

  // Came from the landing page, as a customer does.
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'My dashboard' }).click();
  await expect(page).toHaveURL(/\/customer-dashboard$/);
  await expect(page.getByText('Select a property to see its before and after photos.')).toBeVisible();

  // View Photos: its own URL, the photos brought into view and the heading focused.
  await page.getByRole('button', { name: `View Photos of ${PROPERTY}` }).click();
  await expect(page).toHaveURL(new RegExp(`/customer-dashboard/properties/${bluemound!.id}$`));
  await expect(photosHeading(page)).toBeFocused();
  await expect(page.getByRole('button', { name: `View Photos of ${PROPERTY}` })).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => photosHeading(page).evaluate((h) => Math.round(h.getBoundingClientRect().top))).toBeLessThan(60);
  await expect(page.getByRole('heading', { level: 3, name: 'Photos', exact: true })).toBeInViewport();
  await expect(page).toHaveTitle(`${PROPERTY} | Lakeshore Lot Care`);

  // Clicking the other card opens that property, at its own URL.
  await page.getByRole('heading', { level: 3, name: OTHER_PROPERTY }).click();
  await expect(page).toHaveURL(/\/customer-dashboard\/properties\/[0-9a-f-]{36}$/);
  await expect(photosHeading(page, OTHER_PROPERTY)).toBeFocused();
  await expect(page.getByText('No photos have been uploaded for this property yet.')).toBeVisible();

  // Back and Forward move between the views and stay in the portal.
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/customer-dashboard/properties/${bluemound!.id}$`));
  await expect(photosHeading(page)).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/customer-dashboard$/);
  await expect(page.getByText('Select a property to see its before and after photos.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Welcome back/);
  await page.goForward();
  await expect(page).toHaveURL(new RegExp(`/customer-dashboard/properties/${bluemound!.id}$`));
  await expect(photosHeading(page)).toBeVisible();

  // Account Settings has its own URL too; the tabs and messages stay as the SPEC has them.
  await page.getByRole('tab', { name: 'Account Settings' }).click();
  await expect(page).toHaveURL(/\/customer-dashboard\/account$/);
  await expect(page.getByRole('tab', { name: 'Account Settings' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel')).toContainText('To update these details, e-mail us');
  await page.goBack();
  await expect(page.getByRole('tab', { name: 'My Properties' })).toHaveAttribute('aria-selected', 'true');
  await expect(photosHeading(page)).toBeVisible();
  await page.goForward();
  await expect(page.getByRole('tab', { name: 'Account Settings' })).toHaveAttribute('aria-selected', 'true');

  // The arrow keys of the tabs move between the views' URLs, and focus stays on the tab.
  await page.getByRole('tab', { name: 'Account Settings' }).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(page).toHaveURL(/\/customer-dashboard$/);
  await expect(page.getByRole('tab', { name: 'My Properties' })).toBeFocused();

  // Reloading keeps the view.
  await page.goto(`/customer-dashboard/properties/${bluemound!.id}`);
  await page.reload();
  await expect(photosHeading(page)).toBeFocused();
  await expect(page.getByRole('button', { name: `View Photos of ${PROPERTY}` })).toHaveAttribute('aria-pressed', 'true');
  await page.goto('/customer-dashboard/account');
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Account Settings' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel')).toContainText(`office-${email}`);
});

test('an unknown or another customer’s property shows a clear not-found state in the portal, and the server shows none of its photos', async ({
  page,
  browser,
}) => {
  // Another customer's property: the demo customer's.
  const demo = await browser.newContext({ baseURL, viewport: phone });
  const demoPage = await demo.newPage();
  await signIn(demoPage, DEMO_CUSTOMER_EMAIL, '/customer-dashboard');
  const foreign = (await propertiesOf(demoPage)).find((p) => p.name === 'Southridge Commons Retail Center')!;
  expect((await photosOf(demoPage, foreign.id)).length).toBeGreaterThan(0);
  await demo.close();

  await signInToDashboard(page);
  const photoRequests: string[] = [];
  page.on('request', (request) => request.url().includes('/photos') && photoRequests.push(request.url()));
  for (const id of [foreign.id, '00000000-0000-4000-8000-000000000000', 'not-a-property']) {
    const response = await page.goto(`/customer-dashboard/properties/${id}`);
    expect(response!.status()).toBe(200);
    const heading = page.getByRole('heading', { level: 2, name: 'We could not find that property' });
    await expect(heading).toBeFocused();
    await expect(page.getByText('It is not on your account.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 3 })).toHaveText([PROPERTY, OTHER_PROPERTY]);
    await expect(page).toHaveTitle('Property not found | Lakeshore Lot Care');
  }
  expect(photoRequests).toEqual([]);
  // The server refuses another customer's photos to this session, as it would a property that does not exist.
  const refused = await page.request.get(`/api/properties/${foreign.id}/photos`);
  expect(refused.status()).toBe(404);
  expect(await refused.text()).not.toContain('imageUrl');

  await page.getByRole('link', { name: 'Show all my properties' }).click();
  await expect(page).toHaveURL(/\/customer-dashboard$/);

  // Signed out, a property's URL asks to log in and comes back to it.
  await page.context().clearCookies();
  await page.goto(`/customer-dashboard/properties/${foreign.id}`);
  await expect(page.getByRole('link', { name: 'Log In' })).toHaveAttribute(
    'href',
    `/api/login?returnTo=${encodeURIComponent(`/customer-dashboard/properties/${foreign.id}`)}`,
  );
});

test('photos are shown whole at 375 px: each box takes its photo’s shape, and a before/after pair is treated alike', async ({ page }) => {
  await signInToDashboard(page);
  await page.getByRole('button', { name: `View Photos of ${PROPERTY}` }).click();
  const images = page.locator('img[data-photo-image]');
  await expect(images).toHaveCount(5); // the pair, then the three photos
  for (const image of await images.all()) {
    await image.scrollIntoViewIfNeeded();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const shape = await image.evaluate((img: HTMLImageElement) => ({
      fit: getComputedStyle(img).objectFit,
      box: img.clientWidth / img.clientHeight,
      photo: img.naturalWidth / img.naturalHeight,
      width: img.clientWidth,
    }));
    // On a phone the box has the photo's own shape (nothing to crop, nothing letterboxed), at the full width.
    expect(shape.box, `${await image.getAttribute('alt')}`).toBeCloseTo(shape.photo, 1);
    expect(shape.fit).toBe('contain');
    expect(shape.width).toBeGreaterThan(280);
  }
  const pair = page.locator('section[aria-labelledby="before-after-title"] img');
  const [before, after] = await pair.evaluateAll((imgs) =>
    imgs.map((img) => (img as HTMLImageElement).naturalWidth / (img as HTMLImageElement).naturalHeight),
  );
  expect(before).toBeCloseTo(2 / 3, 1); // the portrait "before" keeps its full height
  expect(after).toBeCloseTo(3 / 2, 1);
});

test('the viewer: previous and next by buttons and arrow keys, "n of m", the caption and date, and a full-size download', async ({
  page,
}) => {
  await signInToDashboard(page);
  const [bluemound] = (await propertiesOf(page)).filter((p) => p.name === PROPERTY);
  const photos = await photosOf(page, bluemound!.id);
  expect(photos).toHaveLength(3);
  await page.getByRole('button', { name: `View Photos of ${PROPERTY}` }).click();

  const grid = page.locator('section[aria-labelledby="photos-title"] ul > li');
  await grid.nth(1).getByRole('button').click();
  const dialog = viewer(page);
  await expect(dialog).toBeVisible();
  const shows = async (index: number) => {
    const photo = photos[index]!;
    await expect(dialog.locator('[data-photo-position]')).toHaveText(`Photo ${index + 1} of 3`);
    await expect(dialog.getByRole('img')).toHaveAttribute('src', photo.imageUrl);
    await expect(dialog.locator('#photo-dialog-title')).toHaveText(photo.caption);
    await expect(dialog).toHaveAccessibleName(photo.caption);
  };
  await shows(1);

  await dialog.getByRole('button', { name: 'Next photo' }).click();
  await shows(2);
  await dialog.getByRole('button', { name: 'Next photo' }).click(); // from the last, round to the first
  await shows(0);
  await dialog.getByRole('button', { name: 'Previous photo' }).click();
  await shows(2);
  await page.keyboard.press('ArrowLeft');
  await shows(1);
  await page.keyboard.press('ArrowRight');
  await shows(2);

  // The caption's date: when it was taken if known (in Wisconsin), else when it was uploaded.
  const dated = photos.findIndex((p) => p.caption === 'East lot after the overnight sweep');
  const undated = photos.findIndex((p) => p.caption === 'Storm drain grate by the loading dock');
  for (let i = 0; i < 3 && (await dialog.locator('#photo-dialog-title').textContent()) !== photos[dated]!.caption; i++) {
    await page.keyboard.press('ArrowRight');
  }
  await expect(dialog.locator('#photo-dialog-details')).toContainText('after');
  await expect(dialog.locator('#photo-dialog-details time')).toHaveText('Taken Oct 12, 2026');
  await expect(dialog.locator('#photo-dialog-details time')).toHaveAttribute('datetime', photos[dated]!.takenAt!);

  // Download: a real file, the largest size stored (2048 px wide for a 2400 px original), named for what it shows.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('link', { name: 'Download this photo at full size' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^bluemound-road-shopping-center-after-2026-10-12-[0-9a-f]{8}\.webp$/);
  const saved = path.join(mkdtempSync(path.join(tmpdir(), 'download-')), download.suggestedFilename());
  await download.saveAs(saved);
  const metadata = await sharp(saved).metadata();
  expect([metadata.format, metadata.width, metadata.height]).toEqual(['webp', 2048, 1365]);

  for (let i = 0; i < 3 && (await dialog.locator('#photo-dialog-title').textContent()) !== photos[undated]!.caption; i++) {
    await page.keyboard.press('ArrowRight');
  }
  await expect(dialog.locator('#photo-dialog-details time')).toHaveText(/^Uploaded [A-Z][a-z]{2} \d{1,2}, \d{4}$/);

  // Escape closes it and returns focus to the photo that opened it.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(grid.nth(1).getByRole('button')).toBeFocused();
});

test.describe('on a touch screen', () => {
  test.use({ hasTouch: true, isMobile: true });

  test('a swipe moves to the next or previous photo; a vertical drag does not', async ({ page }) => {
    await signInToDashboard(page);
    await page.getByRole('button', { name: `View Photos of ${PROPERTY}` }).click();
    await page.locator('section[aria-labelledby="photos-title"] ul > li').first().getByRole('button').click();
    const position = viewer(page).locator('[data-photo-position]');
    await expect(position).toHaveText('Photo 1 of 3');

    // Real touch events, through the browser's input pipeline.
    const cdp = await page.context().newCDPSession(page);
    const drag = async (from: { x: number; y: number }, to: { x: number; y: number }) => {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [from] });
      for (let step = 1; step <= 6; step++) {
        const point = { x: from.x + ((to.x - from.x) * step) / 6, y: from.y + ((to.y - from.y) * step) / 6 };
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point] });
      }
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    };
    const box = (await viewer(page).getByRole('img').boundingBox())!;
    const middle = { x: box.x + box.width / 2, y: box.y + box.height / 2 };

    await drag({ x: middle.x + 120, y: middle.y }, { x: middle.x - 120, y: middle.y + 10 }); // right to left: next
    await expect(position).toHaveText('Photo 2 of 3');
    await drag({ x: middle.x + 120, y: middle.y }, { x: middle.x - 120, y: middle.y }); // next again
    await expect(position).toHaveText('Photo 3 of 3');
    await drag({ x: middle.x - 120, y: middle.y }, { x: middle.x + 120, y: middle.y }); // left to right: previous
    await expect(position).toHaveText('Photo 2 of 3');
    await drag({ x: middle.x, y: middle.y - 150 }, { x: middle.x + 30, y: middle.y + 150 }); // mostly vertical: nothing
    await drag({ x: middle.x, y: middle.y }, { x: middle.x - 20, y: middle.y }); // too short: nothing
    await page.waitForTimeout(200);
    await expect(position).toHaveText('Photo 2 of 3');
  });
});

test.describe('the way in from the landing page', () => {
  test('the prerendered header and mobile menu carry "Customer Login", which works without JavaScript', async ({ request, browser }) => {
    const html = await (await request.get('/')).text();
    const header = html.slice(html.indexOf('data-island="header"'), html.indexOf('</header>'));
    expect(header.match(/href="\/customer-dashboard"[^>]*>(?:(?!<\/a>).)*Customer Login/g)).toHaveLength(2);

    const noScript = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: { width: 1440, height: 900 } });
    const page = await noScript.newPage();
    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: 'Customer Login' }).click();
    await expect(page).toHaveURL(/\/customer-dashboard$/);
    await noScript.close();
  });

  test('a visitor finds "Customer Login" in the phone menu; signed in, "My dashboard"; signed out again, "Customer Login"', async ({
    page,
  }) => {
    const menuLink = (name: string) => page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name });
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(menuLink('Customer Login')).toHaveAttribute('href', '/customer-dashboard');
    await menuLink('Customer Login').click();
    await expect(page.getByRole('link', { name: 'Log In' })).toBeVisible();

    await signInToDashboard(page);
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(menuLink('My dashboard')).toHaveAttribute('href', '/customer-dashboard');
    await expect(menuLink('Customer Login')).toHaveCount(0);

    // From a wider screen the header itself offers it.
    await page.setViewportSize({ width: 1440, height: 900 });
    await expect(page.getByRole('banner').getByRole('link', { name: 'My dashboard' })).toBeVisible();
    await page.getByRole('banner').getByRole('link', { name: 'My dashboard' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Welcome back/);

    await page.getByRole('link', { name: 'Log Out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('[data-island="header"]')).toHaveAttribute('data-hydrated', 'true');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Customer Login' })).toBeVisible();
  });
});

for (const theme of ['light', 'dark'] as const) {
  test(`axe finds no violations on the dashboard, a property, the account and the open viewer (${theme})`, async ({ page }) => {
    // Four screens, each scanned by axe: near the default timeout on a busy 2-core machine.
    test.slow();
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    const check = async (what: string) =>
      expect(
        (await new AxeBuilder({ page }).analyze()).violations.map((v) => `${what}: ${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`),
      ).toEqual([]);
    await signInToDashboard(page);
    await check('dashboard');
    await page.getByRole('button', { name: `View Photos of ${PROPERTY}` }).click();
    await expect(page.locator('section[aria-labelledby="photos-title"] ul > li')).toHaveCount(3);
    await check('property');
    await page.locator('section[aria-labelledby="photos-title"] ul > li').first().getByRole('button').click();
    await expect(viewer(page).getByRole('img')).toBeVisible();
    await check('viewer');
    await page.keyboard.press('Escape');
    await page.goto('/customer-dashboard/properties/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { name: 'We could not find that property' })).toBeVisible();
    await check('not found');
    await page.getByRole('tab', { name: 'Account Settings' }).click();
    await expect(page.getByRole('tabpanel')).toContainText('To update these details');
    await check('account');
  });
}
