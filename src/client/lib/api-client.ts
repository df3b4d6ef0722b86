/**
 * The one API client (SPEC §7, §8). Every call sends cookies; a body goes as JSON
 * only when there is one; any non-success answer throws an Error whose message is
 * "status: body", or "status: statusText" when the body is empty.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
  }
}

async function throwIfNotOk(response: Response) {
  if (!response.ok) throw new ApiError(response.status, await response.text(), response.statusText);
}

export async function apiRequest(method: string, url: string, data?: unknown): Promise<Response> {
  const response = await fetch(url, {
    method,
    headers: data !== undefined ? { 'Content-Type': 'application/json' } : {},
    body: data !== undefined ? JSON.stringify(data) : undefined,
    credentials: 'include',
  });
  await throwIfNotOk(response);
  return response;
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/** GET a JSON resource. With `on401: 'returnNull'`, a 401 yields null instead of an error. */
export async function getJson<T>(url: string, { on401 = 'throw' }: { on401?: UnauthorizedBehavior } = {}): Promise<T | null> {
  const response = await fetch(url, { credentials: 'include' });
  if (on401 === 'returnNull' && response.status === 401) return null;
  await throwIfNotOk(response);
  return (await response.json()) as T;
}
