// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { siteIssueFormSchema, type SiteIssueForm } from '../../shared/api/crew-rules';
import { Field } from '../components/ui/field';
import { ApiError } from './api-client';
import { useLightSchemaForm } from './use-light-schema-form';

afterEach(cleanup);

function IssueForm({ send }: { send: (issue: { type: string; note: string }) => Promise<unknown> }) {
  const form = useLightSchemaForm(siteIssueFormSchema, { type: '', note: '' } as SiteIssueForm, send);
  return (
    <form aria-label="Issue" noValidate onSubmit={(event) => void form.submit(event)}>
      <Field label="Kind" error={form.errors.type}>
        {(control) => (
          <select {...control} {...form.field('type')}>
            <option value="">Choose one</option>
            <option value="hazard">Hazard</option>
            <option value="other">Other</option>
          </select>
        )}
      </Field>
      <Field label="Note" error={form.errors.note}>
        {(control) => <textarea {...control} {...form.field('note')} />}
      </Field>
      {form.serverError ? <p>{form.serverError}</p> : null}
      <button type="submit">Save</button>
    </form>
  );
}

describe('a crew form on a shared schema without react-hook-form', () => {
  it('puts the schema’s message on the field at fault, focuses it, sends nothing, and clears it once the field is right', async () => {
    const send = vi.fn(async () => undefined);
    render(<IssueForm send={send} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Choose the kind of issue');
    const kind = screen.getByLabelText('Kind');
    expect(document.activeElement).toBe(kind);
    expect(kind.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(kind, { target: { value: 'other' } });
    await waitFor(() => expect(screen.queryByText('Choose the kind of issue')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Say what the issue is in the note');
    expect(document.activeElement).toBe(screen.getByLabelText('Note'));
    expect(send).not.toHaveBeenCalled();
  });

  it('hands the schema’s output (the note trimmed) to send', async () => {
    const send = vi.fn(async () => undefined);
    render(<IssueForm send={send} />);
    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'hazard' } });
    fireEvent.change(screen.getByLabelText('Note'), { target: { value: '  Broken glass by the cart corral  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(send).toHaveBeenCalledWith({ type: 'hazard', note: 'Broken glass by the cart corral' }));
  });

  it('sends once however fast Save is pressed twice', async () => {
    let release = () => {};
    const send = vi.fn(() => new Promise<void>((resolve) => (release = resolve)));
    render(<IssueForm send={send} />);
    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'hazard' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    release();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('shows a failed send as the form’s message', async () => {
    const send = vi.fn(async () => {
      throw new ApiError(409, JSON.stringify({ message: 'This visit is already completed' }), 'Conflict');
    });
    render(<IssueForm send={send} />);
    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'hazard' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('This visit is already completed');
  });
});
