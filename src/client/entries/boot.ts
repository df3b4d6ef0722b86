/**
 * The start of a page whose first screen the server rendered (decision 010). The HTML already
 * shows the screen, painted with the stylesheet alone; this small script waits for that first
 * paint, then asks for the screen's scripts at once (`modulepreload`, so none waits for the one
 * that imports it), runs them one by one, and starts the entry, which hydrates the HTML. Like the landing page's
 * islands, the code never competes with the stylesheet for a phone's bandwidth before the paint.
 *
 * The server names the entry and its scripts on this script's element:
 * `<script type="module" src="/assets/boot-….js" data-entry="/assets/console-….js" data-preload="/assets/a.js /assets/b.js">`.
 */

/**
 * shared/hydration-events.ts's NO_HYDRATION_EVENT, written out: boot imports nothing, since a
 * module it shared with the entry would be one more request before the first paint. The e2e test
 * of a failed entry (e2e/first-screen.spec.ts) sees the notice at once only if the two agree.
 */
const NO_HYDRATION_EVENT = 'lakeshore:no-hydration';

const script = document.querySelector<HTMLScriptElement>('script[data-entry]');
const entry = script?.dataset.entry;

/**
 * Runs `start` once the page's first contentful paint has been presented (the Paint Timing
 * entry), a frame's work later. Waiting for the entry, not just for a frame, keeps the scripts
 * out of the first paint on a fast connection too. A browser without that entry type, or a tab
 * in the background (which paints nothing), starts after a while anyway.
 */
function afterFirstPaint(start: () => void) {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    start();
  };
  const fallback = setTimeout(once, 3000);
  const later = () => {
    clearTimeout(fallback);
    requestAnimationFrame(() => setTimeout(once, 0));
  };
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) return later();
  const observer = new PerformanceObserver((list) => {
    if (!list.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    later();
  });
  observer.observe({ type: 'paint', buffered: true });
}

/** A moment for the browser between two pieces of work (input, a frame), so neither is one long task. */
const yieldToBrowser = () => new Promise((resolve) => setTimeout(resolve, 0));

if (entry) {
  // The first date format in Central time loads the browser's time zone data, a long task on a phone
  // (about 16 ms on a desktop): done here, on its own, rather than inside a slice of the hydration.
  new Intl.DateTimeFormat('en-US', { timeZone: 'America/Chicago', dateStyle: 'medium', timeStyle: 'short' }).format(0);
  afterFirstPaint(async () => {
    const scripts = (script.dataset.preload ?? '').split(' ').filter(Boolean);
    // A few at a time: starting each fetch costs the main thread a little, and 45 at once was a long task.
    for (let start = 0; start < scripts.length; start += 8) {
      for (const href of scripts.slice(start, start + 8)) {
        document.head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', href }));
      }
      await yieldToBrowser();
    }
    // Each script runs in its own task, each after the ones it imports (the server lists them so):
    // running the whole graph at once, as `import(entry)` alone would, is one long task on a phone.
    for (const href of scripts) {
      await import(/* @vite-ignore */ href).catch(() => undefined);
      await yieldToBrowser();
    }
    // An entry that did not load lets the held taps go (shared/early-input-script.ts); the screen's own code
    // failing is mountEntry's to say (src/client/app/router.tsx).
    await import(/* @vite-ignore */ entry).catch(() => document.dispatchEvent(new Event(NO_HYDRATION_EVENT)));
  });
}
