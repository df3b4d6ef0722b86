/**
 * `npm run lighthouse`: builds if needed, seeds a fresh embedded database (the demo customer with
 * its properties and a month of visits, an owner, a crew member with visits today, a page of quote
 * requests), makes a session for each of them, starts the production server on it, and runs
 * Lighthouse (default mobile settings) against the landing page, a prospect's estimate page and the
 * signed-in screens people use every day, in the system Chromium. Prints one table: the median of the runs per screen.
 *
 *   LIGHTHOUSE_ONLY=crew,admin   screens whose name contains one of these words
 *   LIGHTHOUSE_RUNS=5            runs per screen (default 3)
 *   LIGHTHOUSE_PORT=4360         the server's port (default 4310)
 *   LIGHTHOUSE_REPORTS=/tmp/lh   also write each run's full report there (<screen>-<run>.json)
 *
 * Signed-in screens carry the session's cookie in every request (Lighthouse's `extraHeaders`). The
 * server runs on http://127.0.0.1 with its default APP_URL (http), so the cookie is plain `session`,
 * as in the e2e suite; `__Host-session` is only for https.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import { and, eq, sql } from 'drizzle-orm';
import lighthouse from 'lighthouse';
import { chromiumArgs, chromiumPath } from '../e2e/chromium-path';
import { insertSampleEstimate } from './lib/sample-estimate';
import { seedDemo } from '../src/server/cli/seed-demo';
import { openDatabase } from '../src/server/db/database';
import { properties, users, visits } from '../src/server/db/schema';
import { SESSION_COOKIE, createSession } from '../src/server/modules/accounts/sessions';
import { saveStaffUser } from '../src/server/modules/accounts/staff';
import { diskStorage } from '../src/server/modules/photos/photo-store';
import { createOneOffVisit } from '../src/server/modules/visits/visit-changes';
import { oneOffVisitSchema } from '../src/shared/api/schedule';
import { QUOTE_REQUEST_STATUSES, SERVICE_OPTIONS } from '../src/shared/constants';
import { localToday } from '../src/shared/local-dates';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.LIGHTHOUSE_PORT ?? 4310);
const origin = `http://127.0.0.1:${port}`;
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const only = (process.env.LIGHTHOUSE_ONLY ?? '')
  .split(',')
  .map((word) => word.trim())
  .filter(Boolean);
const dataDir = mkdtempSync(path.join(tmpdir(), 'lighthouse-'));

if (!existsSync(path.join(root, 'dist/server/main.js'))) {
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(1);
}

interface Screen {
  name: string;
  path: string;
  /** The Cookie header of the session the screen is seen with; none for the public page. */
  cookie?: string;
}

/** The demo's data, plus what the demo lacks for these screens, and a session per person. */
async function seed(): Promise<Screen[]> {
  const database = await openDatabase({ dataDir });
  try {
    const { db } = database;
    const today = localToday();
    const { email: customerEmail } = await seedDemo(db, diskStorage(path.join(dataDir, 'photos')), { appUrl: new URL(origin) });
    const { id: ownerId } = await saveStaffUser(db, { email: 'owner@lakeshorelotcare.com', role: 'owner', firstName: 'Olivia' });
    const [crew] = await db.select().from(users).where(eq(users.email, 'luis.ortega@lakeshorelotcare.com'));
    const [customer] = await db.select().from(users).where(eq(users.email, customerEmail));
    const lots = await db.select({ id: properties.id, name: properties.name }).from(properties).orderBy(properties.name);
    // Today's route: three stops, whatever day of the week it is.
    const planned = await db
      .select({ id: visits.id })
      .from(visits)
      .where(and(eq(visits.scheduledDate, today), sql`${crew!.id} = any(${visits.crewUserIds})`));
    for (const lot of lots.slice(0, Math.max(0, 3 - planned.length)))
      await createOneOffVisit(db, oneOffVisitSchema.parse({ propertyId: lot.id, date: today, crewUserIds: [crew!.id] }), ownerId, today);
    // A working inbox: 60 quote requests over the last two weeks, a few new, one urgent.
    await db.execute(sql`
      insert into quote_requests (name, email, phone, service, message, consent, consent_text, consented_at, status, submitted_at, urgent)
      select 'Client ' || g, 'client' || g || '@example.com', '(414) 555-' || lpad(g::text, 4, '0'),
        (array[${sql.join(
          SERVICE_OPTIONS.map((s) => sql`${s}`),
          sql`, `,
        )}])[1 + g % ${SERVICE_OPTIONS.length}],
        'Our retail lot in Greendale needs weekly sweeping and litter pickup before the stores open.',
        true, 'I agree to be contacted regarding my quote request', now() - make_interval(hours => g * 5),
        case when g < 8 then 'new' else (array[${sql.join(
          QUOTE_REQUEST_STATUSES.map((s) => sql`${s}`),
          sql`, `,
        )}])[1 + g % ${QUOTE_REQUEST_STATUSES.length}] end,
        now() - make_interval(hours => g * 5), g = 3
      from generate_series(1, 60) as g`);
    const cookie = async (userId: string) => `${SESSION_COOKIE}=${(await createSession(db, userId, { secondFactor: 'passkey' })).id}`;
    const [customerCookie, ownerCookie, crewCookie] = [await cookie(customer!.id), await cookie(ownerId), await cookie(crew!.id)];
    // The property with the most visits done: its page shows the visit history.
    const [withHistory] = await db
      .select({ id: visits.propertyId })
      .from(visits)
      .where(eq(visits.status, 'completed'))
      .groupBy(visits.propertyId)
      .orderBy(sql`count(*) desc`)
      .limit(1);
    // A prospect's estimate of three properties, opened from its link with no account.
    const estimate = await insertSampleEstimate(db);
    return [
      { name: 'landing', path: '/' },
      { name: 'customer-dashboard', path: '/customer-dashboard', cookie: customerCookie },
      { name: 'customer-property', path: `/customer-dashboard/properties/${withHistory!.id}`, cookie: customerCookie },
      { name: 'crew', path: '/crew', cookie: crewCookie },
      { name: 'admin', path: '/admin', cookie: ownerCookie },
      { name: 'admin-submissions', path: '/admin/submissions', cookie: ownerCookie },
      { name: 'admin-schedule', path: '/admin/schedule', cookie: ownerCookie },
      { name: 'estimate', path: `/estimates/${estimate.token}` },
    ];
  } finally {
    await database.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function waitForServer() {
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${origin}/readyz`)).ok) return;
    } catch {
      // starting
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('server did not start');
}

/** One Lighthouse run of a screen; a run Lighthouse itself could not record (a trace error under load) is tried again, up to three times. */
async function measure(screen: Screen, attempt = 1): Promise<Record<string, number>> {
  try {
    return await measureOnce(screen);
  } catch (error) {
    if (attempt >= 3) throw error;
    console.log(`  ${(error as Error).message}; trying again`);
    return measure(screen, attempt + 1);
  }
}

async function measureOnce(screen: Screen): Promise<Record<string, number>> {
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath(), chromeFlags: ['--headless=new', ...chromiumArgs] });
  try {
    const result = await lighthouse(
      `${origin}${screen.path}`,
      { port: chrome.port, output: 'json', logLevel: 'error', ...(screen.cookie ? { extraHeaders: { Cookie: screen.cookie } } : {}) },
      // The site's own categories; SEO is measured for the public page only (the others are noindex).
      { extends: 'lighthouse:default', settings: { onlyCategories: ['performance', 'accessibility', 'best-practices'] } },
    );
    const lhr = result!.lhr;
    if (process.env.LIGHTHOUSE_REPORTS) {
      mkdirSync(process.env.LIGHTHOUSE_REPORTS, { recursive: true });
      writeFileSync(path.join(process.env.LIGHTHOUSE_REPORTS, `${screen.name}-${Date.now()}.json`), JSON.stringify(lhr));
    }
    if (lhr.runtimeError) throw new Error(`${screen.name}: ${lhr.runtimeError.message}`);
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    const lcpElement = (
      lhr.audits['largest-contentful-paint-element']?.details as
        { items?: Array<{ items?: Array<{ node?: { snippet?: string } }> }> } | undefined
    )?.items?.[0]?.items?.[0]?.node?.snippet;
    const figures = {
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best practices': score('best-practices'),
      'FCP ms': Math.round(audit('first-contentful-paint')),
      'LCP ms': Math.round(audit('largest-contentful-paint')),
      'TBT ms': Math.round(audit('total-blocking-time')),
      CLS: Number(audit('cumulative-layout-shift').toFixed(3)),
      'KB transferred': Math.round(audit('total-byte-weight') / 100) / 10,
    };
    // Now and then Chrome reports no LCP for a page (Lantern's NO_LCP): a run without one is no measurement.
    if (!Number.isFinite(figures['LCP ms'])) throw new Error(`${screen.name}: Lighthouse found no LCP`);
    const failing = ['accessibility', 'best-practices'].flatMap((category) =>
      (lhr.categories[category]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => ref.id),
    );
    console.log(
      `  ${screen.name}: ${JSON.stringify(figures)}`,
      lcpElement ? `LCP element: ${lcpElement.slice(0, 80)}` : '',
      failing.length ? `failing: ${failing.join(', ')}` : '',
    );
    return figures;
  } finally {
    chrome.kill();
  }
}

const screens = (await seed()).filter((screen) => only.length === 0 || only.some((word) => screen.name.includes(word)));
const server = spawn(process.execPath, [path.join(root, 'dist/server/main.js')], {
  cwd: root,
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  stdio: 'inherit',
});

try {
  await waitForServer();
  const load = loadavg()[0]!.toFixed(1);
  const table: Record<string, Record<string, number>> = {};
  // Round by round, so a burst of load elsewhere on the machine spreads over the screens.
  const results = new Map<string, Array<Record<string, number>>>(screens.map((screen) => [screen.name, []]));
  for (let run = 1; run <= runs; run++) {
    console.log(`run ${run} of ${runs}`);
    for (const screen of screens) results.get(screen.name)!.push(await measure(screen));
  }
  for (const [name, figures] of results) {
    table[name] = Object.fromEntries(Object.keys(figures[0]!).map((key) => [key, median(figures.map((f) => f[key]!))]));
  }
  console.log(
    `\nLighthouse ${runs} runs per screen, mobile defaults, median (${new Date().toISOString().slice(0, 10)}; ` +
      `load average ${load} at the start, ${loadavg()[0]!.toFixed(1)} at the end):`,
  );
  console.table(table);
} finally {
  server.kill('SIGTERM');
}
