// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Link } from 'wouter';
import { EntryApp, type EntryScreens } from './router';

/** A screen that fails while it renders, as a bug in a screen would. */
function BrokenScreen(): never {
  throw new Error('Cannot read properties of undefined (reading "visits")');
}

const WorkingScreen = () => <h1>Schedule</h1>;

/** A console-like entry: a frame with its navigation, one screen that throws and one that works. */
const entry = {
  screens: { '/admin/customers': BrokenScreen, '/admin/schedule': WorkingScreen },
  frame: (children: ReactNode) => (
    <>
      <nav aria-label="Staff console">
        <Link href="/admin/customers">Customers</Link>
        <Link href="/admin/schedule">Schedule</Link>
      </nav>
      <main>{children}</main>
    </>
  ),
  home: { href: '/admin', label: 'the console’s overview' },
} as unknown as EntryScreens<'console'>;

describe('a screen that fails to render (issue 22)', () => {
  let consoleError: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    history.replaceState(null, '', '/admin/customers');
  });
  afterEach(() => {
    cleanup();
    consoleError.mockRestore();
  });

  it('shows the error card under the frame, logs the error, and shows the next screen once the user moves on', async () => {
    render(<EntryApp entry={entry} />);

    const card = await screen.findByRole('alert');
    expect(card).toHaveProperty('textContent', 'Something went wrong on this pageReload pageGo to the console’s overview');
    expect(screen.getByRole('heading', { level: 1, name: 'Something went wrong on this page' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload page' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the console’s overview' }).getAttribute('href')).toBe('/admin');
    // The frame stays, and the error is in the browser's console.
    expect(screen.getByRole('navigation', { name: 'Staff console' })).toBeTruthy();
    expect(consoleError.mock.calls.flat()).toContainEqual(
      expect.objectContaining({ message: 'Cannot read properties of undefined (reading "visits")' }),
    );

    act(() => void fireEvent.click(screen.getByRole('link', { name: 'Schedule' })));
    expect(await screen.findByRole('heading', { level: 1, name: 'Schedule' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();

    // Back to the broken screen: it is tried again, and fails again.
    act(() => void fireEvent.click(screen.getByRole('link', { name: 'Customers' })));
    expect(await screen.findByRole('alert')).toBeTruthy();
  });

  it('shows a screen that works, with no card', async () => {
    history.replaceState(null, '', '/admin/schedule');
    render(<EntryApp entry={entry} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Schedule' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(consoleError).not.toHaveBeenCalled();
  });
});
