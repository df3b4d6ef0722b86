/**
 * Checks the production build in dist/ (npm test builds first): the landing page's
 * first-load budgets, that its HTML carries every section's text, and its SEO files.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { faqItems } from '../src/client/content/faq';
import { serviceAreas } from '../src/client/content/service-areas';
import { readRelease } from '../src/server/release';
import { ENTRY_FAILED_SCRIPT } from '../src/shared/entry-failed-script';
import { ENTRIES, shellFile } from '../src/shared/routes';
import { clientManifestFile } from '../src/server/first-screen-page';

const clientDir = path.resolve(import.meta.dirname, '../dist/client');
const KB = 1024;
const JS_BUDGET = 90 * KB;
const CSS_BUDGET = 20 * KB;

interface ManifestEntry {
  file: string;
  imports?: string[];
  css?: string[];
  dynamicImports?: string[];
}
let manifest: Record<string, ManifestEntry>;
let html: string;

beforeAll(() => {
  if (!existsSync(clientManifestFile(clientDir))) throw new Error('No production build in dist/: run `npm run build` first.');
  manifest = JSON.parse(readFileSync(clientManifestFile(clientDir), 'utf8')) as Record<string, ManifestEntry>;
  html = readFileSync(path.join(clientDir, 'index.html'), 'utf8');
});

/**
 * What the browser fetches on every visit: the entry, the islands module it always
 * imports right after the first paint, and every chunk those import statically.
 * Only the parts loaded on demand (the quote form, the tooltips) are left out.
 */
const ALWAYS_LOADED = ['index.html', 'src/client/entries/landing-islands.tsx'];
function firstLoad() {
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    if (js.has(chunk.file)) return;
    js.add(chunk.file);
    chunk.css?.forEach((file) => css.add(file));
    chunk.imports?.forEach(visit);
  };
  ALWAYS_LOADED.forEach(visit);
  return { js: [...js], css: [...css] };
}

const gzipSize = (file: string) => gzipSync(readFileSync(path.join(clientDir, file)), { level: 9 }).length;
const total = (files: string[]) => files.reduce((sum, file) => sum + gzipSize(file), 0);

describe('landing page budgets', () => {
  it(`needs at most 90 KB of JavaScript (gzip) on first load`, () => {
    const { js } = firstLoad();
    const size = total(js);
    console.log(`first-load JS: ${(size / KB).toFixed(1)} KB gzip in ${js.length} files`);
    expect(size).toBeLessThanOrEqual(JS_BUDGET);
    // The HTML references only the small entry; it always loads the islands module.
    const referenced = [...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
    expect(referenced).toEqual([manifest['index.html']!.file]);
    expect(manifest['index.html']!.dynamicImports).toEqual(['src/client/entries/landing-islands.tsx']);
  });

  it('needs at most 20 KB of CSS (gzip)', () => {
    const { css } = firstLoad();
    const size = total(css);
    console.log(`first-load CSS: ${(size / KB).toFixed(1)} KB gzip`);
    expect(size).toBeLessThanOrEqual(CSS_BUDGET);
  });

  it('styles every class of the prerendered pages from the landing stylesheet alone', () => {
    // The landing stylesheet is built from the landing page's own files (src/client/landing.css); the
    // app entries' one from every file. A class with a rule in the app stylesheet and none in the
    // landing one would be a class the landing page uses and forgot to name as a source.
    const stylesheet = (prefix: string) => {
      const file = readdirSync(path.join(clientDir, 'assets')).find((name) => name.startsWith(prefix) && name.endsWith('.css'));
      if (!file) throw new Error(`no ${prefix}*.css in the build`);
      return readFileSync(path.join(clientDir, 'assets', file), 'utf8');
    };
    const { css } = firstLoad();
    const landing = css.map((file) => readFileSync(path.join(clientDir, file), 'utf8')).join('\n');
    const app = stylesheet('styles-');
    const selector = (name: string) => `.${name.replace(/[:/[\].%#(),!@&>+~=*']/g, (c) => `\\${c}`)}`;
    const missing: string[] = [];
    let classes = 0;
    for (const page of ['index.html', 'privacy.html']) {
      const names = new Set(
        [...readFileSync(path.join(clientDir, page), 'utf8').matchAll(/class="([^"]+)"/g)].flatMap((m) => m[1]!.split(/\s+/)),
      );
      classes += names.size;
      for (const name of names)
        if (name && app.includes(selector(name)) && !landing.includes(selector(name))) missing.push(`${page}: ${name}`);
    }
    expect(classes).toBeGreaterThan(300);
    expect(missing).toEqual([]);
    expect(landing.length).toBeLessThan(app.length);
  });

  it('loads the quote form and tooltips later, not in the first load', () => {
    const { js } = firstLoad();
    const lazy = manifest['src/client/entries/landing-islands.tsx']!.dynamicImports!.map((key) => manifest[key]!.file);
    expect(lazy.some((file) => file.includes('contact-island'))).toBe(true);
    expect(lazy.some((file) => file.includes('hero-promises'))).toBe(true);
    for (const file of lazy) expect(js).not.toContain(file);
  });

  it('requests no web fonts', () => {
    const { css } = firstLoad();
    for (const file of css) expect(readFileSync(path.join(clientDir, file), 'utf8')).not.toMatch(/@font-face|@import\s+url/);
    expect(html).not.toMatch(/\.woff2?|fonts\.googleapis/);
  });

  it('ships brotli and gzip twins of every script and stylesheet worth compressing', () => {
    const { js, css } = firstLoad();
    // The build skips files of 512 bytes or less, where compression saves nothing.
    const worthIt = [...js, ...css, 'index.html'].filter((file) => statSync(path.join(clientDir, file)).size > 512);
    expect(worthIt.length).toBeGreaterThanOrEqual(4);
    for (const file of worthIt) {
      expect(existsSync(path.join(clientDir, `${file}.br`)), file).toBe(true);
      expect(existsSync(path.join(clientDir, `${file}.gz`)), file).toBe(true);
    }
  });
});

describe('prerendered landing page', () => {
  it('has every section and its text in the HTML itself', () => {
    for (const id of ['home', 'services', 'how-it-works', 'gallery', 'about', 'testimonials', 'service-areas', 'faq', 'contact']) {
      expect(html).toContain(`id="${id}"`);
    }
    for (const text of [
      'Parking Lot Cleaning',
      'Quality Assurance',
      'Apartment Community Grounds',
      'Get In Touch',
      'Available 24/7',
      'Oconomowoc',
    ]) {
      expect(html).toContain(text);
    }
    for (const item of faqItems) expect(html).toContain(item.question.replace(/'/g, '&#x27;'));
  });

  it('has a title, description, canonical link and Open Graph tags', () => {
    expect(html).toMatch(/<title>[^<]*Lot Cleaning[^<]*<\/title>/);
    expect(html).toMatch(/<meta name="description" content="[^"]{50,}"/);
    expect(html).toMatch(/<link rel="canonical" href="http[^"]+\/"/);
    for (const property of ['og:title', 'og:description', 'og:url', 'og:type', 'og:image'])
      expect(html).toContain(`property="${property}"`);
  });

  it('has JSON-LD for the LocalBusiness (20 cities, opening hours) and the FAQ page', () => {
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
      (m) => JSON.parse(m[1]!) as Record<string, unknown>,
    );
    const business = blocks.find((b) => b['@type'] === 'LocalBusiness') as {
      address: Record<string, string>;
      areaServed: Array<{ name: string }>;
      openingHoursSpecification: Array<{ dayOfWeek: string[]; opens: string; closes: string }>;
    };
    expect(business.address).toMatchObject({ streetAddress: '2210 S. 1st Street', addressLocality: 'Milwaukee', postalCode: '53204' });
    expect(business.areaServed).toHaveLength(20);
    expect(business.areaServed.map((a) => a.name)).toEqual(serviceAreas.flatMap((area) => area.locations.map((city) => `${city}, WI`)));
    expect(business.openingHoursSpecification).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
        opens: '07:00',
        closes: '18:00',
      },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Saturday'], opens: '08:00', closes: '14:00' },
    ]);
    const faq = blocks.find((b) => b['@type'] === 'FAQPage') as { mainEntity: unknown[] };
    expect(faq.mainEntity).toHaveLength(8);
  });

  it('keeps its own metadata out of the served folder: no dot-file or dot-folder in it, the manifest beside it', () => {
    const dotted = (readdirSync(clientDir, { recursive: true }) as string[]).filter((file) =>
      file.split(path.sep).some((part) => part.startsWith('.')),
    );
    expect(dotted).toEqual([]);
    expect(path.dirname(clientManifestFile(clientDir))).toBe(path.dirname(clientDir));
  });

  it('writes robots.txt disallowing private paths, and a sitemap', () => {
    const robots = readFileSync(path.join(clientDir, 'robots.txt'), 'utf8');
    for (const rule of ['Disallow: /api/', 'Disallow: /admin/', 'Disallow: /customer-dashboard']) expect(robots).toContain(rule);
    expect(robots).toMatch(/Sitemap: http.+\/sitemap\.xml/);
    const sitemap = readFileSync(path.join(clientDir, 'sitemap.xml'), 'utf8');
    expect(sitemap).toMatch(/<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">\s*<url><loc>http[^<]+\/<\/loc>/);
    expect(sitemap).toMatch(/<url><loc>http[^<]+\/privacy<\/loc><lastmod>\d{4}-\d\d-\d\d<\/lastmod>/);
  });

  it('prerenders the privacy policy with the site’s stylesheet and no script but the theme’s', () => {
    const html = readFileSync(path.join(clientDir, 'privacy.html'), 'utf8');
    expect(html).toContain('<title>Privacy policy | Lakeshore Lot Care</title>');
    expect(html).toMatch(/<link rel="stylesheet"[^>]+\.css"/);
    expect(html).not.toMatch(/<script[^>]*src=/);
    expect(html).not.toContain('modulepreload');
    expect(html.match(/<script>/g)).toHaveLength(1); // the no-flash theme script
    expect(html).toContain('<h1');
    expect(html).toContain('IP');
  });
});

/** Every file an audience entry can load: its own, what it imports, and (unless `firstLoad`) what those load later. */
function entryFiles(shell: string, { firstLoad = false } = {}) {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
    if (!firstLoad) chunk.dynamicImports?.forEach(visit);
  };
  visit(shell);
  return [...files];
}

/**
 * An entry's files, `files`, are all its own: none is another entry's shell (`others`) or a feature's
 * but its own (`feature`), no other screen's words (`absent`) are in them, and its own (`present`) are.
 */
function expectOnlyOwnCode(
  files: string[],
  { others, feature, absent, present }: { others: string; feature: string; absent: string[]; present: string },
) {
  const theirs = Object.entries(manifest)
    .filter(([key]) => new RegExp(`^(${others})\\.html$|^src/client/features/(?!${feature}/)`).test(key))
    .map(([, chunk]) => chunk.file);
  expect(theirs.length).toBeGreaterThan(4);
  for (const file of files) expect(theirs, file).not.toContain(file);
  const code = files.map((file) => readFileSync(path.join(clientDir, file), 'utf8')).join('\n');
  for (const text of absent) expect(code).not.toContain(text);
  expect(code).toContain(present);
}

describe('crew page budget', () => {
  const crewFiles = (options?: { firstLoad?: boolean }) => entryFiles('crew.html', options);

  // React and React DOM alone are some 65 KB of it; the portal's first load is about 81 KB. Of the
  // rest, "Your account" (passkeys and WebAuthn, sessions: about 13 KB) loads only when it is opened.
  it('loads at most 105 KB of JavaScript (gzip) to open, and 120 KB with everything it can load, all of it the crew’s', () => {
    const first = total(crewFiles({ firstLoad: true }));
    const files = crewFiles();
    const size = total(files);
    console.log(`crew JS: ${(first / KB).toFixed(1)} KB gzip to open; ${(size / KB).toFixed(1)} KB in ${files.length} files in all`);
    expect(first).toBeLessThanOrEqual(105 * KB);
    expect(size).toBeLessThanOrEqual(120 * KB);
    // No screen of the console, the portal or the estimate page, nor their entries, comes with it.
    expectOnlyOwnCode(files, {
      others: 'console|portal|estimate',
      feature: 'crew',
      absent: ['Narrow the filters to see older requests', 'No Properties Found', 'Add a property'],
      present: 'Start visit',
    });
  });

  it('has its service worker keep every one of those files, so the page opens without signal after one visit', () => {
    const worker = readFileSync(path.join(clientDir, 'crew-sw.js'), 'utf8');
    const listed = JSON.parse(/const RELEASE_ASSETS = (\[[^\]]*\]);/.exec(worker)?.[1] ?? 'null') as string[] | null;
    expect(listed).not.toBeNull();
    for (const file of crewFiles()) expect(listed, file).toContain(`/${file}`);
    expect(listed?.some((file) => file.endsWith('.css'))).toBe(true);
    // A cache of the release's own, named after its files.
    expect(worker).toMatch(/const RELEASE = '[0-9a-f]{12}';/);
  });
});

describe('estimate page budget', () => {
  // A prospect opens it from an e-mail, with no account: React (some 65 KB), TanStack Query, react-hook-form with
  // zod and the shared contract (about 27 KB), the money math and the page; nothing of the portal's or the console's.
  // The server renders it (decision 012), so none of it holds up the first paint.
  it('loads at most 140 KB of JavaScript (gzip) to open, and 145 KB with the request-changes and decline forms, none of it another entry’s', () => {
    const first = total(entryFiles('estimate.html', { firstLoad: true }));
    const files = entryFiles('estimate.html');
    const size = total(files);
    console.log(`estimate JS: ${(first / KB).toFixed(1)} KB gzip to open; ${(size / KB).toFixed(1)} KB in ${files.length} files in all`);
    expect(first).toBeLessThanOrEqual(140 * KB);
    expect(size).toBeLessThanOrEqual(145 * KB);
    expectOnlyOwnCode(files, {
      others: 'console|portal|crew',
      feature: 'estimate-page',
      absent: ['Start visit', 'No Properties Found', 'Narrow the filters to see older requests'],
      present: 'Accept estimate',
    });
  });
});

describe('release', () => {
  it('names in every entry’s shell the release the server works out from the same build (issue 22)', () => {
    const release = readRelease(clientDir);
    expect(release).toMatch(/^[0-9a-f]{12}$/);
    for (const entry of ENTRIES) {
      expect(readFileSync(path.join(clientDir, shellFile(entry)), 'utf8'), entry).toContain(`<meta name="release" content="${release}">`);
    }
  });

  it('carries in every entry’s shell, before the entry’s script, the script that says when the entry did not load (issue 22)', () => {
    for (const entry of ENTRIES) {
      const shell = readFileSync(path.join(clientDir, shellFile(entry)), 'utf8');
      const inline = shell.indexOf(`<script>${ENTRY_FAILED_SCRIPT}</script>`);
      expect(inline, entry).toBeGreaterThan(0);
      expect(inline, entry).toBeLessThan(shell.indexOf('<script type="module"'));
    }
  });
});
