/**
 * A signed-in screen's first data, sent with its page (decision 010). For the screens people open
 * every day, the server answers the API requests the screen makes first, for the session's user
 * only, through the API's own routes, and puts the answers in the page as a JSON data block. The
 * client's queries start from them instead of asking again, so the first paint is the screen.
 * The screens and what each reads are the server's table (routes/public/first-screen.ts).
 */

/** The id of the `<script type="application/json">` element holding the answers. */
export const FIRST_SCREEN_ELEMENT_ID = 'first-screen';

/** An API answer sent with the page: its JSON body and the headers the screen reads (totals, cursors). */
export interface FirstScreenAnswer<T = unknown> {
  body: T;
  headers?: Record<string, string>;
}

/** The answers, by API URL (as `apiUrlKey` writes it). */
export type FirstScreenAnswers = Record<string, FirstScreenAnswer>;

/** One spelling of an API URL: its path, and its query parameters sorted, so the server's and the client's URLs meet. */
export function apiUrlKey(url: string): string {
  const parsed = new URL(url, 'http://x');
  parsed.searchParams.sort();
  const query = parsed.searchParams.toString();
  return query ? `${parsed.pathname}?${query}` : parsed.pathname;
}
