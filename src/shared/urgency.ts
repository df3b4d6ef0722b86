/**
 * When a quote request is an emergency: the "Emergency Cleanup" service, or words in
 * the message (or the optional urgency field) that ask for it now. Urgent requests get a
 * badge and first place among new ones in the inbox, and "URGENT:" in the staff e-mail.
 * Migration 0005 judged the requests stored before it by this same rule, in SQL.
 */
export const URGENT_SERVICE = 'Emergency Cleanup';

const URGENT_WORDS = /\b(urgent|urgently|asap|today|tonight|emergency|immediately|right away)\b/i;

export function isUrgent(request: { service: string; message: string; urgency?: string | null }): boolean {
  return request.service === URGENT_SERVICE || URGENT_WORDS.test(`${request.message} ${request.urgency ?? ''}`);
}
