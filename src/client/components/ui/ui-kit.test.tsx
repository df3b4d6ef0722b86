// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Card } from './card';
import { CrewPicker } from './crew-picker';
import { Field } from './field';
import { Fieldset } from './fieldset';
import { Select } from './select';
import { TextField } from './text-field';

afterEach(cleanup);

const crew = [
  { id: 'a', name: 'Ana Ruiz' },
  { id: 'b', name: 'Bo Lee' },
];

describe('Field', () => {
  it('ties the label, hint and error to the control', () => {
    render(
      <Field label="Note" hint="Shown to the customer" error="Write a note">
        {(control) => <input {...control} />}
      </Field>,
    );
    const input = screen.getByLabelText('Note');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const described = input
      .getAttribute('aria-describedby')!
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(['Shown to the customer', 'Write a note']);
  });

  it('keeps a given id, and says nothing extra without hint or error', () => {
    render(<TextField label="Name" id="the-name" />);
    const input = screen.getByLabelText('Name');
    expect(input.id).toBe('the-name');
    expect(input.getAttribute('aria-invalid')).toBe('false');
    expect(input.hasAttribute('aria-describedby')).toBe(false);
  });

  it('works with react-hook-form’s register', () => {
    let read: () => unknown = () => undefined;
    function Form() {
      const { register, getValues } = useForm({ defaultValues: { size: 'm', name: 'x' } });
      read = getValues;
      return (
        <>
          <TextField label="Name" {...register('name')} />
          <Select label="Size" {...register('size')}>
            <option value="s">Small</option>
            <option value="m">Medium</option>
          </Select>
        </>
      );
    }
    render(<Form />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Lot A' } });
    fireEvent.change(screen.getByLabelText('Size'), { target: { value: 's' } });
    expect(read()).toEqual({ name: 'Lot A', size: 's' });
  });
});

describe('Fieldset', () => {
  it('names the group by its legend and describes it by its error, in a live region', () => {
    render(
      <Fieldset legend="Crew" error="Choose at least one crew member">
        <input type="checkbox" aria-label="Ana" />
      </Fieldset>,
    );
    const group = screen.getByRole('group', { name: 'Crew' });
    const error = document.getElementById(group.getAttribute('aria-describedby')!)!;
    expect(error.textContent).toBe('Choose at least one crew member');
    expect(error.closest('[aria-live]')).not.toBeNull();
  });
});

describe('CrewPicker', () => {
  it('is controlled by value and onChange', () => {
    function Picker() {
      const [value, setValue] = useState<string[]>(['b']);
      return (
        <>
          <CrewPicker crew={crew} empty="None" value={value} onChange={setValue} layout="inline" />
          <output>{value.join(',')}</output>
        </>
      );
    }
    render(<Picker />);
    expect((screen.getByRole('checkbox', { name: 'Bo Lee' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Ana Ruiz' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Bo Lee' }));
    expect(screen.getByRole('status').textContent).toBe('a');
  });

  it('registers with react-hook-form, and names members from their parts', () => {
    let read: () => unknown = () => undefined;
    function Form() {
      const { register, getValues } = useForm({ defaultValues: { crewUserIds: [] as string[] } });
      read = getValues;
      return (
        <CrewPicker
          crew={[{ id: 'c', email: 'cy@example.com', firstName: null, lastName: null }, ...crew]}
          empty="None"
          field={register('crewUserIds')}
        />
      );
    }
    render(<Form />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'cy@example.com' }));
    expect(read()).toEqual({ crewUserIds: ['c'] });
  });

  it('says when the crew is loading, failed, or empty', () => {
    const { rerender } = render(
      <CrewPicker crew={{ isPending: true, isError: false }} empty="No crew yet" value={[]} onChange={() => {}} />,
    );
    expect(screen.getByText('Loading the crew…')).toBeTruthy();
    rerender(<CrewPicker crew={{ isPending: false, isError: true }} empty="No crew yet" value={[]} onChange={() => {}} />);
    expect(screen.getByRole('alert').textContent).toBe('Could not load the crew. Refresh the page to try again.');
    rerender(<CrewPicker crew={{ isPending: false, isError: false, data: [] }} empty="No crew yet" value={[]} onChange={() => {}} />);
    expect(screen.getByText('No crew yet')).toBeTruthy();
  });
});

describe('Card', () => {
  it('is a section by default, another element when asked, with its padding', () => {
    render(
      <>
        <Card aria-label="One">1</Card>
        <Card as="li" padding="p-5">
          2
        </Card>
      </>,
    );
    expect(screen.getByRole('region', { name: 'One' }).className).toContain('p-6');
    expect(screen.getByRole('listitem').className).toContain('p-5');
  });
});
