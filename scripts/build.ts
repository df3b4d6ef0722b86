/**
 * The production build: client bundles, the prerendered landing page, robots.txt
 * and sitemap.xml, brotli and gzip twins of every text asset, and the server bundle.
 * Run: npm run build
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build as viteBuild } from 'vite';
import type * as Prerender from '../src/client/prerender';
import { releaseOfManifest } from '../src/server/release';
import { RELEASE_META } from '../src/shared/release';
import { clientManifestFile } from '../src/server/first-screen-page';
import { ENTRIES, shellFile } from '../src/shared/routes';
import { bundleServer } from './lib/server-bundle';

type PrerenderModule = typeof Prerender;

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist');
const clientDir = path.join(dist, 'client');
const appUrl = (process.env.APP_URL || `http://localhost:${process.env.PORT || 3000}`).replace(/\/$/, '');

const COMPRESSIBLE = /\.(html|js|mjs|css|svg|txt|xml|json|webmanifest)$/;

function compressTree(dir: string) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) compressTree(file);
    else if (COMPRESSIBLE.test(entry.name) && statSync(file).size > 512) {
      const data = readFileSync(file);
      writeFileSync(
        `${file}.br`,
        brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
      );
      writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
    }
  }
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
}

/**
 * The crew page's service worker keeps the files the page needs without signal. Its HTML names
 * only the entry and the stylesheet; the shared chunks the entry imports are read from Vite's
 * manifest (the whole import graph, lazy parts too) and written into the worker.
 */
function writeCrewWorkerAssets() {
  const manifest = JSON.parse(readFileSync(clientManifestFile(clientDir), 'utf8')) as Record<string, ManifestChunk>;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(`/${chunk.file}`)) return;
    files.add(`/${chunk.file}`);
    for (const css of chunk.css ?? []) files.add(`/${css}`);
    for (const next of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(next);
  };
  visit(shellFile('crew'));
  const worker = path.join(clientDir, 'crew-sw.js');
  const list = JSON.stringify([...files].sort());
  const markers = {
    '/* release assets */ [];': `${list};`,
    "/* release name */ 'dev';": `'${createHash('sha256').update(list).digest('hex').slice(0, 12)}';`,
  };
  let source = readFileSync(worker, 'utf8');
  for (const [marker, value] of Object.entries(markers)) {
    if (!source.includes(marker) || files.size === 0) throw new Error(`crew-sw.js: no place for ${marker}, or no files`);
    source = source.replace(marker, value);
  }
  writeFileSync(worker, source);
}

async function main() {
  const started = Date.now();
  rmSync(dist, { recursive: true, force: true });

  await viteBuild({ root, logLevel: 'warn' });
  // Vite writes its manifest into the client folder, which is served as it is: the server reads it from beside it.
  renameSync(path.join(clientDir, '.vite', 'manifest.json'), clientManifestFile(clientDir));
  rmSync(path.join(clientDir, '.vite'), { recursive: true });
  await viteBuild({
    root,
    logLevel: 'warn',
    build: {
      ssr: 'src/client/prerender.tsx',
      outDir: path.join(dist, 'prerender'),
      emptyOutDir: true,
      manifest: false,
      rollupOptions: { input: 'src/client/prerender.tsx' },
    },
  });

  // The server's render of the signed-in first screens (decision 010), with its libraries in the
  // bundle, so the server needs nothing of the client's at run time but this folder.
  await viteBuild({
    root,
    logLevel: 'warn',
    ssr: { noExternal: true },
    // React's production build, whatever NODE_ENV the server runs with.
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    publicDir: false,
    build: {
      ssr: 'src/client/app/first-screen.server.tsx',
      outDir: path.join(dist, 'render'),
      emptyOutDir: true,
      manifest: false,
    },
  });

  const prerender = (await import(pathToFileURL(path.join(dist, 'prerender', 'prerender.js')).href)) as PrerenderModule;
  const indexFile = path.join(clientDir, 'index.html');
  const landingTemplate = readFileSync(indexFile, 'utf8');
  writeFileSync(indexFile, prerender.renderLandingHtml(landingTemplate, appUrl));
  writeFileSync(path.join(clientDir, 'privacy.html'), prerender.renderPrivacyHtml(landingTemplate, appUrl));
  // Each entry's shell names its release, which the server works out again from the same manifest (issue 22).
  const release = releaseOfManifest(readFileSync(clientManifestFile(clientDir), 'utf8'));
  for (const entry of ENTRIES) {
    const shell = path.join(clientDir, shellFile(entry));
    const html = prerender.renderAppShellHtml(readFileSync(shell, 'utf8'));
    if (!html.includes('</head>')) throw new Error(`${shellFile(entry)}: no </head> for the release`);
    writeFileSync(
      shell,
      html.replace('</head>', () => `<meta name="${RELEASE_META}" content="${release}"></head>`),
    );
  }
  writeFileSync(path.join(clientDir, 'robots.txt'), prerender.robotsTxt(appUrl));
  writeFileSync(path.join(clientDir, 'og-image.svg'), prerender.ogImageSvg());
  writeFileSync(
    path.join(clientDir, 'sitemap.xml'),
    prerender.sitemapXml(appUrl, new Date().toISOString().slice(0, 10), prerender.privacyPolicyUpdated),
  );
  rmSync(path.join(dist, 'prerender'), { recursive: true, force: true });
  writeCrewWorkerAssets();
  compressTree(clientDir);

  await bundleServer(path.join(dist, 'server'));

  mkdirSync(dist, { recursive: true });
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  } catch {
    // Not a git checkout; the build still works.
  }
  writeFileSync(
    path.join(dist, 'build-info.json'),
    JSON.stringify({ appUrl, commit, release, builtAt: new Date().toISOString() }, null, 2),
  );
  console.log(`Built for ${appUrl} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
