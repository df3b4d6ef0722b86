/**
 * A signed-in screen's first data, sent with its page (decision 010). For the screens people open
 * every day, the server answers the API requests the screen makes first, for the session's user
 * only, through the API's own routes, and puts the answers in the page as a JSON data block. The
 * client's queries start from them instead of asking again, so the first paint is the screen.
 * What each screen reads first is its own module's `FirstReads`; the server's table of such screens
 * is routes/public/first-screen.ts.
 */

/**
 * A server-rendered screen's first reads: each screen module exports its own (`first-reads.ts`
 * beside the screen, built from the URL builders its hooks use), and the server's table
 * (routes/public/first-screen.ts) maps the app's routes to them. Plain functions, with no client
 * library behind them, so the server loads no React to know them.
 */
export interface FirstReads {
  /** The source module of the route's lazily loaded screen (its key in Vite's manifest), preloaded with the page; none when the entry holds it. */
  screen?: string;
  /** The API URLs the screen reads first, from the page's path parameters and query, on a local date (today). */
  reads(params: Record<string, string>, query: URLSearchParams, today: string): string[];
  /**
   * A page anyone with its link may open (a prospect's estimate, issue 24): it is read and rendered
   * without a session, and besides 200s its reads' 410 answers come with it (the screen shows them, an
   * expired estimate). When its first read answers 404, the page is the house's 404.
   */
  public?: boolean;
}

/** GET /api/auth/user: the signed-in user, read first by every signed-in screen (here, where every entry's first load has it). */
export const AUTH_USER_URL = '/api/auth/user';

/** The id of the `<script type="application/json">` element holding the answers. */
export const FIRST_SCREEN_ELEMENT_ID = 'first-screen';

/** An API answer sent with the page: its JSON body and the headers the screen reads (totals, cursors). */
export interface FirstScreenAnswer<T = unknown> {
  body: T;
  /** The answer's status when it is not 200 (only a public screen's 410, see `FirstReads.public`). */
  status?: number;
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
