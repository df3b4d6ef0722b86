import { execFileSync } from 'node:child_process';
import { expect, type Page } from '@playwright/test';
import { holdStaffPasskey, needsPasskey } from './passkey';

/** The e2e server (playwright.config.ts starts it on E2E_PORT). */
export const baseURL = `http://localhost:${process.env.E2E_PORT ?? 4173}`;

/** Accounts playwright.config.ts creates before the server starts. */
export const STAFF_EMAIL = 'crew@lakeshorelotcare.com';
export const DEMO_CUSTOMER_EMAIL = 'demo@southridgecommons.example';

/** A sign-in link from the operator command, which reaches the running e2e server's database through its socket. */
export function signInLink(email: string, returnTo: string): string {
  const output = execFileSync(process.execPath, ['dist/server/admin.js', 'sign-in-link', email, '--return-to', returnTo], {
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR!, APP_URL: baseURL },
    encoding: 'utf8',
  });
  return output.trim().split('\n').at(-1)!;
}

/**
 * Signs in through a fresh link (confirming the e-mail address, as in any other browser) and waits
 * until the link's page has taken the browser to `returnTo`. An owner or office member then
 * confirms with their passkey, as the console asks, unless `passkey: false` leaves that step to the test.
 */
export async function signIn(page: Page, email: string, returnTo: string, { passkey = true }: { passkey?: boolean } = {}) {
  const confirm = passkey && (await needsPasskey(email));
  if (confirm) await holdStaffPasskey(page, email);
  await page.goto(signInLink(email, returnTo));
  // The operator's links were asked for by no browser, so the page asks for the account's address first.
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(new RegExp(`${returnTo.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
  if (confirm) {
    await page.getByRole('button', { name: 'Use my passkey' }).click();
    await expect(page.getByRole('heading', { name: 'Confirm it’s you' })).toBeHidden();
  }
}
