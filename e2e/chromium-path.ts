import { existsSync } from 'node:fs';

const defaultCandidates = () =>
  [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].filter(
    (candidate): candidate is string => !!candidate,
  );

/**
 * The browser for Playwright: CHROME_PATH, else Debian's /usr/bin/chromium.
 * Playwright's own browser download cannot run on our machines, so none is used.
 */
export function chromiumPath(candidates: string[] = defaultCandidates()): string {
  const found = candidates.find((candidate) => existsSync(candidate));
  if (!found) {
    throw new Error(
      'No Chromium found. Install one with `apt-get install -y chromium` (as root), or set CHROME_PATH to a Chrome or Chromium binary.',
    );
  }
  return found;
}

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * The browser for the browser tests: CHROME_PATH, else Debian's chromium-headless-shell (the old
 * headless mode, without the full browser's machinery: about a fifth less CPU over the same specs
 * than /usr/bin/chromium, which matters on a 2-core machine), else the full Chromium.
 */
export function testBrowserPath(): string {
  if (!process.env.CHROME_PATH && existsSync(HEADLESS_SHELL)) return HEADLESS_SHELL;
  return chromiumPath();
}

/** Flags for headless Chromium here: no sandbox (we run as root) and no calls home (the network is closed). */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
