// @vitest-environment jsdom
import { act, cleanup, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { SiteHeader } from './site-header';

const clearMarker = () => {
  document.cookie = 'signed_in=; max-age=0; path=/';
};

describe('the landing header’s way into the portal', () => {
  afterEach(() => {
    cleanup();
    clearMarker();
    document.body.innerHTML = '';
  });

  it('is "Customer Login" in the prerendered header and menu, whatever the cookie', () => {
    document.cookie = 'signed_in=portal; path=/';
    const html = renderToString(<SiteHeader />);
    expect(html.match(/href="\/customer-dashboard"/g)).toHaveLength(2);
    expect(html.match(/Customer Login/g)).toHaveLength(2);
    expect(html).not.toContain('My dashboard');
  });

  it('becomes "My dashboard" after hydration when the signed-in marker names the visitor’s entry', async () => {
    document.cookie = 'theme=dark; path=/';
    document.cookie = 'signed_in=console; path=/';
    const root = document.createElement('div');
    root.innerHTML = renderToString(<SiteHeader />);
    document.body.append(root);
    await act(async () => {
      hydrateRoot(root, <SiteHeader />);
    });
    const links = screen.getAllByRole('link', { name: 'My dashboard', hidden: true });
    expect(links).toHaveLength(2);
    for (const link of links) expect(link.getAttribute('href')).toBe('/admin');
    expect(screen.queryAllByText('Customer Login')).toEqual([]);
  });

  it('stays "Customer Login" without the marker, until the page is shown again with one', async () => {
    const root = document.createElement('div');
    root.innerHTML = renderToString(<SiteHeader />);
    document.body.append(root);
    await act(async () => {
      hydrateRoot(root, <SiteHeader />);
    });
    expect(screen.getAllByRole('link', { name: 'Customer Login', hidden: true }).map((l) => l.getAttribute('href'))).toEqual([
      '/customer-dashboard',
      '/customer-dashboard',
    ]);

    // Signed in in another tab, then back to this page (or to it from the back-forward cache).
    document.cookie = 'signed_in=portal; path=/';
    await act(async () => {
      window.dispatchEvent(new Event('pageshow'));
    });
    expect(screen.getAllByRole('link', { name: 'My dashboard', hidden: true })).toHaveLength(2);
  });
});
