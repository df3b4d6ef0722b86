/**
 * `npm start`: builds whatever is missing, then serves the production build.
 * A build made for another APP_URL is rebuilt, since the landing page's canonical
 * link, sitemap and robots.txt carry it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ENTRIES, shellFile } from '../src/shared/routes';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist');
const appUrl = (process.env.APP_URL || `http://localhost:${process.env.PORT || 3000}`).replace(/\/$/, '');

function buildReason(): string | null {
  for (const file of [
    'client/index.html',
    ...ENTRIES.map((entry) => `client/${shellFile(entry)}`),
    'server/main.js',
    'server/report-worker.js',
    'server/invoice-pdf-worker.js',
    'build-info.json',
  ]) {
    if (!existsSync(path.join(dist, file))) return `dist/${file} is missing`;
  }
  const info = JSON.parse(readFileSync(path.join(dist, 'build-info.json'), 'utf8')) as { appUrl?: string };
  if (info.appUrl !== appUrl) return `the build was made for ${info.appUrl}, not ${appUrl}`;
  return null;
}

const reason = buildReason();
if (reason) {
  console.log(`Building the site first (${reason})...`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/build.ts')], { stdio: 'inherit', cwd: root });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import(pathToFileURL(path.join(dist, 'server', 'main.js')).href);
