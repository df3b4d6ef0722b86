import type { FirstReads } from '../../../shared/first-screen';
import { AUTH_USER_URL, propertyPhotosUrl } from '../../api/api-urls';
import { MY_PROPERTIES_URL, propertyRequestsUrl, visitHistoryUrl } from './api/urls';

/** The customer's dashboard: its three views are one screen, loaded lazily (app/screens/portal.tsx). */
const screen = 'src/client/features/dashboard/components/customer-dashboard.tsx';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /customer-dashboard: the customer's properties. */
export const dashboardFirstReads: FirstReads = { screen, reads: () => [AUTH_USER_URL, MY_PROPERTIES_URL] };

/** /customer-dashboard/properties/:id: the property's photos, the first page of its visits, and its requests. */
export const propertyFirstReads: FirstReads = {
  screen,
  // An id that is no property's id reads nothing more: the screen says "not found".
  reads: ({ id = '' }) =>
    UUID.test(id)
      ? [AUTH_USER_URL, MY_PROPERTIES_URL, propertyPhotosUrl(id), visitHistoryUrl(id, null, 1), propertyRequestsUrl(id)]
      : [AUTH_USER_URL, MY_PROPERTIES_URL],
};
