/** GET /api/admin/schedule?from&to: the visits on those local days, every crew member, and today's progress (the hook and the schedule's first reads). */
export const scheduleUrl = (from: string, to: string) => `/api/admin/schedule?${new URLSearchParams({ from, to })}`;
