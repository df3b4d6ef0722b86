// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { company } from '../../../../shared/company';
import { SiteFooter } from './site-footer';

describe('the footer', () => {
  afterEach(cleanup);

  it('hides the social icons while the company constants set no profile URL', () => {
    expect(company.social.every((network) => network.href === null)).toBe(true);
    render(<SiteFooter />);
    expect(screen.queryByRole('list', { name: 'Social media' })).toBeNull();
    expect(screen.queryByRole('link', { name: /on (Facebook|LinkedIn|Instagram)/ })).toBeNull();
  });

  it('links each network whose profile URL is set, and only those', () => {
    render(
      <SiteFooter
        social={[
          { name: 'Facebook', href: 'https://www.facebook.com/lakeshorelotcare' },
          { name: 'LinkedIn', href: null },
          { name: 'Instagram', href: 'https://www.instagram.com/lakeshorelotcare' },
        ]}
      />,
    );
    const list = screen.getByRole('list', { name: 'Social media' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => [link.getAttribute('aria-label'), link.getAttribute('href')])).toEqual([
      [`${company.name} on Facebook`, 'https://www.facebook.com/lakeshorelotcare'],
      [`${company.name} on Instagram`, 'https://www.instagram.com/lakeshorelotcare'],
    ]);
  });

  it('links the privacy policy, and reaches the landing sections from other pages', () => {
    render(<SiteFooter linkBase="/" />);
    expect(screen.getByRole('link', { name: 'Privacy policy' }).getAttribute('href')).toBe('/privacy');
    expect(screen.getByRole('link', { name: 'Services' }).getAttribute('href')).toBe('/#services');
    expect(screen.getByRole('link', { name: 'Get Quote' }).getAttribute('href')).toBe('/#contact');
  });
});
