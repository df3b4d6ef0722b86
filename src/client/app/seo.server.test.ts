import { describe, expect, it } from 'vitest';
import { localBusinessJsonLd } from './seo.server';

describe('the landing page’s structured data', () => {
  it('gives the business’s full postal address, street included', () => {
    expect(localBusinessJsonLd('https://lakeshorelotcare.com').address).toEqual({
      '@type': 'PostalAddress',
      streetAddress: '2210 S. 1st Street',
      addressLocality: 'Milwaukee',
      addressRegion: 'WI',
      postalCode: '53204',
      addressCountry: 'US',
    });
  });
});
