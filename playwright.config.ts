import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumArgs, testBrowserPath } from './e2e/chromium-path';

const port = Number(process.env.E2E_PORT ?? 4173);
export const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 4025);
// The config is read by every worker; only the main process starts the server, so one data dir is used.
const dataDir = process.env.E2E_DATA_DIR ?? (process.env.E2E_DATA_DIR = mkdtempSync(path.join(tmpdir(), 'e2e-data-')));

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  // The longest browser test takes about 22 s on a quiet 2-core machine (a sign-in by e-mail, photos, two
  // browsers, axe in both themes); a CI machine under load ran the suite 2.6 times slower (stop 27) and
  // timed out five at 30 s. Each test's own waits are still the 5 s expect timeout.
  timeout: 60_000,
  use: {
    // localhost, not 127.0.0.1: passkeys (WebAuthn) need a domain, and Chromium treats localhost as a secure context.
    baseURL: `http://localhost:${port}`,
    launchOptions: {
      executablePath: testBrowserPath(),
      args: chromiumArgs,
    },
  },
  projects: [
    { name: 'chromium', use: { browserName: 'chromium' }, testIgnore: /price-book\.spec\.ts/ },
    // The price book's spec changes the company's billing settings (term discounts, tax rates) that
    // every estimate's totals read; it runs once all the others are done, so none sees them change.
    { name: 'settings', use: { browserName: 'chromium' }, testMatch: /price-book\.spec\.ts/, dependencies: ['chromium'] },
  ],
  webServer: {
    // The production build (npm run test:e2e builds first), on a fresh embedded database.
    // The demo customer is imported first (the server is not running yet, so the command opens PGlite itself).
    command:
      'node dist/server/admin.js seed-demo > /dev/null && node dist/server/admin.js create-staff crew@lakeshorelotcare.com --first-name Sam --last-name Nowak --no-invite > /dev/null && node dist/server/main.js',
    url: `http://127.0.0.1:${port}/readyz`,
    reuseExistingServer: false,
    // seed-demo works the demo's last month and more (photos drawn with sharp) and sends its invoice:
    // about 12 s on a quiet machine, 30 s on a loaded one.
    timeout: 180_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_URL: `http://localhost:${port}`,
      LOG_LEVEL: 'warn',
      // The tests send many requests from one address; the limits themselves are tested through the API.
      CONTACT_RATE_LIMIT_MAX: '1000',
      SIGN_IN_RATE_LIMIT_PER_EMAIL: '1000',
      SIGN_IN_RATE_LIMIT_PER_IP: '1000',
      // The portal tests run a real SMTP server here (e2e/portal.spec.ts).
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    },
  },
});
