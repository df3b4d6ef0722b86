// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { welcomeName as displayName } from './components/customer-dashboard';
import { PhotoTypeBadge } from './components/photo-type-badge';
import { instantDateText as formatUploadDate } from '../../../shared/date-formats';

describe('dashboard details', () => {
  afterEach(cleanup);

  it('welcomes the customer by name, else the first name, else "Customer"', () => {
    const user = { id: 'u1', email: 'pat@example.com', firstName: 'Pat', lastName: 'Lee', role: 'customer' as const };
    const customer = { name: 'Southridge Commons', email: 'office@example.com', phone: null, address: null };
    expect(displayName({ user, customer, passkey: 'optional' })).toBe('Southridge Commons');
    expect(displayName({ user, customer: null, passkey: 'optional' })).toBe('Pat');
    expect(displayName({ user: { ...user, firstName: null }, customer: null, passkey: 'optional' })).toBe('Customer');
  });

  it('colours photo badges: before amber, after green, anything else blue', () => {
    render(
      <>
        <PhotoTypeBadge type="before" />
        <PhotoTypeBadge type="after" />
        <PhotoTypeBadge type="progress" />
      </>,
    );
    expect(screen.getByText('before').className).toMatch(/amber/);
    expect(screen.getByText('after').className).toMatch(/emerald/);
    expect(screen.getByText('progress').className).toMatch(/sky/);
  });

  it('writes upload dates like "Oct 2, 2026"', () => {
    expect(formatUploadDate('2026-10-02T15:00:00.000Z')).toBe('Oct 2, 2026');
  });
});
