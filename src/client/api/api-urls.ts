/**
 * The URLs of the API reads that several features make, as plain functions with no client
 * library behind them: the hooks read them, and so does the server's table of first screens
 * (each screen's `first-reads.ts`, decision 010), which must not load React to know a URL.
 */

export { AUTH_USER_URL } from '../../shared/first-screen';

/** GET /api/properties/{id}/photos, newest first. */
export const propertyPhotosUrl = (propertyId: string) => `/api/properties/${propertyId}/photos`;
