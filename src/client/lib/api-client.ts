/**
 * The one API client (SPEC §7, §8). Every call sends cookies; a body goes as JSON
 * only when there is one; any non-success answer throws an ApiError whose message is
 * "status: body", or "status: statusText" when the body is empty, and which carries
 * the status and the parsed error body for the code that handles it.
 */

import { noteRelease } from './release';

/** Every error answer of the API: a message for a person, and per-field messages for a form. */
export interface ApiErrorBody {
  message: string;
  errors?: Record<string, string>;
  /** Why, as a code a screen can act on (a sign-in link's problem, such as "confirm-email"). */
  problem?: string;
}

function parseErrorBody(text: string): ApiErrorBody | null {
  try {
    const body = JSON.parse(text) as Partial<ApiErrorBody> | null;
    if (typeof body?.message !== 'string') return null;
    return { message: body.message, errors: body.errors, ...(typeof body.problem === 'string' ? { problem: body.problem } : {}) };
  } catch {
    return null;
  }
}

export class ApiError extends Error {
  /** The parsed error body, or null when the answer was not the API's JSON (a proxy's page, an empty body). */
  readonly data: ApiErrorBody | null;

  constructor(
    readonly status: number,
    body: string,
    statusText: string,
    /** The answer's Retry-After in seconds (a busy server's 503, a rate limit's 429), when it sent a number. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
    this.data = parseErrorBody(body);
  }
}

/** What a person should read from a failed call: the server's message, else the status line; a fetch with no answer at all is a connection problem. */
export function readableError(error: Error): string {
  if (error instanceof ApiError) return error.data?.message ?? error.message;
  return error instanceof TypeError ? 'We could not reach the server. Check your connection and try again.' : error.message;
}

const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/**
 * What failed, in words, for an action a person took (`what` completes "Could not …", such as
 * "save the status"). A call that got no answer is a dropped connection, never the browser's
 * raw "Failed to fetch"; an answer from the API says why in its message; any other answer
 * (a proxy's error page, a server fault) asks to try again.
 */
export function failureMessage(what: string, error: Error): string {
  if (error instanceof ApiError) {
    if (error.status < 500 && error.data?.message) return `Could not ${what}. ${sentence(error.data.message)}`;
    return `Could not ${what}: the server did not answer properly (${error.status}). Try again in a moment.`;
  }
  return `Could not ${what}: the connection dropped. Try again.`;
}

/** Retry-After as seconds, when it is a number of them (the HTTP-date form is not used by this server). */
export function retryAfterOf(header: string | null): number | null {
  if (!header || !/^\d{1,6}$/.test(header.trim())) return null;
  return Number(header.trim());
}

async function throwIfNotOk(response: Response) {
  if (!response.ok)
    throw new ApiError(response.status, await response.text(), response.statusText, retryAfterOf(response.headers.get('Retry-After')));
}

export async function apiRequest(method: string, url: string, data?: unknown): Promise<Response> {
  const response = await fetch(url, {
    method,
    headers: data !== undefined ? { 'Content-Type': 'application/json' } : {},
    body: data !== undefined ? JSON.stringify(data) : undefined,
    credentials: 'include',
  });
  noteRelease(response);
  await throwIfNotOk(response);
  return response;
}

/** A JSON call whose answer is read as JSON (`null` for 204 No Content). */
export async function sendJson<T>(method: string, url: string, data?: unknown): Promise<T> {
  const response = await apiRequest(method, url, data);
  return (response.status === 204 ? null : await response.json()) as T;
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/** GET a JSON resource. With `on401: 'returnNull'`, a 401 yields null instead of an error. */
export async function getJson<T>(url: string, options?: { on401?: 'throw' }): Promise<T>;
export async function getJson<T>(url: string, options: { on401: UnauthorizedBehavior }): Promise<T | null>;
export async function getJson<T>(url: string, { on401 = 'throw' }: { on401?: UnauthorizedBehavior } = {}): Promise<T | null> {
  const response = await fetch(url, { credentials: 'include' });
  noteRelease(response);
  if (on401 === 'returnNull' && response.status === 401) return null;
  await throwIfNotOk(response);
  return (await response.json()) as T;
}
