/**
 * A signed-in screen's page carries its first data and preloads (decision 010): for the session's
 * user only, as the API would answer them, escaped, never cached; a visitor, and the fast path
 * ahead of Fastify, get the shell everybody gets.
 */
import http from 'node:http';
import { cpSync, existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { EARLY_INPUT_SCRIPT } from '../../../shared/early-input-script';
import { FIRST_SCREEN_ELEMENT_ID, type FirstScreenAnswers } from '../../../shared/first-screen';
import { auditEvents, properties } from '../../db/schema';
import { clientManifestFile, scriptSafeJson } from '../../first-screen-page';
import { testAppFor } from '#test/app';
import { testDatabases } from '#test/database';
import { createTestEstimate } from '#test/estimates';
import { sessionCookie, signInAs } from '#test/sign-in';

/** The build's server render of the screens (scripts/build.ts writes it; `npm test` builds first). */
const builtRender = path.resolve('dist/render');

/**
 * A client build as scripts/build.ts writes it: the shells, and Vite's manifest of their scripts;
 * with `render`, beside it the real build's server render of the screens; with `renderModule`,
 * that source as the server render instead.
 */
function writeBuild({ render = false, renderModule = '' } = {}): string {
  const build = mkdtempSync(path.join(tmpdir(), 'build-'));
  const dir = path.join(build, 'client');
  mkdirSync(dir);
  if (render) cpSync(builtRender, path.join(build, 'render'), { recursive: true });
  if (renderModule) {
    mkdirSync(path.join(build, 'render'));
    writeFileSync(path.join(build, 'render', 'first-screen.server.js'), renderModule);
  }
  for (const entry of ['portal', 'console', 'crew', 'estimate']) {
    writeFileSync(
      path.join(dir, `${entry}.html`),
      `<!doctype html><html><head><script type="module" src="/assets/${entry}.js"></script></head><body><div id="root"></div></body></html>`,
    );
  }
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><h1>Landing</h1>');
  writeFileSync(path.join(dir, 'privacy.html'), '<!doctype html><h1>Privacy</h1>');
  const manifest = {
    'portal.html': { file: 'assets/portal.js', imports: ['_react.js'] },
    'console.html': { file: 'assets/console.js', imports: ['_react.js'] },
    'crew.html': { file: 'assets/crew.js', imports: ['_react.js'] },
    'estimate.html': { file: 'assets/estimate.js', imports: ['_react.js'] },
    '_react.js': { file: 'assets/react.js' },
    'src/client/features/dashboard/components/customer-dashboard.tsx': { file: 'assets/dashboard.js', imports: ['_react.js', '_tabs.js'] },
    '_tabs.js': { file: 'assets/tabs.js' },
    'src/client/entries/boot.ts': { file: 'assets/boot.js' },
    'src/client/features/quote-requests/components/overview-page.tsx': { file: 'assets/overview.js' },
  };
  writeFileSync(clientManifestFile(dir), JSON.stringify(manifest));
  return dir;
}

/** The page's body as text, whatever coding it came in. */
function pageText(body: Buffer, encoding: unknown): string {
  if (encoding === 'br') return brotliDecompressSync(body).toString();
  if (encoding === 'gzip') return gunzipSync(body).toString();
  return body.toString();
}

/** The answers in a page's data block, or null when it has none. */
function firstScreenOf(html: string): FirstScreenAnswers | null {
  const block = new RegExp(`<script type="application/json" id="${FIRST_SCREEN_ELEMENT_ID}">(.*?)</script>`).exec(html);
  return block ? (JSON.parse(block[1]!) as FirstScreenAnswers) : null;
}

describe.each(testDatabases)('a signed-in screen’s first data on %s', (kind) => {
  const t = testAppFor(kind, { config: { clientDir: writeBuild() } });

  const page = async (url: string, cookie?: string, acceptEncoding = 'gzip, deflate, br') => {
    const response = await t.app.inject({ url, headers: { 'accept-encoding': acceptEncoding, ...(cookie ? { cookie } : {}) } });
    return { response, html: pageText(response.rawPayload, response.headers['content-encoding']) };
  };

  it('sends the customer’s user and properties with the dashboard, as the API answers them, with the screen’s scripts preloaded', async () => {
    const cookie = t.cookie('customerA')!;
    const { response, html } = await page('/customer-dashboard', cookie);
    expect(response.statusCode).toBe(200);
    const answers = firstScreenOf(html)!;
    for (const url of ['/api/auth/user', '/api/customer/properties']) {
      expect(answers[url]?.body, url).toEqual((await t.app.inject({ url, headers: { cookie } })).json());
    }
    expect(answers['/api/customer/properties']!.body).toEqual([expect.objectContaining({ id: t.fixture.customerA.propertyId })]);
    // The entry's imports and the screen's, each once and after what it imports; the entry itself is the shell's own <script>.
    const preloads = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((match) => match[1]);
    expect(preloads).toEqual(['/assets/react.js', '/assets/tabs.js', '/assets/dashboard.js']);
    expect(html.indexOf('modulepreload')).toBeLessThan(html.indexOf('</head>'));
  });

  it('is the user’s own page: never stored by a cache, varying with the cookie, with the shell’s security headers', async () => {
    for (const acceptEncoding of ['gzip, deflate, br', 'gzip', '']) {
      const { response, html } = await page('/customer-dashboard', t.cookie('customerA'), acceptEncoding);
      expect(response.headers['cache-control']).toBe('private, no-store');
      expect(response.headers.vary).toBe('Cookie, Accept-Encoding');
      expect(response.headers.etag).toBeUndefined();
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
      expect(response.headers['content-encoding']).toBe(acceptEncoding ? acceptEncoding.split(',').at(-1)!.trim() : undefined);
      expect(firstScreenOf(html)).not.toBeNull();
    }
    // A visitor gets the shell everybody gets, which may be revalidated and shared.
    const { response, html } = await page('/customer-dashboard');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.vary).toBe('Accept-Encoding, Cookie');
    expect(html).not.toContain(FIRST_SCREEN_ELEMENT_ID);
    expect(html).not.toContain('modulepreload');
    // A page without a first screen varies with the coding only.
    expect((await page('/login')).response.headers.vary).toBe('Accept-Encoding');
  });

  it('never sends another customer’s data: their property’s page carries only the user’s own list', async () => {
    const other = t.fixture.customerB.propertyId;
    const { html } = await page(`/customer-dashboard/properties/${other}`, t.cookie('customerA'));
    const answers = firstScreenOf(html)!;
    expect(Object.keys(answers).sort()).toEqual(['/api/auth/user', '/api/customer/properties']);
    expect(html).not.toContain(other.slice(0, 8) + '-');
    expect(html).not.toContain('Plaza B');
    // Their own property's page has its photos, visits and requests too.
    const own = t.fixture.customerA.propertyId;
    const mine = firstScreenOf((await page(`/customer-dashboard/properties/${own}`, t.cookie('customerA'))).html)!;
    expect(Object.keys(mine).sort()).toEqual(
      [
        '/api/auth/user',
        '/api/customer/properties',
        `/api/properties/${own}/photos`,
        `/api/properties/${own}/requests`,
        `/api/properties/${own}/visits?page=1`,
      ].sort(),
    );
  });

  it('sends a role only what its routes allow it: a customer on the console gets who they are, no inbox', async () => {
    const { html } = await page('/admin', t.cookie('customerA'));
    expect(Object.keys(firstScreenOf(html)!)).toEqual(['/api/auth/user']);
    const staff = firstScreenOf((await page('/admin/submissions', t.cookie('staff'))).html)!;
    expect(Object.keys(staff).sort()).toEqual(['/api/admin/stats', '/api/auth/user', '/api/contact?limit=50']);
    // The list's total comes with it, as the header the screen reads.
    expect(staff['/api/contact?limit=50']!.headers).toMatchObject({ 'x-total-count': expect.any(String) });
  });

  it('asks the API as the browser did: a refusal among the reads is in the audit log with its IP and browser', async () => {
    const browser = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
    const response = await t.app.inject({
      url: '/admin',
      headers: { cookie: t.cookie('customerA')!, 'user-agent': browser },
      remoteAddress: '203.0.113.50',
    });
    expect(response.statusCode).toBe(200);
    const refusals = await t.app.db.select().from(auditEvents).where(eq(auditEvents.kind, 'refused'));
    // Each of the overview's staff reads: its figures and its new agreements.
    expect(
      refusals.map(({ action, ip, userAgent }) => ({ action, ip, userAgent })).sort((a, b) => a.action.localeCompare(b.action)),
    ).toEqual([
      { action: 'GET /api/admin/agreements', ip: '203.0.113.50', userAgent: browser },
      { action: 'GET /api/admin/stats', ip: '203.0.113.50', userAgent: browser },
    ]);
  });

  it('sends nothing for a session that is gone, nor for an owner whose session still needs its passkey', async () => {
    const { html } = await page('/customer-dashboard', 'session=not-a-session');
    expect(html).not.toContain(FIRST_SCREEN_ELEMENT_ID);
    const owner = await signInAs(t.app, 'owner');
    const linkOnly = await sessionCookie(t.app, owner.email, { secondFactor: null });
    // Who they are (the console shows the passkey step at once), and none of the console's data.
    expect(Object.keys(firstScreenOf((await page('/admin', linkOnly)).html)!)).toEqual(['/api/auth/user']);
  });

  it('writes a user’s text so that it cannot end the data block', async () => {
    const name = '</script><script>alert(1)</script><!--';
    await t.app.db.update(properties).set({ name }).where(eq(properties.id, t.fixture.customerA.propertyId));
    const { html } = await page('/customer-dashboard', t.cookie('customerA'));
    expect(html).not.toContain('<script>alert');
    expect(html.match(/<\/script>/g)).toHaveLength(2); // the entry's and the data block's own
    expect((firstScreenOf(html)!['/api/customer/properties']!.body as Array<{ name: string }>)[0]!.name).toBe(name);
    expect(scriptSafeJson(JSON.stringify({ text: '<>&\u2028\u2029' }))).toBe('{"text":"\\u003c\\u003e\\u0026\\u2028\\u2029"}');
  });

  it('leaves the fast path to visitors: a request with the session cookie is answered by the route', async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const get = (cookie?: string) =>
      new Promise<http.IncomingMessage & { text: string }>((resolve, reject) => {
        http
          .get(`${base}/admin`, { headers: cookie ? { cookie } : {} }, (response) => {
            let text = '';
            response.on('data', (chunk: Buffer) => (text += chunk.toString()));
            response.on('end', () => resolve(Object.assign(response, { text })));
          })
          .on('error', reject);
      });
    const visitor = await get();
    expect(visitor.headers['cache-control']).toBe('no-cache');
    expect(visitor.text).not.toContain(FIRST_SCREEN_ELEMENT_ID);
    const staff = await get(`theme=dark; ${t.cookie('staff')}`);
    expect(staff.headers['cache-control']).toBe('private, no-store');
    expect(Object.keys(firstScreenOf(staff.text)!).sort()).toEqual([
      '/api/admin/agreements?acceptedWithinDays=14',
      '/api/admin/stats',
      '/api/auth/user',
    ]);
  });
});

/** #root's content in a page. */
const rootOf = (html: string) => /<div id="root">(.*?)<\/div><script type="application\/json"/s.exec(html)?.[1] ?? '';

describe.skipIf(!existsSync(path.join(builtRender, 'first-screen.server.js')))('a signed-in screen rendered on the server', () => {
  const t = testAppFor('pglite', { config: { clientDir: writeBuild({ render: true }) } });

  const page = async (url: string, cookie?: string) => {
    const response = await t.app.inject({ url, headers: cookie ? { cookie } : {} });
    return { response, html: response.body };
  };

  it('paints the customer’s own dashboard from its answers, and starts the entry only after that paint', async () => {
    const { response, html } = await page('/customer-dashboard', t.cookie('customerA'));
    expect(response.statusCode).toBe(200);
    const root = rootOf(html);
    expect(root).toContain('Welcome back');
    expect(root).toContain('Plaza A');
    expect(root).not.toContain('Plaza B');
    expect(root).not.toContain('Loading...');
    // The boot script names the entry and the scripts to preload after the paint; nothing is preloaded before it.
    expect(html).toContain(
      'src="/assets/boot.js" data-entry="/assets/portal.js" data-preload="/assets/react.js /assets/tabs.js /assets/dashboard.js"',
    );
    expect(html).not.toContain('src="/assets/portal.js"');
    expect(html).not.toContain('<link rel="modulepreload"');
    // The script that keeps early taps, inline, as the CSP's hash allows it.
    expect(html).toContain(`<script>${EARLY_INPUT_SCRIPT}</script>`);
    // The data block stays: the hydration's data.
    expect(Object.keys(firstScreenOf(html)!).sort()).toEqual(['/api/auth/user', '/api/customer/properties']);
  });

  it('renders the console for staff and only the refusal for a customer', async () => {
    const inbox = rootOf((await page('/admin/submissions', t.cookie('staff'))).html);
    expect(inbox).toContain('Contact Form Submissions');
    expect(inbox).toContain('aria-label="Staff console"');
    const refused = rootOf((await page('/admin/submissions', t.cookie('customerA'))).html);
    expect(refused).not.toContain('aria-label="Staff console"');
    expect(refused).not.toContain('Contact Form Submissions');
  });

  it('writes a user’s text as text in the HTML, whatever it holds', async () => {
    const name = `</script><script>alert(1)</script><!-- $' $& x`;
    await t.app.db.update(properties).set({ name }).where(eq(properties.id, t.fixture.customerA.propertyId));
    const { html } = await page('/customer-dashboard', t.cookie('customerA'));
    expect(html).not.toContain('<script>alert');
    expect(rootOf(html)).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;!-- $&#x27; $&amp; x');
    expect((firstScreenOf(html)!['/api/customer/properties']!.body as Array<{ name: string }>)[0]!.name).toBe(name);
  });

  it('keeps nothing of the user once their screen is rendered: no timer holds the render’s data', async () => {
    const answers = firstScreenOf((await page('/customer-dashboard', t.cookie('customerA'))).html)!;
    const renderer = (await import(pathToFileURL(path.join(builtRender, 'first-screen.server.js')).href)) as {
      loadScreens(): Promise<void>;
      renderFirstScreen(entry: string, pathname: string, search: string, answers: FirstScreenAnswers): string;
    };
    await renderer.loadScreens();
    vi.useFakeTimers();
    try {
      expect(renderer.renderFirstScreen('portal', '/customer-dashboard', '', answers)).toContain('Plaza A');
      // A query's data dropped "5 minutes after it was last used" would be a timer holding it, and the user's answers, that long.
      vi.advanceTimersByTime(1000);
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('renders a prospect’s estimate from its link with no session, never cached; an unknown link is the house 404', async () => {
    const estimate = await createTestEstimate(t.app.db);
    const { response, html } = await page(`/estimates/${estimate.token}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const root = rootOf(html);
    expect(root).toContain(`Estimate ${estimate.number}`);
    expect(root).toContain('Accept estimate');
    expect(html).toContain('data-entry="/assets/estimate.js"');
    expect(Object.keys(firstScreenOf(html)!)).toEqual([`/api/estimates/${estimate.token}`]);
    const unknown = await page(`/estimates/${'x'.repeat(43)}`);
    expect(unknown.response.statusCode).toBe(404);
    expect(unknown.html).toContain('src="/assets/portal.js"');
    expect(unknown.html).not.toContain(FIRST_SCREEN_ELEMENT_ID);
  });

  it('sends a visitor the shell everybody gets, with nothing rendered in it', async () => {
    const { response, html } = await page('/customer-dashboard');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('src="/assets/portal.js"');
  });
});

describe('a server render that fails inside a Suspense boundary', () => {
  // A stand-in for the build's server render whose screen threw inside a Suspense boundary: React
  // then writes the boundary's fallback marked "<!--$!" rather than throwing (real renders do not
  // fail on purpose, so the failure is written here as React would write it).
  const t = testAppFor('pglite', {
    config: {
      clientDir: writeBuild({
        renderModule: [
          'export async function loadScreens() {}',
          `export function renderFirstScreen() { return '<main><!--$!--><template></template><p>Loading...</p><!--/$--></main>'; }`,
        ].join('\n'),
      }),
    },
  });

  it('sends no half-rendered screen: the page keeps its data and the browser renders it, and the failure is logged', async () => {
    const errors: unknown[][] = [];
    const log = vi.spyOn(t.app.log, 'error').mockImplementation((...args: unknown[]) => void errors.push(args));
    const response = await t.app.inject({ url: '/customer-dashboard', headers: { cookie: t.cookie('customerA')! } });
    log.mockRestore();
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root"></div>');
    expect(response.body).not.toContain('<!--$!');
    // Without the render, the entry starts at once, with the data that came with the page.
    expect(response.body).toContain('src="/assets/portal.js"');
    expect(Object.keys(firstScreenOf(response.body)!).sort()).toEqual(['/api/auth/user', '/api/customer/properties']);
    expect(errors.map((args) => args.at(-1))).toContain(
      'A signed-in screen failed to render on the server inside a Suspense boundary; the browser renders it',
    );
  });
});
