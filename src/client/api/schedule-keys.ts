import { propertyKeys, visitKeys } from './query-keys';

/**
 * Query keys of the schedule, under the shared visits family: every change to a visit
 * (`resources.visits`) reaches the week, today's progress and the visit's record.
 */
export const scheduleKeys = {
  all: [...visitKeys.all, 'schedule'] as const,
  week: (from: string, to: string) => [...scheduleKeys.all, 'week', from, to] as const,
  visit: (id: string) => [...scheduleKeys.all, 'visit', id] as const,
  /** The properties a one-off visit can be added to: a property added or renamed changes them. */
  properties: () => [...propertyKeys.all, 'visit-choices'] as const,
};
