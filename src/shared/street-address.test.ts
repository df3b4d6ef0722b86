import { describe, expect, it } from 'vitest';
import { findStreetAddress } from './street-address';

describe('findStreetAddress', () => {
  it('finds a full address: number, direction, street, type, city, state and ZIP', () => {
    expect(findStreetAddress('Our lot at 5300 S 76th St, Greendale, WI 53129 needs weekly sweeping.')).toEqual({
      address: '5300 S 76th St',
      city: 'Greendale',
      state: 'WI',
      zipCode: '53129',
    });
  });

  it('reads a city after "in", full state names, ZIP+4, abbreviations with periods, and words across lines', () => {
    expect(findStreetAddress('Please quote 1200 W. Layton Ave. in Greenfield for Tuesdays')).toEqual({
      address: '1200 W. Layton Ave',
      city: 'Greenfield',
      state: null,
      zipCode: null,
    });
    expect(findStreetAddress('Property: 2500 N Mayfair Road, Wauwatosa, Wisconsin 53226-1234.')).toEqual({
      address: '2500 N Mayfair Road',
      city: 'Wauwatosa',
      state: 'WI',
      zipCode: '53226-1234',
    });
    expect(findStreetAddress('We are at\n 400 East Pleasant\nStreet, Oconomowoc')).toEqual({
      address: '400 East Pleasant Street',
      city: 'Oconomowoc',
      state: null,
      zipCode: null,
    });
  });

  it('takes a state right after the street as the state, not a town, and keeps several-word towns', () => {
    expect(findStreetAddress('Lot at 18000 W Bluemound Rd, WI 53045')).toEqual({
      address: '18000 W Bluemound Rd',
      city: null,
      state: 'WI',
      zipCode: '53045',
    });
    expect(findStreetAddress('3500 S Lake Dr, St. Francis, WI')).toMatchObject({ city: 'St. Francis', state: 'WI' });
    expect(findStreetAddress('the office park at 700 Pilgrim Pkwy in Elm Grove.')).toMatchObject({
      address: '700 Pilgrim Pkwy',
      city: 'Elm Grove',
    });
  });

  it('finds nothing where no clear street address is named', () => {
    for (const message of [
      'Our lot in Greenfield needs help every week.',
      'We have 3 parking lots and 2 buildings, about 4 acres.',
      'Call me at 414-555-0199 after 5 pm.',
      'we need 2 trucks on the road by friday',
      'Please quote the lot on Main Street.',
      '',
    ]) {
      expect(findStreetAddress(message), message).toBeNull();
    }
  });

  it('takes the first of several addresses', () => {
    expect(findStreetAddress('Two sites: 100 E Wisconsin Ave and 200 W Main St')?.address).toBe('100 E Wisconsin Ave');
  });
});
