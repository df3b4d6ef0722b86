import type { FirstReads } from '../../../shared/first-screen';
import { addDays, weekStartOf } from '../../../shared/local-dates';
import { AUTH_USER_URL } from '../../api/api-urls';
import { scheduleUrl } from './api/urls';

/** /admin/schedule: this week (another week, from ?week=, reads itself). */
export const scheduleFirstReads: FirstReads = {
  screen: 'src/client/features/schedule/components/schedule-page.tsx',
  reads: (_params, query, today) => {
    if (query.has('week')) return [AUTH_USER_URL];
    const monday = weekStartOf(today);
    return [AUTH_USER_URL, scheduleUrl(monday, addDays(monday, 6))];
  },
};
