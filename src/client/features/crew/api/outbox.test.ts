import { describe, expect, it } from 'vitest';
import { retryDelayMs } from './outbox';

describe('the crew outbox’s retry delay', () => {
  it('grows with each attempt, up to a minute', () => {
    expect([0, 1, 2, 3, 4, 5, 9].map((attempt) => retryDelayMs(attempt, null, 1))).toEqual([
      2_000, 5_000, 10_000, 20_000, 40_000, 60_000, 60_000,
    ]);
  });

  it('waits at least as long as a busy server asked (Retry-After), never less than the backoff', () => {
    expect(retryDelayMs(0, 30, 1)).toBe(30_000);
    expect(retryDelayMs(4, 30, 1)).toBe(40_000);
    expect(retryDelayMs(0, 0, 1)).toBe(2_000);
  });

  it('spreads phones apart by up to a fifth either way', () => {
    expect(retryDelayMs(1, null, 0.8)).toBe(4_000);
    expect(retryDelayMs(1, null, 1.2)).toBe(6_000);
    const drawn = retryDelayMs(1, null);
    expect(drawn).toBeGreaterThanOrEqual(4_000);
    expect(drawn).toBeLessThanOrEqual(6_000);
  });
});
