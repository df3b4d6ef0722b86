// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
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

describe('an empty date', () => {
  afterEach(cleanup);

  it('says "Choose a date" under the start date', () => {
    const { onSubmit } = renderForm();
    fireEvent.change(screen.getByLabelText('Plan name'), { target: { value: 'Lot sweep' } });
    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add plan' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText('Choose a date')).toBeTruthy();
  });
});
