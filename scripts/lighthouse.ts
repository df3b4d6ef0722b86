/**
 * `npm run lighthouse`: builds if needed, starts the production server on a fresh
 * embedded database, runs Lighthouse (default mobile settings) three times against
 * the landing page in the system Chromium, and prints the median figures.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumArgs, chromiumPath } from '../e2e/chromium-path';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.LIGHTHOUSE_PORT ?? 4310);
const url = `http://127.0.0.1:${port}/`;
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

if (!existsSync(path.join(root, 'dist/server/main.js'))) {
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(1);
}

const server = spawn(process.execPath, [path.join(root, 'dist/server/main.js')], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'lighthouse-')),
    LOG_LEVEL: 'warn',
  },
  stdio: 'inherit',
});
const stopServer = () => server.kill('SIGTERM');

async function waitForServer() {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${url}readyz`)).ok) return;
    } catch {
      // starting
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('server did not start');
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

try {
  await waitForServer();
  const results: Array<Record<string, number>> = [];
  for (let run = 1; run <= runs; run++) {
    const chrome = await chromeLauncher.launch({
      chromePath: chromiumPath(),
      chromeFlags: ['--headless=new', ...chromiumArgs],
    });
    try {
      const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' });
      const lhr = result!.lhr;
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
      results.push({
        performance: score('performance'),
        accessibility: score('accessibility'),
        'best-practices': score('best-practices'),
        seo: score('seo'),
        'FCP (ms)': Math.round(audit('first-contentful-paint')),
        'LCP (ms)': Math.round(audit('largest-contentful-paint')),
        'TBT (ms)': Math.round(audit('total-blocking-time')),
        CLS: Number(audit('cumulative-layout-shift').toFixed(3)),
        'bytes transferred': audit('total-byte-weight'),
      });
      const lcpElement = (
        lhr.audits['largest-contentful-paint-element']?.details as
          { items?: Array<{ items?: Array<{ node?: { snippet?: string } }> }> } | undefined
      )?.items?.[0]?.items?.[0]?.node?.snippet;
      console.log(`run ${run}:`, JSON.stringify(results.at(-1)), lcpElement ? `LCP element: ${lcpElement.slice(0, 80)}` : '');
    } finally {
      await chrome.kill();
    }
  }
  const keys = Object.keys(results[0]!);
  console.log(`\nLighthouse ${runs} runs, mobile defaults, median (${new Date().toISOString().slice(0, 10)}):`);
  console.table(Object.fromEntries(keys.map((key) => [key, median(results.map((r) => r[key]!))])));
} finally {
  stopServer();
}
