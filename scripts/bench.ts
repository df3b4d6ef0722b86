/**
 * `npm run bench`: loads the production server over loopback and prints req/s, p50,
 * p99 and errors for each endpoint beside a bare node:http ceiling measured in the
 * same run. PGlite always; PostgreSQL too when DATABASE_URL is set (a fresh database
 * is created on that server and dropped).
 *
 * The load generator is wrk (Debian's package: `apt-get install wrk`) when it is on the
 * PATH, with one thread as issue 14 measured; otherwise autocannon, and the run says so.
 * A JavaScript generator saturates first on small fast answers, so autocannon's ratios
 * for GET / are too low (it measures itself as much as the server).
 *
 * How the ceiling comparison works: two bare node:http servers are measured with the same
 * generator, connections and durations as the loads, never at the same time as anything else:
 * - "hello world": 11 bytes, the ceiling for the API loads, measured once before the product starts;
 * - "the landing page's bytes from memory": dist/client/index.html.br with its Content-Type,
 *   Content-Encoding and Content-Length, which is what GET / sends a browser (issue 14's
 *   ceiling; the target is GET / at 0.5 of it or more). It is measured again right before
 *   each GET / run (the product idles meanwhile, as the ceiling does during GET /), so on a
 *   machine shared with other work the pair sees the same load.
 * Each load's "× ceiling" is its req/s over its ceiling's req/s at the same connections.
 *
 *   npm run bench                       10 s per run after a 3 s warm-up
 *   BENCH_SECONDS=3 npm run bench       shorter runs, for a quick look
 *   BENCH_ROWS=100000 npm run bench     fewer stored quote requests than 1,000,000
 *   BENCH_ONLY=photos npm run bench     only the loads whose name contains this text
 *   BENCH_DATABASE=PostgreSQL           only the database whose name is this (PGlite or PostgreSQL)
 *   BENCH_CPU_PROF=/tmp/prof            write the server's CPU profiles there (open in Chrome DevTools)
 */
import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { createSession } from '../src/server/modules/accounts/sessions';
import { openDatabase, type DatabaseOptions } from '../src/server/db/database';
import { customers, properties, users } from '../src/server/db/schema';
import { addPhoto } from '../src/server/modules/photos/add-photo';
import { diskStorage } from '../src/server/modules/photos/photo-store';
import { serviceAreas } from '../src/client/content/service-areas';
import { QUOTE_REQUEST_STATUSES, SERVICE_OPTIONS } from '../src/shared/constants';
import { URGENT_SERVICE } from '../src/shared/urgency';
import { freePort } from './lib/free-port';
import { createEmptyPostgresDatabase } from './lib/postgres-database';

const root = path.resolve(import.meta.dirname, '..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = Math.min(3, SECONDS);
const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const CONNECTIONS = [10, 100];
/** The newest this many stored requests are still "new"; older ones have been handled. */
const NEW_ROWS = 5000;
const ONLY = process.env.BENCH_ONLY ?? '';
const DATABASE = process.env.BENCH_DATABASE ?? '';
const CPU_PROF = process.env.BENCH_CPU_PROF;

const quote = JSON.stringify({
  name: 'Jane Kowalski',
  email: 'jane@southridgeplaza.com',
  phone: '(414) 555-0199',
  service: 'Parking Lot Cleaning',
  message: 'Our 200-stall lot in Greenfield needs sweeping twice a week before the stores open.',
  consent: true,
});

// ---------------------------------------------------------------------------------------------
// Processes

interface Running {
  child: ChildProcess;
  url: string;
  /** Milliseconds from spawn to the first 200 from /readyz (or / for the ceiling). */
  readyMs: number;
  stop(): Promise<void>;
}

async function spawnAndWait(command: string[], env: Record<string, string>, port: number, readyPath: string): Promise<Running> {
  const started = performance.now();
  const child = spawn(process.execPath, command, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${command.join(' ')} exited with ${child.exitCode}`);
    try {
      if ((await fetch(url + readyPath)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return {
    child,
    url,
    readyMs: performance.now() - started,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

interface Ceiling {
  name: string;
  /** The server's code, given its port. */
  code(port: number): string;
}

const CEILINGS = {
  hello: {
    name: 'node:http hello world (ceiling)',
    code: (port: number) => `require('node:http').createServer((q, s) => s.end('hello world')).listen(${port}, '127.0.0.1')`,
  },
  // What GET / sends a browser, without anything the product decides: the bytes, already in memory.
  landing: {
    name: "node:http, the landing page's brotli bytes from memory (ceiling for GET /)",
    code: (port: number) =>
      `const body = require('node:fs').readFileSync(${JSON.stringify(path.join(root, 'dist/client/index.html.br'))});
      const headers = { 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'br', 'content-length': body.length };
      require('node:http').createServer((q, s) => { s.writeHead(200, headers); s.end(body); }).listen(${port}, '127.0.0.1')`,
  },
} satisfies Record<string, Ceiling>;

const startCeiling = async (ceiling: Ceiling) => {
  const port = await freePort();
  return spawnAndWait(['-e', ceiling.code(port)], {}, port, '/');
};

async function startServer(env: Record<string, string>) {
  const port = await freePort();
  return spawnAndWait(
    [...(CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF}`] : []), path.join(root, 'dist/server/main.js')],
    // The per-IP limit is raised: the bench is one client sending valid requests as fast as it can.
    { ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', CONTACT_RATE_LIMIT_MAX: '1000000000' },
    port,
    '/readyz',
  );
}

/** Resident memory of a process in MB, from /proc. */
function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

// ---------------------------------------------------------------------------------------------
// Data

interface Fixture {
  customerCookie: string;
  staffCookie: string;
  propertyId: string;
}

/** A customer with 4 properties (6 photos on the first), a staff user, sessions for both, and ROWS quote requests. */
async function seed(options: DatabaseOptions, dataDir: string): Promise<Fixture & { seedSeconds: number }> {
  const started = performance.now();
  const database = await openDatabase(options);
  try {
    const { db } = database;
    const [customer] = await db
      .insert(customers)
      .values({ name: 'Southridge Commons Management', email: 'office@southridgecommons.example', phone: '(414) 555-0100' })
      .returning();
    const [manager] = await db
      .insert(users)
      .values({ email: 'pat@southridgecommons.example', firstName: 'Pat', lastName: 'Manager', role: 'customer', customerId: customer!.id })
      .returning();
    const [staff] = await db
      .insert(users)
      .values({ email: 'crew@lakeshorelotcare.com', firstName: 'Sam', lastName: 'Crew', role: 'owner' })
      .returning();
    const propertyIds: string[] = [];
    for (const [name, city] of [
      ['Southridge Commons', 'Greendale'],
      ['Bluemound Plaza', 'Brookfield'],
      ['Layton Crossing', 'Cudahy'],
      ['Moorland Square', 'New Berlin'],
    ] as const) {
      const [property] = await db
        .insert(properties)
        .values({
          customerId: customer!.id,
          name,
          address: '100 Main St',
          city,
          state: 'WI',
          zipCode: '53129',
          propertyType: 'Retail Center',
        })
        .returning();
      propertyIds.push(property!.id);
    }
    const storage = diskStorage(path.join(dataDir, 'photos'));
    for (let i = 0; i < 6; i++) {
      const data = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: `hsl(${i * 50}, 60%, 50%)` } })
        .jpeg()
        .toBuffer();
      await addPhoto(db, storage, {
        propertyId: propertyIds[0]!,
        data,
        caption: `North lot, visit ${i + 1}`,
        photoType: i % 2 ? 'after' : 'before',
      });
    }

    // The quote requests, generated inside the database in chunks, with messages as people write
    // them: a kind of property in one of the 20 towns served (so a town's name is in 1 request in 20),
    // and what it needs. "Emergency Cleanup" requests are urgent, as the form marks them. As in a
    // real inbox, only recent requests are still new (the last NEW_ROWS, about 42 hours, so some are
    // overdue); older ones are spread over the other statuses, one in six spam.
    const list = (values: readonly string[]) => sql.raw(`array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`);
    const services = list(SERVICE_OPTIONS);
    const statuses = list(QUOTE_REQUEST_STATUSES);
    const towns = serviceAreas.flatMap((area) => area.locations);
    const propertyKinds = ['retail lot', 'office park', 'apartment complex', 'warehouse yard', 'clinic parking lot', 'strip mall'];
    const needs = [
      'needs weekly sweeping and litter pickup before the stores open',
      'needs a one-time spring cleanup of the lot and the planting beds',
      'needs the dumpster enclosures cleaned up twice a month',
      'needs the entrances and smoking areas tidied every morning',
      'needs monthly sweeping of the drive aisles and cart corrals',
    ];
    const chunk = 100_000;
    for (let from = 1; from <= ROWS; from += chunk) {
      const to = Math.min(ROWS, from + chunk - 1);
      await db.execute(sql`
        insert into quote_requests (name, email, phone, service, message, consent, consent_text, consented_at, status, is_spam, submitted_at, urgent)
        select 'Client ' || g, 'client' || g || '@example.com', '(414) 555-' || lpad((g % 10000)::text, 4, '0'),
          (${services})[1 + g % ${SERVICE_OPTIONS.length}],
          'Our ' || (${list(propertyKinds)})[1 + (g / ${towns.length}) % ${propertyKinds.length}] || ' in ' || (${list(towns)})[1 + g % ${towns.length}]
            || ' ' || (${list(needs)})[1 + (g / 7) % ${needs.length}] || '.',
          true, 'I agree to be contacted regarding my quote request', now() - make_interval(secs => g * 30),
          case when (${statuses})[1 + g % ${QUOTE_REQUEST_STATUSES.length}] = 'new' and g > ${NEW_ROWS} then 'contacted'
            else (${statuses})[1 + g % ${QUOTE_REQUEST_STATUSES.length}] end,
          (${statuses})[1 + g % ${QUOTE_REQUEST_STATUSES.length}] = 'spam',
          now() - make_interval(secs => g * 30),
          (${services})[1 + g % ${SERVICE_OPTIONS.length}] = ${URGENT_SERVICE}
        from generate_series(${from}::int, ${to}::int) as g`);
      process.stdout.write(`\r  stored ${to.toLocaleString('en-US')} quote requests`);
    }
    process.stdout.write('\n');
    await db.execute(sql`select compact_quote_request_counts()`);
    // As autovacuum would leave a table this size (visibility map set, the trigram index's pending list merged),
    // so it does not start in the middle of a measurement.
    await db.execute(sql`vacuum analyze`);
    const customerSession = await createSession(db, manager!.id);
    // Confirmed with a passkey, as an owner's or office member's session must be before the console answers it.
    const staffSession = await createSession(db, staff!.id, { secondFactor: 'passkey' });
    return {
      customerCookie: `session=${customerSession.id}`,
      staffCookie: `session=${staffSession.id}`,
      propertyId: propertyIds[0]!,
      seedSeconds: (performance.now() - started) / 1000,
    };
  } finally {
    await database.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Load

interface Load {
  name: string;
  path: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** The ceiling its ratio is taken against (hello world unless said). */
  ceiling?: keyof typeof CEILINGS;
}

interface Row {
  database: string;
  name: string;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  ratio?: number;
}

interface Measured {
  rps: number;
  p50: number;
  p99: number;
  /** Connection errors, timeouts and any answer other than 2xx (wrk: other than 2xx or 3xx). */
  errors: number;
}

/** As a browser sends it, so the page comes from its precompressed twin (issue 14 measured with this header). */
const ACCEPT_ENCODING = 'gzip, deflate, br';

const WRK = spawnSync('which', ['wrk']).status === 0;
const GENERATOR = WRK ? 'wrk (1 thread)' : 'autocannon (wrk is not installed: `apt-get install wrk` for the figures issue 14 asks for)';

async function measureWithAutocannon(url: string, load: Load, connections: number, seconds: number): Promise<Measured> {
  const result = await autocannon({
    url: url + load.path,
    connections,
    duration: seconds,
    method: load.method ?? 'GET',
    headers: { 'accept-encoding': ACCEPT_ENCODING, ...load.headers },
    body: load.body,
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

const luaString = (text: string) => `[==[${text}]==]`;
const scriptDir = mkdtempSync(path.join(tmpdir(), 'bench-wrk-'));
process.on('exit', () => rmSync(scriptDir, { recursive: true, force: true }));

/** wrk's "1.23ms", "245.00us", "1.02s" in milliseconds. */
function wrkMs(text: string | undefined): number {
  const match = /([\d.]+)(us|ms|s)/.exec(text ?? '');
  if (!match) return NaN;
  return Number(match[1]) * { us: 0.001, ms: 1, s: 1000 }[match[2] as 'us' | 'ms' | 's'];
}

async function measureWithWrk(url: string, load: Load, connections: number, seconds: number): Promise<Measured> {
  // The method, headers and body go in a Lua script, as wrk takes them.
  const script = path.join(scriptDir, 'load.lua');
  const headers = { 'accept-encoding': ACCEPT_ENCODING, ...load.headers };
  writeFileSync(
    script,
    [
      `wrk.method = ${luaString(load.method ?? 'GET')}`,
      // A space after `[`: `wrk.headers[[==[…` would open a Lua long string, an error that wrk only prints.
      ...Object.entries(headers).map(([name, value]) => `wrk.headers[ ${luaString(name)} ] = ${luaString(value)}`),
      ...(load.body ? [`wrk.body = ${luaString(load.body)}`] : []),
    ].join('\n'),
  );
  const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '--latency', '-s', script, url + load.path];
  const output = await new Promise<string>((resolve, reject) =>
    execFile('wrk', args, (error, stdout, stderr) => {
      if (error) return reject(error);
      // wrk goes on without a script it cannot run (no headers, no body): such a run measures another load.
      if (stderr.trim()) return reject(new Error(`wrk: ${stderr.trim()}`));
      resolve(stdout);
    }),
  );
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  return {
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1] ?? NaN),
    p50: wrkMs(/^\s+50%\s+(\S+)/m.exec(output)?.[1]),
    p99: wrkMs(/^\s+99%\s+(\S+)/m.exec(output)?.[1]),
    errors:
      Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0) +
      (socketErrors ? socketErrors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0),
  };
}

const measure = WRK ? measureWithWrk : measureWithAutocannon;

/**
 * Waits until the server has worked off what a load left queued (a slow load's last requests, which
 * autocannon stops waiting for): its readiness check queues behind them for the database.
 */
async function settle(url: string, readyPath: string) {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(url + readyPath, { signal: AbortSignal.timeout(60_000) })).ok) return;
    } catch {
      // still busy
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

async function run(url: string, load: Load, connections: number, readyPath = '/readyz') {
  await measure(url, load, connections, WARMUP_SECONDS);
  await settle(url, readyPath);
  const result = await measure(url, load, connections, SECONDS);
  await settle(url, readyPath);
  return result;
}

// ---------------------------------------------------------------------------------------------
// The run

function ensureBuild() {
  const server = path.join(root, 'dist/server/main.js');
  if (existsSync(server) && existsSync(path.join(root, 'dist/client/index.html'))) {
    // The bench measures the build as it is: say how old it is, since a change made after it is not in the figures.
    console.log(`Measuring the build in dist/ of ${statSync(server).mtime.toISOString()} (run \`npm run build\` first after a change).`);
    return;
  }
  console.log('Building the production server first...');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(1);
}

interface Target {
  name: string;
  /** A fresh, empty database for the server, and how to drop it. */
  create(): Promise<{ env: Record<string, string>; options: DatabaseOptions; dataDir: string; drop(): Promise<void> }>;
}

const targets: Target[] = [
  {
    name: 'PGlite',
    async create() {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-'));
      return {
        env: { DATA_DIR: dataDir },
        options: { dataDir },
        dataDir,
        drop: async () => rmSync(dataDir, { recursive: true, force: true }),
      };
    },
  },
];
if (process.env.DATABASE_URL) {
  const adminUrl = process.env.DATABASE_URL;
  targets.push({
    name: 'PostgreSQL',
    // Empty, not migrated: the first start here must run the migrations itself.
    async create() {
      const empty = await createEmptyPostgresDatabase(adminUrl, 'bench');
      const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-'));
      return {
        env: { DATABASE_URL: empty.url, DATA_DIR: dataDir },
        options: { databaseUrl: empty.url },
        dataDir,
        async drop() {
          await empty.drop();
          rmSync(dataDir, { recursive: true, force: true });
        },
      };
    },
  });
}

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

async function main() {
  // Without DATABASE_URL in the server's env the bench's own PGlite target would be overridden.
  const serverEnvBase = { DATABASE_URL: '' };
  ensureBuild();
  console.log(
    `Bench: ${SECONDS} s per run after a ${WARMUP_SECONDS} s warm-up, ${CONNECTIONS.join(' and ')} connections, ${fmt(ROWS)} stored quote requests.`,
  );
  console.log(`Load generator: ${GENERATOR}.`);
  const rows: Row[] = [];
  const notes: string[] = [`Load generator: ${GENERATOR}, Accept-Encoding: ${ACCEPT_ENCODING}.`];

  // Hello world is measured once, up front. The landing page's ceiling keeps running (idle) and is
  // measured again right before each GET / run, so the pair shares the machine's load of the moment.
  const helloRps = new Map<number, number>();
  const hello = await startCeiling(CEILINGS.hello);
  for (const connections of CONNECTIONS) {
    const result = await run(hello.url, { name: CEILINGS.hello.name, path: '/' }, connections, '/');
    helloRps.set(connections, result.rps);
    rows.push({ database: '-', name: CEILINGS.hello.name, connections, ...result, ratio: 1 });
    console.log(`  ${CEILINGS.hello.name} at ${connections}: ${fmt(result.rps)} req/s`);
  }
  await hello.stop();
  const landingCeiling = await startCeiling(CEILINGS.landing);
  const ceilingFor = async (load: Load, connections: number, database: string) => {
    if (load.ceiling !== 'landing') return helloRps.get(connections)!;
    const result = await run(landingCeiling.url, { name: CEILINGS.landing.name, path: '/' }, connections, '/');
    rows.push({ database, name: CEILINGS.landing.name, connections, ...result, ratio: 1 });
    console.log(`  ${CEILINGS.landing.name} at ${connections}: ${fmt(result.rps)} req/s`);
    return result.rps;
  };

  for (const target of targets.filter((t) => !DATABASE || t.name === DATABASE)) {
    console.log(`\n${target.name}`);
    const fresh = await target.create();
    try {
      const env = { ...serverEnvBase, ...fresh.env };
      // Start-to-ready on an empty database: the migrations run.
      const first = await startServer(env);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const idleEmptyMb = rssMb(first.child.pid!);
      await first.stop();

      const fixture = await seed(fresh.options, fresh.dataDir);
      console.log(`  seeded in ${fmt(fixture.seedSeconds, 1)} s`);

      // Start-to-ready on the existing database, now holding the quote requests.
      const server = await startServer(env);
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const idleMb = rssMb(server.child.pid!);
      let peakMb = idleMb;
      const sampler = setInterval(() => (peakMb = Math.max(peakMb, rssMb(server.child.pid!))), 250);

      const staffList = await fetch(`${server.url}/api/contact`, { headers: { cookie: fixture.staffCookie } });
      // A load whose requests are refused would measure the refusal: its sessions must be let in first.
      if (!staffList.ok) throw new Error(`The bench's staff session is refused (${staffList.status}); the staff loads would measure that.`);
      const customerList = await fetch(`${server.url}/api/customer/properties`, { headers: { cookie: fixture.customerCookie } });
      if (!customerList.ok) throw new Error(`The bench's customer session is refused (${customerList.status}).`);
      await customerList.arrayBuffer();
      const staffListBytes = (await staffList.arrayBuffer()).byteLength;
      const total = staffList.headers.get('x-total-count');
      const townSearch = await fetch(`${server.url}/api/contact?q=brookfield`, { headers: { cookie: fixture.staffCookie } });
      const townMatches = `${Number(townSearch.headers.get('x-total-count')).toLocaleString('en-US')}${townSearch.headers.get('x-total-count-capped') ? '+' : ''}`;
      await townSearch.arrayBuffer();

      const loads: Load[] = [
        { name: 'GET / (prerendered page)', path: '/', ceiling: 'landing' },
        // The searches run before the quote-request load, whose thousands of identical new requests would
        // otherwise be the newest rows that a search walks first (the real inbox gets a few a day).
        {
          name: 'GET /api/contact?q=brookfield, a town in 1 request in 20 (staff)',
          path: '/api/contact?q=brookfield',
          headers: { cookie: fixture.staffCookie },
        },
        {
          name: 'GET /api/contact?q=… one e-mail address, 1 match (staff)',
          path: `/api/contact?q=${encodeURIComponent(`client${Math.ceil(ROWS / 3)}@example`)}`,
          headers: { cookie: fixture.staffCookie },
        },
        { name: 'POST /api/contact', path: '/api/contact', method: 'POST', headers: { 'content-type': 'application/json' }, body: quote },
        { name: 'GET /api/customer/properties (customer)', path: '/api/customer/properties', headers: { cookie: fixture.customerCookie } },
        {
          name: 'GET /api/properties/:id/photos (customer)',
          path: `/api/properties/${fixture.propertyId}/photos`,
          headers: { cookie: fixture.customerCookie },
        },
        { name: `GET /api/contact, first page (staff)`, path: '/api/contact', headers: { cookie: fixture.staffCookie } },
      ];
      for (const load of loads.filter((l) => l.name.includes(ONLY))) {
        for (const connections of CONNECTIONS) {
          const ceilingRps = await ceilingFor(load, connections, target.name);
          const result = await run(server.url, load, connections);
          const ratio = result.rps / ceilingRps;
          rows.push({ database: target.name, name: load.name, connections, ...result, ratio });
          console.log(
            `  ${load.name} at ${connections}: ${fmt(result.rps)} req/s, p99 ${fmt(result.p99, 2)} ms, ${fmt(ratio, 2)} × its ceiling`,
          );
        }
      }
      clearInterval(sampler);
      const afterLoad = await fetch(`${server.url}/api/contact`, { headers: { cookie: fixture.staffCookie } });
      const afterBytes = (await afterLoad.arrayBuffer()).byteLength;
      await server.stop();

      notes.push(
        `${target.name}: start to ready ${fmt(first.readyMs)} ms on an empty database (migrations run), ${fmt(server.readyMs)} ms with ${fmt(ROWS)} quote requests stored; ` +
          `resident memory ${fmt(idleEmptyMb)} MB idle and empty, ${fmt(idleMb)} MB idle with the data, ${fmt(peakMb)} MB at most under load; ` +
          `the staff list's first page is ${fmt(staffListBytes)} bytes at ${fmt(Number(total))} requests and ${fmt(afterBytes)} bytes at ${fmt(Number(afterLoad.headers.get('x-total-count')))}; ` +
          `the search "brookfield" answers ${townMatches} matches (a search counts to 200, then says "more").`,
      );
    } finally {
      await fresh.drop();
    }
  }

  await landingCeiling.stop();

  console.log(`\n| Database | Load | Conns | req/s | p50 ms | p99 ms | Errors | × ceiling |`);
  console.log(`| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |`);
  for (const row of rows) {
    console.log(
      `| ${row.database} | ${row.name} | ${row.connections} | ${fmt(row.rps)} | ${fmt(row.p50, 2)} | ${fmt(row.p99, 2)} | ${fmt(row.errors)} | ${fmt(row.ratio ?? 0, 2)} |`,
    );
  }
  console.log('');
  for (const note of notes) console.log(`- ${note}`);
}

await main();
