import { describe, expect, it } from 'vitest';
import { DEFAULT_RETURN_TO, landingFor, safeReturnTo } from './return-to';

describe('safeReturnTo', () => {
  it.each([
    ['/customer-dashboard', '/customer-dashboard'],
    ['/customer-dashboard/properties/1?tab=photos#top', '/customer-dashboard/properties/1?tab=photos#top'],
    ['/admin/../crew', '/crew'],
    ['/admin/./submissions', '/admin/submissions'],
  ])('keeps a local path: %s is %s', (value, expected) => {
    expect(safeReturnTo(value)).toBe(expected);
  });

  it.each([
    'https://evil.com/',
    '//evil.com',
    '/\\evil.com',
    '/\tevil.com',
    'javascript:alert(1)',
    'customer-dashboard',
    '/api/logout',
    '/admin/../api/logout',
    // Normalizing "/.." away leaves "//evil.com", which a browser reads as another host.
    '/..//evil.com',
    '/../..//evil.com/path',
    '/.//evil.com',
    '/%2e%2e//evil.com',
    '/x/..//evil.com',
    '/x/../..//evil.com?a=1',
    '/' + 'a'.repeat(2000),
    42,
    null,
  ])('sends %s to the dashboard instead', (value) => {
    expect(safeReturnTo(value)).toBe(DEFAULT_RETURN_TO);
  });

  it('never answers anything a browser would read as another host', () => {
    const tricks = ['/..//', '/./', '/x/..//', '/%2e%2e//', '/%2E./', '/.%2e//'];
    for (const trick of tricks) {
      const result = safeReturnTo(`${trick}evil.com/steal`);
      expect(result.startsWith('/')).toBe(true);
      expect(result.startsWith('//')).toBe(false);
      expect(new URL(result, 'https://lakeshorelotcare.com').host).toBe('lakeshorelotcare.com');
    }
  });
});

describe('landingFor', () => {
  it.each([
    ['customer', undefined, '/customer-dashboard'],
    ['crew', undefined, '/crew'],
    ['owner', undefined, '/admin'],
    ['office', 'https://evil.com/', '/admin'],
    ['crew', '/customer-dashboard', '/crew'],
    ['crew', '/customer-dashboard/', '/crew'],
    ['owner', '/crew', '/admin'],
    ['customer', '/admin/../admin/submissions', '/customer-dashboard'],
    ['customer', '/login?returnTo=%2Fadmin', '/customer-dashboard'],
    ['crew', '/logout', '/crew'],
    ['crew', '/crew?visit=9', '/crew?visit=9'],
    ['office', '/admin/schedule', '/admin/schedule'],
    ['customer', '/customer-dashboard/properties/1', '/customer-dashboard/properties/1'],
    ['crew', '/privacy', '/privacy'],
    // Only the entries' own paths count: a look-alike is a page of its own (a 404), not the console.
    ['customer', '/administration', '/administration'],
  ] as const)('a %s returning to %s lands on %s', (role, returnTo, expected) => {
    expect(landingFor(role, returnTo)).toBe(expected);
  });
});
