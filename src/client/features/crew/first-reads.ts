import type { FirstReads } from '../../../shared/first-screen';
import { AUTH_USER_URL } from '../../api/api-urls';
import { CREW_ROUTE_URL } from './api/urls';

/** /crew: the member's route. The crew entry holds the screen itself (no lazy module to preload). */
export const crewFirstReads: FirstReads = { reads: () => [AUTH_USER_URL, CREW_ROUTE_URL] };
