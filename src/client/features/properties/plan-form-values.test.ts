import { describe, expect, it } from 'vitest';
import { planFormSchema, planFormValues, firstMessage, toPlanInput } from './components/plan-form-values';
import { locationFormSchema } from './components/use-location-form';

const check = (schema: typeof planFormSchema | typeof locationFormSchema, value: unknown) => {
  const result = schema['~standard'].validate(value);
  if (result instanceof Promise) throw new Error('The form schemas check synchronously');
  return result;
};
const messages = (result: ReturnType<typeof check>) =>
  result.issues?.map((issue) => [issue.path?.map((part) => (typeof part === 'object' ? part.key : part)).join('.'), issue.message]) ?? [];

describe('the plan form’s values', () => {
  const plan = {
    id: 'p1',
    propertyId: 'x',
    name: 'Lot sweep',
    rrule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU',
    description: 'Every 2 weeks on Tuesday',
    startDate: '2026-03-02',
    endDate: null,
    window: { from: '06:00', to: '10:00' },
    checklist: ['Sweep'],
    crewUserIds: [],
    instructions: '',
    generatedThrough: null,
  };

  it('start from the plan, or from the usual checklist and Monday and Thursday for a new one', () => {
    expect(planFormValues(plan)).toMatchObject({
      rrule: { kind: 'weekly', weekdays: ['TU'], interval: 2 },
      endDate: '',
      window: { anytime: false, from: '06:00', to: '10:00' },
      checklist: ['Sweep'],
    });
    const fresh = planFormValues();
    expect(fresh.checklist).toEqual(['Pick up litter in parking areas', 'Empty exterior bins', 'Clear the dumpster corral']);
    expect(fresh.rrule).toEqual({ kind: 'weekly', weekdays: ['MO', 'TH'], interval: 1 });
    expect(fresh.window.anytime).toBe(true);
  });

  it('become the contract’s input: the RRULE, no window for "anytime", no end date for an empty field', () => {
    expect(toPlanInput(planFormValues(plan))).toMatchObject({
      rrule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU',
      window: { from: '06:00', to: '10:00' },
    });
    expect(toPlanInput({ ...planFormValues(plan), window: { anytime: true, from: '06:00', to: '10:00' } })).toMatchObject({
      window: null,
      endDate: null,
    });
    const result = check(planFormSchema, planFormValues(plan));
    expect(result.issues).toBeUndefined();
  });

  it('are checked by the contract, each message on the form’s field of the same name', () => {
    const values = planFormValues(plan);
    const result = check(planFormSchema, {
      ...values,
      name: ' ',
      rrule: { kind: 'weekly', weekdays: [], interval: 1 },
      endDate: '2026-03-01',
      window: { anytime: false, from: '10:00', to: '06:00' },
      checklist: ['Sweep', ''],
    });
    expect(messages(result)).toEqual([
      ['name', 'Plan name is required'],
      ['rrule', 'Choose at least one weekday (BYDAY=MO,TH)'],
      ['window', 'The window must end after it starts'],
      ['checklist.1', 'Checklist items cannot be empty'],
      ['endDate', 'The end date cannot be before the start date'],
    ]);
    expect(messages(check(planFormSchema, { ...values, endDate: '2026-03-01' }))).toEqual([
      ['endDate', 'The end date cannot be before the start date'],
    ]);
  });

  it('say a field’s first message, its own or one of its parts’', () => {
    expect(firstMessage({ message: 'The window must end after it starts', from: { message: 'no' } })).toBe(
      'The window must end after it starts',
    );
    expect(firstMessage([undefined, { message: 'Checklist items cannot be empty', ref: {} }])).toBe('Checklist items cannot be empty');
    expect(firstMessage({ to: { message: 'The window’s end must be a time such as 06:00', type: 'custom' } })).toBe(
      'The window’s end must be a time such as 06:00',
    );
    expect(firstMessage(undefined)).toBeUndefined();
  });
});

describe('the location form’s values', () => {
  it('are the contract’s numbers, typed in', () => {
    expect(check(locationFormSchema, { lat: ' 43.0389 ', lng: '-87.9065' })).toEqual({
      value: { lat: 43.0389, lng: -87.9065, source: 'typed' },
    });
  });

  it('say an empty or unreadable field "must be a number", and one out of range its range', () => {
    expect(messages(check(locationFormSchema, { lat: '', lng: 'west' }))).toEqual([
      ['lat', 'Latitude must be a number'],
      ['lng', 'Longitude must be a number'],
    ]);
    expect(messages(check(locationFormSchema, { lat: '95', lng: '-181' }))).toEqual([
      ['lat', 'Latitude must be between -90 and 90'],
      ['lng', 'Longitude must be between -180 and 180'],
    ]);
  });
});
