import type { Role } from './policy';

/** How long a session lives: ended after `idleMs` without a request, and `maxMs` after sign-in whatever happens. */
export interface SessionLifetime {
  idleMs: number;
  maxMs: number;
}

/** Sessions by kind of user: staff, crew and customers (issue 13). */
export interface SessionLifetimes {
  staff: SessionLifetime;
  crew: SessionLifetime;
  customer: SessionLifetime;
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Staff (owners, office) hold every customer's data: 12 hours idle, 7 days at most. Crews share
 * phones in the field: 14 days idle, 90 days at most. Property managers: 30 days idle, 90 at most.
 */
export const SESSION_LIFETIME_DEFAULTS: SessionLifetimes = {
  staff: { idleMs: 12 * HOUR_MS, maxMs: 7 * DAY_MS },
  crew: { idleMs: 14 * DAY_MS, maxMs: 90 * DAY_MS },
  customer: { idleMs: 30 * DAY_MS, maxMs: 90 * DAY_MS },
};

export const lifetimeFor = (lifetimes: SessionLifetimes, role: Role): SessionLifetime =>
  role === 'customer' ? lifetimes.customer : role === 'crew' ? lifetimes.crew : lifetimes.staff;

/** "Last used" is written at most this often per session: not a write on every request. */
export const SESSION_TOUCH_MS = 5 * 60 * 1000;
