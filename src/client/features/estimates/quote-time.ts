import { RESPONSE_HOURS } from '../../../shared/constants';

/** A length of time for a person: "45 min", "3 h 20 min", "2 days 4 h". */
export function durationText(minutes: number): string {
  const whole = Math.max(0, Math.round(minutes));
  if (whole < 60) return `${whole} min`;
  if (whole < 48 * 60) return `${Math.floor(whole / 60)} h${whole % 60 ? ` ${whole % 60} min` : ''}`;
  const days = Math.floor(whole / (24 * 60));
  const hours = Math.floor((whole % (24 * 60)) / 60);
  return `${days} days${hours ? ` ${hours} h` : ''}`;
}

/**
 * How long the quote took, against the company's promise (SPEC §9: a response within 24 hours of a
 * request): "Sent 3 h 20 min after the request — within our 24-hour promise", or "— over our 24-hour promise".
 */
export function quoteTimeText(minutes: number, promiseHours: number = RESPONSE_HOURS): { text: string; kept: boolean } {
  const kept = minutes <= promiseHours * 60;
  return {
    kept,
    text: `Sent ${durationText(minutes)} after the request — ${kept ? 'within' : 'over'} our ${promiseHours}-hour promise`,
  };
}
