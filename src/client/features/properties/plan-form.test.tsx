// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { crewMemberKeys } from '../../api/get-crew-members';
import { PlanForm } from './components/plan-form';

function renderForm() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(crewMemberKeys.all, []);
  const onSubmit = vi.fn(async () => undefined);
  render(
    <QueryClientProvider client={client}>
      <PlanForm submitLabel="Add plan" onSubmit={onSubmit} />
    </QueryClientProvider>,
  );
  return { onSubmit };
}

const weekday = (name: string) => screen.getByRole('checkbox', { name });
const saidTimes = (text: RegExp) => screen.queryAllByText(text).length;

describe('the plan form’s weekdays', () => {
  afterEach(cleanup);

  it('says "Choose at least one weekday" once, never with the RRULE’s example days, and not once a day is ticked', () => {
    const { onSubmit } = renderForm();
    fireEvent.change(screen.getByLabelText('Plan name'), { target: { value: 'Twice-weekly lot sweep' } });
    expect(screen.getByText('Every Monday and Thursday')).toBeTruthy();

    fireEvent.click(weekday('Monday'));
    fireEvent.click(weekday('Thursday'));
    expect(saidTimes(/Choose at least one weekday/)).toBe(1);
    // Heard as it appears, not only seen.
    expect(screen.getByText('Choose at least one weekday').closest('[aria-live]')).not.toBeNull();
    expect(screen.queryByText('Every Monday and Thursday')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Add plan' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(saidTimes(/Choose at least one weekday/)).toBe(1);
    expect(screen.queryByText(/BYDAY|MO,TH/)).toBeNull();
    expect(screen.getByRole('group', { name: 'Repeats' }).getAttribute('aria-describedby')).toBeTruthy();

    fireEvent.click(weekday('Tuesday'));
    expect(saidTimes(/Choose at least one weekday/)).toBe(0);
    expect(screen.getByText('Every Tuesday')).toBeTruthy();
  });

  it('drops an error about the recurrence once the recurrence changes', () => {
    renderForm();
    fireEvent.click(weekday('Monday'));
    fireEvent.click(weekday('Thursday'));
    fireEvent.click(screen.getByRole('button', { name: 'Add plan' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Monthly, on a day' }));
    expect(saidTimes(/Choose at least one weekday|BYDAY/)).toBe(0);
    expect(screen.getByText('Monthly on the 15th')).toBeTruthy();
  });
});

describe('the plan form’s check (react-hook-form with the plan’s contract)', () => {
  afterEach(cleanup);

  it('never shows the RRULE’s example days once the check has run, nor an error after a day is ticked', async () => {
    const { onSubmit } = renderForm();
    fireEvent.click(weekday('Monday'));
    fireEvent.click(weekday('Thursday'));
    fireEvent.click(screen.getByRole('button', { name: 'Add plan' }));
    expect(await screen.findByText('Plan name is required')).toBeTruthy();
    expect(saidTimes(/Choose at least one weekday/)).toBe(1);
    expect(screen.queryByText(/BYDAY|MO,TH/)).toBeNull();

    fireEvent.click(weekday('Tuesday'));
    // The field is checked again as it changes, after the submit: let that check finish.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(saidTimes(/Choose at least one weekday|BYDAY/)).toBe(0);
    expect(screen.getByText('Every Tuesday')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the contract’s input: the RRULE, the window, the checklist as typed', async () => {
    const { onSubmit } = renderForm();
    fireEvent.change(screen.getByLabelText('Plan name'), { target: { value: ' Lot sweep ' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Between set times' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove checklist item 3' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add plan' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        name: 'Lot sweep',
        rrule: 'FREQ=WEEKLY;BYDAY=MO,TH',
        endDate: null,
        window: { from: '06:00', to: '10:00' },
        checklist: ['Pick up litter in parking areas', 'Empty exterior bins'],
        crewUserIds: [],
      }),
    );
  });
});

describe('an empty date', () => {
  afterEach(cleanup);

  it('says "Choose a date" under the start date', async () => {
    const { onSubmit } = renderForm();
    fireEvent.change(screen.getByLabelText('Plan name'), { target: { value: 'Lot sweep' } });
    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add plan' }));
    expect(onSubmit).not.toHaveBeenCalled();
    // react-hook-form checks the schema asynchronously: the message comes a moment after the click.
    expect(await screen.findByText('Choose a date')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
