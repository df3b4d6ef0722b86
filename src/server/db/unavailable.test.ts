import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './unavailable';

const withCode = (message: string, code?: string) => Object.assign(new Error(message), code ? { code } : {});

describe('isDatabaseUnavailable', () => {
  it('recognises a database that is stopped, restarting, unreachable or saturated', () => {
    for (const error of [
      withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      withCode('terminating connection due to administrator command', '57P01'),
      withCode('the database system is starting up', '57P03'),
      withCode('connection failure', '08006'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      // drizzle wraps the driver's error
      Object.assign(new Error('Failed query: select 1'), { cause: withCode('connect ECONNREFUSED', 'ECONNREFUSED') }),
    ])
      expect(isDatabaseUnavailable(error), error.message).toBe(true);
  });

  it('leaves bugs and bad input alone', () => {
    for (const error of [
      withCode('bind message supplies 1 parameters, but prepared statement requires 2', '08P01'),
      withCode('duplicate key value violates unique constraint', '23505'),
      withCode('invalid byte sequence for encoding "UTF8": 0x00', '22021'),
      new TypeError("Cannot read properties of undefined (reading 'id')"),
      'not an error',
    ])
      expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
