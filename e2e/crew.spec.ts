import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { DEMO_CUSTOMER_EMAIL, STAFF_EMAIL, signIn } from './support/sign-in';

test.use({ viewport: { width: 375, height: 812 } });

test('the crew page asks visitors to sign in and sends others where they belong', async ({ page }) => {
  const response = await page.goto('/crew');
  expect(response!.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Crew sign-in' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/api/login?returnTo=%2Fcrew');
  expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);

  // A sign-in lands on the person's own home (a link to /crew takes a customer to their dashboard); the page itself turns them away.
  await signIn(page, DEMO_CUSTOMER_EMAIL, '/customer-dashboard');
  await page.goto('/crew');
  await expect(page.getByText('This page is for our crews.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'your dashboard' })).toHaveAttribute('href', '/customer-dashboard');

  // The crew page sends an owner to the console (where the passkey step waits) without asking for one.
  await signIn(page, STAFF_EMAIL, '/admin', { passkey: false });
  await page.goto('/crew');
  await expect(page.getByRole('link', { name: 'the staff console' })).toHaveAttribute('href', '/admin');
  expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
});
