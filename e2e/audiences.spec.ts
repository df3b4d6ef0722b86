import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { withDatabase } from './support/database';
import { STAFF_EMAIL, signIn, signInLink } from './support/sign-in';

/**
 * Each audience's pages (the customer portal, the staff console, the crew page) and the people
 * of another: a sign-in lands on the person's own home, and a page that is not theirs says so
 * and links to their own, with no error and nothing half-loaded.
 */

test.use({ viewport: { width: 375, height: 812 } });

async function newCrewMember() {
  const email = `crew-audience-${Date.now()}-${Math.floor(Math.random() * 1e6)}@lakeshorelotcare.com`;
  await withDatabase((client) =>
    client.query(`insert into users (email, first_name, last_name, role) values ($1, 'Tomas', 'Reyes', 'crew')`, [email]),
  );
  return email;
}

/** Errors the page reports (a failed hydration, an uncaught error), collected from now on. */
function pageErrors(page: Page) {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

test('a crew member’s sign-in link asked for from the customer portal lands on the crew page, not the portal', async ({ page }) => {
  const email = await newCrewMember();
  await page.goto(signInLink(email, '/customer-dashboard'));
  await page.getByLabel('Email address').fill(email);
  await expect(page.getByText('Continue to open your crew page.', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/crew$/);
  await expect(page.getByRole('heading', { name: 'Today’s route' })).toBeVisible();
  await expect(page.getByText(/Welcome back|Error loading properties/)).toHaveCount(0);
});

test('a crew member on the portal and the console is pointed to the crew page, with no error', async ({ page }) => {
  const email = await newCrewMember();
  await signIn(page, email, '/crew');
  const errors = pageErrors(page);

  // The dashboard the server renders, then hydrated: the card, not a customer's empty dashboard.
  await page.goto('/customer-dashboard');
  await expect(page.getByRole('heading', { level: 1, name: "You don't have access to this page" })).toBeVisible();
  await expect(page.getByText('This page is for our customers.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'your crew page' })).toHaveAttribute('href', '/crew');
  await expect(page.getByText(/Welcome back|Error loading properties/)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Log Out' })).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations.map((violation) => violation.id)).toEqual([]);

  // A property's page and the account view are the same screen, and say the same.
  await page.goto('/customer-dashboard/account');
  await expect(page.getByText('This page is for our customers.')).toBeVisible();

  await page.goto('/admin/schedule');
  await expect(page.getByText('This page is for our office staff.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'your crew page' })).toHaveAttribute('href', '/crew');

  await page.getByRole('link', { name: 'your crew page' }).click();
  await expect(page).toHaveURL(/\/crew$/);
  await expect(page.getByRole('heading', { name: 'Today’s route' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('an owner on the portal is pointed to the staff console', async ({ page }) => {
  await signIn(page, STAFF_EMAIL, '/admin');
  const errors = pageErrors(page);
  await page.goto('/customer-dashboard');
  await expect(page.getByText('This page is for our customers.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'the staff console' })).toHaveAttribute('href', '/admin');
  await expect(page.getByText(/Welcome back|Error loading properties/)).toHaveCount(0);
  expect(errors).toEqual([]);
});
