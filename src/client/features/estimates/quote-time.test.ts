import { describe, expect, it } from 'vitest';
import { durationText, quoteTimeText } from './quote-time';

describe('how long the quote took', () => {
  it('says the time in words a person reads at a glance', () => {
    expect(durationText(45)).toBe('45 min');
    expect(durationText(200)).toBe('3 h 20 min');
    expect(durationText(24 * 60)).toBe('24 h');
    expect(durationText(50 * 60 + 10)).toBe('2 days 2 h');
  });

  it('holds it against the 24-hour promise, the promise itself counting as kept', () => {
    expect(quoteTimeText(200)).toEqual({ kept: true, text: 'Sent 3 h 20 min after the request — within our 24-hour promise' });
    expect(quoteTimeText(24 * 60).kept).toBe(true);
    expect(quoteTimeText(24 * 60 + 1)).toEqual({ kept: false, text: 'Sent 24 h 1 min after the request — over our 24-hour promise' });
  });
});
