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
    // Class 08 is connection exceptions, except 08P01 (protocol violation: our bug, not an outage).
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || (code.startsWith('08') && code !== '08P01'))) return true;
    // pg-pool's own errors carry no code: a lost connection, or all connections busy past the connect timeout.
    if (
      /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
        current.message,
      )
    )
      return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

// "may not": a connection lost just after a commit leaves the outcome unknown to us.
export const DATABASE_UNAVAILABLE_MESSAGE = `Our system is briefly unavailable, so this may not have been saved. Please try again in a minute, or call us at ${company.phone.display}.`;
