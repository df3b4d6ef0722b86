import { validContact } from '#test/fixtures';

export interface BurstResult {
  /** HTTP status, or 0 when the connection was refused or cut. */
  status: number;
  id?: string;
  message?: string;
}

export const postContact = (url: string, body: object = validContact) =>
  fetch(`${url}/api/contact`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

async function postOnce(url: string, index: number): Promise<BurstResult> {
  try {
    const response = await postContact(url, { ...validContact, name: `Burst Client ${index}` });
    const body = (await response.json().catch(() => ({}))) as { id?: string; message?: string };
    return { status: response.status, id: response.status === 201 ? body.id : undefined, message: body.message };
  } catch {
    return { status: 0 };
  }
}

/**
 * Sends `total` valid quote requests from `clients` concurrent clients, each
 * sending its next request when the last is answered. `onResult` sees each answer
 * as it arrives, to signal the server mid-burst.
 */
export async function burst(url: string, total: number, clients: number, onResult?: (result: BurstResult, done: number) => void) {
  const results: BurstResult[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < total) {
        const result = await postOnce(url, next++);
        results.push(result);
        onResult?.(result, results.length);
      }
    }),
  );
  return results;
}

export const createdIds = (results: BurstResult[]) => results.filter((r) => r.status === 201).map((r) => r.id!);
