import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { STAFF_EMAIL, signIn } from './support/sign-in';
import { switchToDark } from './support/theme';

/*
 * The audit log (issue 13): an owner changes a quote request's status and exports the inbox; the
 * log shows both in words (issue 22) with the right person and IP, and its own CSV export is recorded too.
 */
test.use({ viewport: { width: 1440, height: 900 } });

test('the audit log records a status change and a CSV export with the right actor and IP, in light and dark', async ({ page, request }) => {
  // A status change, two downloads, a reload and two axe scans: more than the default 30 s on a busy 2-core machine.
  test.slow();
  const marker = `Audit ${Date.now()}`;
  const posted = await request.post('/api/contact', {
    data: {
      name: marker,
      email: 'audit@example.com',
      phone: '(414) 555-0150',
      service: 'Parking Lot Cleaning',
      message: 'Please quote weekly sweeping for our lot in Wauwatosa.',
      consent: true,
    },
  });
  expect(posted.status()).toBe(201);
  await signIn(page, STAFF_EMAIL, '/admin');
  await page.goto(`/admin/submissions?q=${encodeURIComponent(marker)}`);
  const card = page.locator('main li[data-quote-request]').filter({ has: page.getByRole('heading', { name: marker, exact: true }) });
  await card.getByLabel('Status').selectOption('contacted');
  await expect(card.locator('[data-status-badge]')).toHaveText('contacted');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^quote-requests-/);

  await page.getByRole('navigation', { name: 'Staff console' }).getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  const events = page.getByRole('list', { name: 'Audit events' }).getByRole('listitem');
  const filters = page.getByRole('form', { name: 'Filter the audit log' });

  await filters.getByLabel('Action').selectOption('write');
  // In words, with names (issue 22), not the route the browser called.
  const change = events.filter({ hasText: `Sam Nowak moved the quote request from ${marker} to “contacted”` }).first();
  await expect(change).toContainText('127.0.0.1');
  await expect(change).toContainText('Done · 200');
  await expect(change).not.toContainText('/api/');

  await filters.getByLabel('Action').selectOption('export');
  await expect(page).toHaveURL(/kind=export/);
  const exported = events.filter({ hasText: 'Sam Nowak exported the quote requests as a CSV file' }).first();
  await expect(exported).toContainText('127.0.0.1');
  // The search may be a name: the event says a search was made, not what it was.
  await expect(exported).not.toContainText(marker);

  // The log's own export is recorded as well, and reads in words.
  const [auditCsv] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
  const csv = Buffer.concat(await (await auditCsv.createReadStream()).toArray()).toString('utf8');
  expect(csv).toContain('"Sam Nowak exported the quote requests as a CSV file"');
  await page.reload();
  await expect(events.filter({ hasText: 'Sam Nowak exported the audit log as a CSV file' }).first()).toBeVisible();

  // The request's name links to it in the inbox.
  await filters.getByLabel('Action').selectOption('write');
  await change.getByRole('link', { name: `the quote request from ${marker}` }).click();
  await expect(page).toHaveURL(/\/admin\/submissions\?q=audit%40example\.com/);
  await expect(page.getByRole('heading', { name: marker, exact: true })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();

  expect((await new AxeBuilder({ page }).analyze()).violations.map((violation) => violation.id)).toEqual([]);
  await switchToDark(page);
  expect((await new AxeBuilder({ page }).analyze()).violations.map((violation) => violation.id)).toEqual([]);
});
