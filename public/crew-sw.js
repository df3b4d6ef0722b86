/*
 * The crew page's service worker (scope /crew): keeps the page's HTML and its hashed scripts and
 * styles, so /crew opens in a parking lot with no signal. The route, the visits and the queue of
 * work live in IndexedDB (src/client/features/crew/api/offline-store.ts); the API is never cached
 * here. Same-origin only, so the CSP stays as strict as it is (default-src 'self').
 */
const SHELL = '/crew';
/**
 * Every file the page's script imports, directly or not (its shared chunks are not named in the
 * HTML). scripts/build.ts writes the release's list here from Vite's manifest, and a name for
 * the release made from it, which also makes each release's worker new to the browser.
 */
const RELEASE_ASSETS = /* release assets */ [];
const RELEASE = /* release name */ 'dev';
/** Each release keeps its files in a cache of its own: an older worker still running can never evict the newer one's. */
const CACHE = `crew-shell-${RELEASE}`;

/** Keeps a copy of the shell and every /assets/ file it needs, and drops the files of older releases. */
async function keepShell(response) {
  const cache = await caches.open(CACHE);
  const html = await response.clone().text();
  const assets = new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1]));
  for (const asset of RELEASE_ASSETS) assets.add(asset);
  await cache.put(SHELL, response);
  await Promise.all([...assets].map((asset) => cache.match(asset).then((kept) => kept ?? cache.add(asset).catch(() => undefined))));
  for (const request of await cache.keys()) {
    const { pathname } = new URL(request.url);
    if (pathname.startsWith('/assets/') && !assets.has(pathname)) await cache.delete(request);
  }
}

/**
 * The shell everybody gets: asked for without cookies, since a signed-in member's page carries
 * their route (decision 010) and is never to be kept. Their route is kept in IndexedDB instead.
 */
async function cacheShell() {
  const response = await fetch(SHELL, { credentials: 'omit', cache: 'no-cache' });
  if (response.ok) await keepShell(response);
}

/** A page made for the signed-in member (`Cache-Control: private, no-store`): kept nowhere. */
const isPersonal = (response) => /no-store/.test(response.headers.get('cache-control') ?? '');

self.addEventListener('install', (event) => {
  event.waitUntil(cacheShell().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (request.mode === 'navigate' && (url.pathname === SHELL || url.pathname === `${SHELL}/`)) {
    // The network first (a new release, a signed-out redirect), the kept page without signal.
    event.respondWith(
      fetch(request)
        .then((response) => {
          if (response.ok) event.waitUntil(isPersonal(response) ? cacheShell() : keepShell(response.clone()));
          return response;
        })
        .catch(async () => (await caches.match(SHELL)) ?? Response.error()),
    );
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    // Hashed names never change: the kept copy is the file.
    event.respondWith(
      caches.match(request).then(
        (kept) =>
          kept ??
          fetch(request).then((response) => {
            if (response.ok) {
              const copy = response.clone();
              void caches.open(CACHE).then((cache) => cache.put(request, copy));
            }
            return response;
          }),
      ),
    );
  }
});
