// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../../../server/app';
import { ContactIsland } from './contact-island';
import { createTestDatabase, type TestDatabase } from '#test/database';
import { createTestApp } from '#test/app';

/**
 * The form talks to the real server (Fastify on PGlite) over HTTP. jsdom's page
 * origin is not that server, so relative URLs are resolved against it here; the
 * request itself is unchanged.
 */
let database: TestDatabase;
let app: App;
const realFetch = globalThis.fetch;

async function startServer(env: Record<string, string> = {}) {
  app = await createTestApp(database, {}, env);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  globalThis.fetch = (input, init) => realFetch(new URL(String(input), address), init);
}

beforeAll(async () => {
  database = await createTestDatabase('pglite');
});
afterEach(async () => {
  cleanup();
  globalThis.fetch = realFetch;
  await app?.close();
});
afterAll(async () => {
  await database.drop();
});

async function fillValidForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/Full Name/), 'Jane Kowalski');
  await user.type(screen.getByLabelText(/Phone Number/), '(414) 555-0199');
  await user.type(screen.getByLabelText(/Email Address/), 'jane@southridgeplaza.com');
  await user.selectOptions(screen.getByLabelText(/Service Needed/), 'Parking Lot Cleaning');
  await user.type(screen.getByLabelText(/Message/), 'Our 200-stall lot needs cleaning twice a week.');
  await user.click(screen.getByLabelText('I agree to be contacted regarding my quote request'));
}

describe('ContactForm', () => {
  it('offers the seven services of the spec', async () => {
    await startServer();
    render(<ContactIsland />);
    const options = within(screen.getByLabelText(/Service Needed/))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual([
      'Select a service',
      'Parking Lot Cleaning',
      'Sidewalks & Building Entrances',
      'Dumpster & Waste Areas',
      'Landscaped Area Cleanup',
      'Complete Property Package',
      'Emergency Cleanup',
      'Other',
    ]);
  });

  it('shows each message next to its field on an invalid submit and focuses the first invalid field', async () => {
    await startServer();
    const user = userEvent.setup();
    render(<ContactIsland />);
    await user.type(screen.getByLabelText(/Phone Number/), 'call me');
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));

    const expectations: Array<[RegExp | string, string]> = [
      [/Full Name/, 'Name must be at least 2 characters'],
      [/Phone Number/, 'Please enter a valid phone number'],
      [/Email Address/, 'Please enter a valid email address'],
      [/Service Needed/, 'Please select a service'],
      [/Message/, 'Message must be at least 10 characters'],
      ['I agree to be contacted regarding my quote request', 'You must agree to our privacy policy'],
    ];
    for (const [label, message] of expectations) {
      const field = await screen.findByLabelText(label);
      expect(field.getAttribute('aria-invalid')).toBe('true');
      const describedBy = field.getAttribute('aria-describedby');
      expect(document.getElementById(describedBy!)?.textContent).toBe(message);
    }
    expect(document.activeElement).toBe(screen.getByLabelText(/Full Name/));
  });

  it('submits, then shows the confirmation with its next steps and the success toast', async () => {
    await startServer();
    const user = userEvent.setup();
    render(<ContactIsland />);
    await fillValidForm(user);

    await user.click(screen.getByRole('button', { name: 'Submit Request' }));

    expect(await screen.findByRole('heading', { name: 'Quote Request Submitted!' })).toBeTruthy();
    expect(screen.getByText('We call you within 24 hours')).toBeTruthy();
    expect(screen.getByText('We schedule a free property visit')).toBeTruthy();
    expect(screen.getByText('You receive a detailed, no-obligation quote')).toBeTruthy();
    const toast = await screen.findByText("We've received your request and will contact you within 24 hours");
    expect(toast).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Submit Another Request' }));
    expect((screen.getByLabelText(/Full Name/) as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('I agree to be contacted regarding my quote request') as HTMLInputElement).checked).toBe(false);
  });

  it('disables the button and reads "Submitting..." until the server answers', async () => {
    await startServer();
    // Hold the answer so the pending state can be observed.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const serverFetch = globalThis.fetch;
    globalThis.fetch = async (input, init) => {
      await gate;
      return serverFetch(input, init);
    };
    const user = userEvent.setup();
    render(<ContactIsland />);
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    const pending = await screen.findByRole('button', { name: 'Submitting...' });
    expect((pending as HTMLButtonElement).disabled).toBe(true);
    release();
    expect(await screen.findByRole('heading', { name: 'Quote Request Submitted!' })).toBeTruthy();
  });

  it('keeps the form filled and shows the error toast with "status: body" when the server refuses', async () => {
    await startServer({ CONTACT_RATE_LIMIT_MAX: '1' });
    const user = userEvent.setup();
    render(<ContactIsland />);
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    await user.click(await screen.findByRole('button', { name: 'Submit Another Request' }));

    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    const description = await screen.findByText(/^There was a problem sending your request\. 429: /);
    // The body text as the server sent it (SPEC §8: "status: body").
    expect(description.textContent).toMatch(/429: \{"message":"Too many requests\. Please try again in .+\."\}$/);
    expect(screen.getByText('Error')).toBeTruthy();
    expect((screen.getByLabelText(/Full Name/) as HTMLInputElement).value).toBe('Jane Kowalski');
    expect((screen.getByLabelText(/Message/) as HTMLTextAreaElement).value).toBe('Our 200-stall lot needs cleaning twice a week.');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Submit Request' })).toBeTruthy());
  });
});
