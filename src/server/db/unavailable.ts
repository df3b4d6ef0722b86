import { company } from '../../shared/company';

/**
 * Whether an error means the database cannot be reached right now (PostgreSQL
 * stopped, restarting or refusing connections), as opposed to a bad query.
 * Such requests get 503 and may be retried; the pool reconnects by itself.
 */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'ETIMEDOUT',
  'EPIPE',
  '57P01', // admin_shutdown: the server is stopping
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '53300', // too_many_connections
]);

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
    if (/Connection terminated|connection timeout|Client has encountered a connection error/i.test(current.message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export const DATABASE_UNAVAILABLE_MESSAGE = `Our system is briefly unavailable, so nothing was saved. Please try again in a minute, or call us at ${company.phone.display}.`;
