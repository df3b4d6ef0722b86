/** GET /api/crew/visits: today's route and the last week (the hook and the crew page's first reads). */
export const CREW_ROUTE_URL = '/api/crew/visits';
