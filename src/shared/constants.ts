/** Business constants and limits from the specification (SPEC §9), defined once. */

export const NAME_MIN = 2;
export const NAME_MAX = 50;
export const MESSAGE_MIN = 10;
export const MESSAGE_MAX = 500;
export const EMAIL_MAX = 254;
export const PHONE_INPUT_MAX = 30;
export const PROPERTY_SIZE_MAX = 100;
export const URGENCY_MAX = 50;

export const CAROUSEL_INTERVAL_MS = 8000;
export const HEADER_COMPACT_AFTER_PX = 50;
export const SCROLL_OFFSET_PX = 80;
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_LIMIT = 1;
/** The staff list of quote requests refreshes this often (SPEC §9). */
export const QUOTE_REQUESTS_REFRESH_MS = 30_000;
export const QUERY_GC_TIME_MS = 5 * 60 * 1000;

export const RESPONSE_HOURS = 24;
export const SERVICE_START = '24-48 hours';

export const THEME_STORAGE_KEY = 'theme';
export type Theme = 'light' | 'dark';
export const DEFAULT_THEME: Theme = 'light';

/** The options of the quote form's service dropdown, in order. */
export const SERVICE_OPTIONS = [
  'Parking Lot Cleaning',
  'Sidewalks & Building Entrances',
  'Dumpster & Waste Areas',
  'Landscaped Area Cleanup',
  'Complete Property Package',
  'Emergency Cleanup',
  'Other',
] as const;
export type ServiceOption = (typeof SERVICE_OPTIONS)[number];

/** Body size limit for POST /api/contact. */
export const CONTACT_BODY_LIMIT_BYTES = 16 * 1024;

/** Where staff are with a quote request. */
export const QUOTE_REQUEST_STATUSES = ['new', 'contacted', 'quoted', 'won', 'lost', 'spam'] as const;
export type QuoteRequestStatus = (typeof QUOTE_REQUEST_STATUSES)[number];
/** One page of the staff list of quote requests: by default, and at most. */
export const QUOTE_REQUEST_PAGE_DEFAULT = 50;
export const QUOTE_REQUEST_PAGE_MAX = 200;
/**
 * A search counts its matches up to this many; past it the inbox says "200+". Counting every match
 * of a common word at a million requests would read them all, for a number nobody pages through:
 * counting to 1,000 read about 20,000 requests for a town named in one request in twenty.
 */
export const SEARCH_COUNT_CAP = 200;
/** The overview's chart: quote requests per week, for this many weeks. */
export const STATS_WEEKS = 12;

/** A sign-in link works once, for this long (ASVS 5.0 6.5.5: at most 10 minutes). */
export const SIGN_IN_LINK_MINUTES = 10;
/** An invitation (a customer's user, or a staff member, added by staff) works once, for this long. */
export const INVITATION_DAYS = 7;
