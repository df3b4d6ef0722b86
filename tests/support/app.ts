import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { buildApp, type App } from '../../src/server/app';
import { loadConfig, type Config } from '../../src/server/config';
import type { Database } from '../../src/server/db/database';
import { emptyTables, testDatabaseFor, type DatabaseKind, type TestDatabase } from './database';
import { seedPortal, type PortalFixture } from './fixtures';
import { sessionCookie } from './sign-in';
import { startSmtpServer, type SmtpServer } from './smtp';

/** Config for tests: silent, no client build, and a fresh temporary DATA_DIR (photos land there). */
export function testConfig(overrides: Partial<Config> = {}, env: Record<string, string> = {}): Config {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'test-data-'));
  // An https APP_URL needs SMTP_URL (config.ts); a test of https that sends no mail gets a port where nothing listens.
  const mail = env.APP_URL?.startsWith('https:') && !env.SMTP_URL ? { SMTP_URL: 'smtp://127.0.0.1:1' } : {};
  return {
    ...loadConfig({
      LOG_LEVEL: 'silent',
      CLIENT_DIR: '/nonexistent-client-build',
      DATA_DIR: dataDir,
      CHECK_RESPONSES: 'true',
      ...mail,
      ...env,
    }),
    ...overrides,
  };
}

/** Builds the app on a given database, silent, with config overrides. */
export async function createTestApp(database: Database, overrides: Partial<Config> = {}, env: Record<string, string> = {}): Promise<App> {
  const app = await buildApp({ config: testConfig(overrides, env), database, logger: false });
  await app.ready();
  return app;
}

/** Who a test request comes from: nobody, a user of customer A or B, or a staff member (an owner). */
export type Caller = 'anonymous' | 'customerA' | 'customerB' | 'staff';

export interface TestAppOptions {
  /** Environment for loadConfig; a function when it depends on something made in an earlier beforeAll (an SMTP port). */
  env?: Record<string, string> | (() => Record<string, string>);
  config?: Partial<Config>;
  /** Seed two customers with a property and photo each, and a staff user (default true). */
  seed?: boolean;
  /** Sign each seeded caller in (default true); sign-in tests count sessions, and make their own. */
  sessions?: boolean;
  /** Run a real SMTP server on loopback for the suite, and send the app's e-mail to it (`t.smtp`). */
  smtp?: boolean;
  /** One app and one seeding for the whole suite, kept between its tests (for many small property-based runs). */
  once?: boolean;
}

export interface TestAppContext {
  readonly database: TestDatabase;
  readonly app: App;
  readonly fixture: PortalFixture;
  /** The Cookie header of a signed-in caller (undefined for anonymous). */
  cookie(caller: Caller): string | undefined;
  /** Headers for a request from the caller. */
  as(caller: Caller): Record<string, string>;
  /** The suite's SMTP server (with `smtp: true`). */
  readonly smtp: SmtpServer;
}

/**
 * An API suite's set-up, on one database kind: a database for the suite; before each
 * test a fresh app on it, seeded and with a session for each caller; after each test
 * the app closed and every table emptied.
 */
export function testAppFor(kind: DatabaseKind, options: TestAppOptions = {}): TestAppContext {
  let smtp: SmtpServer | undefined;
  if (options.smtp) {
    beforeAll(async () => {
      smtp = await startSmtpServer();
    });
    afterAll(async () => {
      await smtp?.close();
    });
  }
  const suite = testDatabaseFor(kind);
  let app: App | undefined;
  let fixture: PortalFixture | undefined;
  let cookies: Partial<Record<Caller, string>> = {};
  (options.once ? beforeAll : beforeEach)(async () => {
    const env = {
      ...(smtp ? { SMTP_URL: smtp.url } : {}),
      ...(typeof options.env === 'function' ? options.env() : (options.env ?? {})),
    };
    app = await createTestApp(suite.database, options.config, env);
    if (options.seed !== false) fixture = await seedPortal(app.db, app.photoStorage);
    if (fixture && options.sessions !== false) {
      cookies = {
        customerA: await sessionCookie(app, fixture.customerA.userEmail),
        customerB: await sessionCookie(app, fixture.customerB.userEmail),
        staff: await sessionCookie(app, fixture.staffEmail),
      };
    }
  });
  (options.once ? afterAll : afterEach)(async () => {
    await app?.close();
    await emptyTables(suite.database);
    app = undefined;
    fixture = undefined;
    cookies = {};
  });
  const context: TestAppContext = {
    get database() {
      return suite.database;
    },
    get app() {
      if (!app) throw new Error('the app is built in beforeEach');
      return app;
    },
    get fixture() {
      if (!fixture) throw new Error('this suite was not seeded');
      return fixture;
    },
    get smtp() {
      if (!smtp) throw new Error('this suite runs no SMTP server (testAppFor(kind, { smtp: true }))');
      return smtp;
    },
    cookie: (caller) => (caller === 'anonymous' ? undefined : cookies[caller]),
    as: (caller): Record<string, string> => {
      const cookie = context.cookie(caller);
      return cookie ? { cookie } : {};
    },
  };
  return context;
}
