/**
 * A note being typed is kept in sessionStorage per quote request, so it survives the list's
 * refresh, a failed save and a reload of the tab, and is dropped once saved.
 */
const key = (quoteRequestId: string) => `quote-request-note-draft:${quoteRequestId}`;

export function readNoteDraft(quoteRequestId: string): string {
  try {
    return sessionStorage.getItem(key(quoteRequestId)) ?? '';
  } catch {
    return '';
  }
}

export function writeNoteDraft(quoteRequestId: string, text: string) {
  try {
    if (text.trim()) sessionStorage.setItem(key(quoteRequestId), text);
    else sessionStorage.removeItem(key(quoteRequestId));
  } catch {
    // Storage full or disabled: the draft lives only as long as the form.
  }
}
