import { describe, expect, it } from 'vitest';
import { distanceMeters, mapsLink } from './geo';

describe('distances between points', () => {
  it('measures a known distance: Milwaukee City Hall to the Waukesha County Courthouse is about 26.6 km', () => {
    const cityHall = { lat: 43.0417, lng: -87.9093 };
    const courthouse = { lat: 43.0118, lng: -88.2313 };
    expect(distanceMeters(cityHall, courthouse)).toBeGreaterThan(26_000);
    expect(distanceMeters(cityHall, courthouse)).toBeLessThan(27_000);
  });

  it('is zero at the same point, symmetric, and about 111 m per 0.001 degree of latitude', () => {
    const lot = { lat: 43.0389, lng: -87.9065 };
    expect(distanceMeters(lot, lot)).toBe(0);
    const north = { lat: 43.0399, lng: -87.9065 };
    expect(distanceMeters(lot, north)).toBeCloseTo(distanceMeters(north, lot), 6);
    expect(distanceMeters(lot, north)).toBeGreaterThan(110);
    expect(distanceMeters(lot, north)).toBeLessThan(112);
  });
});

describe('the maps link', () => {
  it('opens the exact point when known, and the address otherwise, escaped', () => {
    expect(mapsLink('1 Main St, Brookfield, WI', { lat: 43.06, lng: -88.1 })).toBe(
      'https://www.google.com/maps/search/?api=1&query=43.06%2C-88.1',
    );
    expect(mapsLink('12 Oak & Elm, Waukesha')).toBe('https://www.google.com/maps/search/?api=1&query=12%20Oak%20%26%20Elm%2C%20Waukesha');
  });
});
