import { RELEASE_HEADER, RELEASE_META, RELEASE_PATH } from '../../shared/release';

/**
 * Which release of the client this tab runs and which the server serves (shared/release.ts). After
 * an upgrade, the tab's next screen may need a file the upgrade removed: once the server names
 * another release, in-app moves load the page anew (app/router.tsx), and code that fails to load
 * reloads the page once (components/not-loaded-notice.tsx). In the browser only.
 */

let serverRelease: string | null = null;

/** Takes note of the release an API answer names. */
export function noteRelease(response: Response) {
  serverRelease = response.headers.get(RELEASE_HEADER) ?? serverRelease;
}

/** Whether the server has moved to another release than this tab's code (named in its page by the build; none in development). */
export function isOutdated(): boolean {
  const mine = document.querySelector<HTMLMetaElement>(`meta[name="${RELEASE_META}"]`)?.content;
  return !!mine && !!serverRelease && serverRelease !== mine;
}

/** Asks the server for its release (a tab back from the background, code that failed to load); no answer changes nothing. */
export const askRelease = () => fetch(RELEASE_PATH).then(noteRelease, () => undefined);

/** This tab's note (sessionStorage) of the release it reloaded for, so a page that still fails after that reload is not reloaded again. */
const RELOADED_FOR = 'lakeshore:reloaded-for-release';

/**
 * After this tab's code failed to load: when the server serves another release (an upgrade took
 * the old files away), reloads the page, once per release. Otherwise (the connection dropped, the
 * server is down, or that reload happened and did not help) it does nothing, and the page says it
 * has not finished loading.
 */
export async function reloadForNewRelease() {
  await askRelease();
  if (!isOutdated() || sessionStorage.getItem(RELOADED_FOR) === serverRelease) return;
  sessionStorage.setItem(RELOADED_FOR, serverRelease!);
  location.reload();
}
