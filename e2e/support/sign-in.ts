import { execFileSync } from 'node:child_process';
import { expect, type Page } from '@playwright/test';

/** The e2e server (playwright.config.ts starts it on E2E_PORT). */
export const baseURL = `http://127.0.0.1:${process.env.E2E_PORT ?? 4173}`;

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

/** Signs in through a fresh link (confirming the e-mail address, as in any other browser) and waits until the link's page has taken the browser to `returnTo`. */
export async function signIn(page: Page, email: string, returnTo: string) {
  await page.goto(signInLink(email, returnTo));
  // The operator's links were asked for by no browser, so the page asks for the account's address first.
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(new RegExp(`${returnTo.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
}
