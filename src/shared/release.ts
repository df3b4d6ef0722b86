/**
 * A release is one build of the client (its name is made from Vite's manifest, so it changes
 * whenever any file of the build does). The tab knows the release its code is from by its page's
 * `<meta name="release">`; the server names its own in a header on every API answer and at
 * RELEASE_PATH. When they differ, the tab's next in-app move loads the page anew (issue 22).
 */
export const RELEASE_META = 'release';
export const RELEASE_HEADER = 'X-Release';
export const RELEASE_PATH = '/api/release';
