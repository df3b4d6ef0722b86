/** Query keys of the schedule; every change to a visit invalidates `all` (the week, today's progress and the visit's record). */
export const scheduleKeys = {
  all: ['schedule'] as const,
  week: (from: string, to: string) => [...scheduleKeys.all, 'week', from, to] as const,
  visit: (id: string) => [...scheduleKeys.all, 'visit', id] as const,
  properties: () => [...scheduleKeys.all, 'properties'] as const,
};
