import type { Role } from '../../src/shared/policy';
import type { TestAppContext } from './app';

/**
 * The access matrix's examples (src/server/routes/access.test.ts): one request per route
 * that a role allowed to call it gets a 2xx for. Each area keeps its own in
 * tests/support/access-examples/<area>.ts.
 */
export interface Example {
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
}

/** Who calls: a role (null for anonymous) with its user's id and its headers. */
export interface Caller {
  role: Role | null;
  userId: string | null;
  headers: Record<string, string>;
}

/**
 * A request that the route accepts from a role that may call it; made fresh per call when
 * it consumes something. `caller` lets an example make what that caller may act on (a visit
 * assigned to the calling crew member, say).
 */
export type MakeExample = (t: TestAppContext, caller: Caller) => Example | Promise<Example>;

/** Customer A's records, which the seeded staff and customer A's manager may act on. */
export const idOf = (fx: TestAppContext['fixture']) => fx.customerA;
