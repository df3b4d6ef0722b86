import { describe, expect, it } from 'vitest';
import { isUrgent } from './urgency';

describe('isUrgent', () => {
  const plain = { service: 'Parking Lot Cleaning', message: 'Weekly sweeping for our 120-space lot in Wauwatosa.' };

  it('is urgent for the Emergency Cleanup service, whatever the message', () => {
    expect(isUrgent({ ...plain, service: 'Emergency Cleanup' })).toBe(true);
  });

  it.each([
    'Can you come today?',
    'We need this ASAP.',
    'It is an emergency after the storm',
    'URGENT: glass at the entrance',
    'Please come right away',
  ])('is urgent when the message says so: %s', (message) => expect(isUrgent({ ...plain, message })).toBe(true));

  it('reads the optional urgency field too', () => {
    expect(isUrgent({ ...plain, urgency: 'asap' })).toBe(true);
  });

  it('is not urgent for an ordinary request', () => {
    expect(isUrgent(plain)).toBe(false);
    expect(isUrgent({ ...plain, message: 'Monthly sweeping would suit us; the lot is quiet on Sundays.' })).toBe(false);
  });

  it('matches whole words only', () => {
    expect(isUrgent({ ...plain, message: 'Our todays-specials board sits by the Basaptown entrance' })).toBe(false);
  });
});
