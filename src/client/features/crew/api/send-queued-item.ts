import { ApiError, retryAfterOf } from '../../../lib/api-client';
import type { OutboxItem } from './offline-store';

/** The network failed (no signal, a dropped upload): the item waits and is sent again. */
export class OfflineError extends Error {
  constructor() {
    super('No connection');
    this.name = 'OfflineError';
  }
}

const visitUrl = (item: OutboxItem) => `/api/crew/visits/${item.visitId}`;

function request(item: OutboxItem): { method: string; url: string; body: unknown } {
  switch (item.type) {
    case 'start':
      return {
        method: 'POST',
        url: `${visitUrl(item)}/start`,
        body: { at: item.at, position: item.position, ...(item.positionError ? { positionError: item.positionError } : {}) },
      };
    case 'checklist':
      return { method: 'PUT', url: `${visitUrl(item)}/checklist/${item.position}`, body: { done: item.done, at: item.at } };
    case 'issue':
      return { method: 'POST', url: `${visitUrl(item)}/issues`, body: { ...item.issue, at: item.at } };
    case 'complete':
      return { method: 'POST', url: `${visitUrl(item)}/complete`, body: { note: item.note, at: item.at } };
    case 'photo':
      throw new Error('photos are sent by uploadPhoto');
  }
}

/**
 * Sends one queued item with its Idempotency-Key: JSON for an action, multipart for a photo
 * (XMLHttpRequest, which reports upload progress where fetch cannot). Resolves with the
 * server's answer; rejects with OfflineError when the request never got an answer, or an
 * ApiError with the server's status and message.
 */
export function sendQueuedItem(item: OutboxItem, onProgress: (fraction: number) => void): Promise<unknown> {
  if (item.type === 'photo') return uploadPhoto(item, onProgress);
  const { method, url, body } = request(item);
  return fetch(url, {
    method,
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': item.key, 'X-Made-By': item.madeBy },
    body: JSON.stringify(body),
    credentials: 'include',
  }).then(
    async (response) => {
      const text = await response.text();
      if (!response.ok) throw new ApiError(response.status, text, response.statusText, retryAfterOf(response.headers.get('Retry-After')));
      return text ? (JSON.parse(text) as unknown) : null;
    },
    () => {
      throw new OfflineError();
    },
  );
}

function uploadPhoto(item: Extract<OutboxItem, { type: 'photo' }>, onProgress: (fraction: number) => void): Promise<unknown> {
  return new Promise((resolve, reject) => {
    // The fields come before the file: the server reads them as the file arrives.
    const form = new FormData();
    form.set('kind', item.kind);
    if (item.issueKey) form.set('issueKey', item.issueKey);
    form.set('at', item.at);
    form.set('file', item.file, item.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${visitUrl(item)}/photos`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Idempotency-Key', item.key);
    xhr.setRequestHeader('X-Made-By', item.madeBy);
    xhr.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) resolve(JSON.parse(xhr.responseText) as unknown);
      else reject(new ApiError(xhr.status, xhr.responseText, xhr.statusText, retryAfterOf(xhr.getResponseHeader('Retry-After'))));
    };
    xhr.onerror = () => reject(new OfflineError());
    xhr.onabort = () => reject(new OfflineError());
    xhr.ontimeout = () => reject(new OfflineError());
    xhr.send(form);
  });
}
