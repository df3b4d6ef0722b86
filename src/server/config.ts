import path from 'node:path';
import { company } from '../shared/company';
import { RESPONSE_HOURS } from '../shared/constants';
import { PHOTO_PROCESSING_DEFAULTS, type PhotoProcessingLimits, type S3Settings } from './modules/photos';
import { REPORT_RENDERING_DEFAULTS, type ReportRenderingLimits } from './modules/reports';
import { CHECK_IN_FENCE_METERS_DEFAULT, VISIT_HORIZON_WEEKS_DEFAULT } from '../shared/visits';
import { SESSION_LIFETIME_DEFAULTS, type SessionLifetimes } from '../shared/session-lifetimes';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  appUrl: URL;
  logLevel: string;
  /** TRUST_PROXY: off, the proxies in front counted in hops, or their addresses (never "trust every hop"). */
  trustProxy: false | string | ((address: string, hop: number) => boolean);
  /** Where the production build of the client lives. */
  clientDir: string;
  contactRateLimit: { max: number; windowMs: number };
  /**
   * nodemailer transport URL (smtp://user:pass@host:587). Without it, e-mails are printed to the
   * log, which only a trial on http may do: production settings refuse to start without it.
   */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Who hears of each new quote request: these addresses, or (when empty) every staff user. */
  staffNotifyEmails: string[];
  /** Sign-in link requests allowed per e-mail address and per client IP, per hour. */
  signInRateLimit: { perEmail: number; perIp: number };
  /** The callback the company promises, in hours: new requests waiting longer are overdue in the console. */
  callbackPromiseHours: number;
  /**
   * Check every JSON answer against its route's contract (a mismatch is a 500). The tests
   * turn it on; in production answers are serialized without the check, for speed.
   */
  checkResponses: boolean;
  /** Visits are made from the plans this many weeks ahead (VISIT_HORIZON_WEEKS). */
  visitHorizonWeeks: number;
  /** A crew check-in this close to the property (metres) is verified on site; farther, it is flagged as away. */
  checkInFenceMeters: number;
  /** Photos decoded at once (PHOTO_PROCESSING_CONCURRENCY) and waiting (PHOTO_QUEUE_MAX); beyond, uploads get 503. */
  photoProcessing: PhotoProcessingLimits;
  /**
   * Monthly PDFs drawn at once (REPORT_RENDER_CONCURRENCY, each in a worker thread) and waiting
   * (REPORT_QUEUE_MAX), beyond which downloads get 503; and in progress per user (REPORT_RENDERS_PER_USER), beyond which 429.
   */
  reportRendering: ReportRenderingLimits;
  /**
   * Session lifetimes by kind of user: STAFF_SESSION_IDLE_HOURS and STAFF_SESSION_MAX_DAYS,
   * CREW_SESSION_IDLE_DAYS and CREW_SESSION_MAX_DAYS, CUSTOMER_SESSION_IDLE_DAYS and CUSTOMER_SESSION_MAX_DAYS.
   */
  sessionLifetimes: SessionLifetimes;
  /**
   * MIGRATE_AT_START: run the pending migrations at start (the default), or, when false, only
   * refuse to start on a database that lacks some, for an app role that may not change the
   * schema (migrations then run as the owner: `npm run admin -- migrate`, docs/deploy.md).
   */
  migrateAtStart: boolean;
  /** Photos in an S3-compatible bucket (S3_BUCKET and the other S3_* settings); undefined keeps them under DATA_DIR/photos. */
  s3: S3Settings | undefined;
}

type Env = Record<string, string | undefined>;

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** The session lifetimes from the environment, each in its own unit; an idle time longer than the maximum is refused. */
function sessionLifetimes(env: Env): SessionLifetimes {
  const d = SESSION_LIFETIME_DEFAULTS;
  const read = (kind: string, idle: [name: string, unitMs: number, fallbackMs: number], maxFallbackMs: number) => {
    const lifetime = {
      idleMs: integer(env, idle[0], idle[2] / idle[1], 1) * idle[1],
      maxMs: integer(env, `${kind}_SESSION_MAX_DAYS`, maxFallbackMs / DAY_MS, 1) * DAY_MS,
    };
    if (lifetime.idleMs > lifetime.maxMs) throw new Error(`${idle[0]} must not be longer than ${kind}_SESSION_MAX_DAYS`);
    return lifetime;
  };
  return {
    staff: read('STAFF', ['STAFF_SESSION_IDLE_HOURS', HOUR_MS, d.staff.idleMs], d.staff.maxMs),
    crew: read('CREW', ['CREW_SESSION_IDLE_DAYS', DAY_MS, d.crew.idleMs], d.crew.maxMs),
    customer: read('CUSTOMER', ['CUSTOMER_SESSION_IDLE_DAYS', DAY_MS, d.customer.idleMs], d.customer.maxMs),
  };
}

function integer(env: Env, name: string, fallback: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be a whole number of at least ${min}, got "${raw}"`);
  return value;
}

function boolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (raw === 'true' || raw === 'false') return raw === 'true';
  throw new Error(`${name} must be true or false, got "${env[name]}"`);
}

const S3_SETTINGS = ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE', 'S3_PREFIX'];

/**
 * The photo bucket, when S3_BUCKET names one. Another S3_* setting without S3_BUCKET is refused
 * rather than ignored: an instance that silently kept photos on its own disk would hide them from the others.
 */
function s3Settings(env: Env): S3Settings | undefined {
  const value = (name: string) => env[name]?.trim() || undefined;
  const bucket = value('S3_BUCKET');
  if (!bucket) {
    const stray = S3_SETTINGS.filter((name) => value(name) !== undefined);
    if (stray.length > 0)
      throw new Error(
        `${stray.join(', ')} ${stray.length === 1 ? 'is' : 'are'} set but S3_BUCKET is not. Set S3_BUCKET to keep photos ` +
          'in that bucket, or unset the S3_* settings to keep them on disk under DATA_DIR/photos.',
      );
    return undefined;
  }
  if (/[/:\s]/.test(bucket)) throw new Error(`S3_BUCKET must be the bucket's name alone, such as lakeshore-photos, got "${bucket}"`);
  const region = value('S3_REGION');
  if (!region)
    throw new Error(
      "S3_BUCKET is set but S3_REGION is not: set the bucket's region, such as us-east-2 (any value, such as us-east-1, for most S3-compatible services).",
    );
  const endpoint = value('S3_ENDPOINT');
  const endpointProtocol = endpoint && URL.canParse(endpoint) ? new URL(endpoint).protocol : undefined;
  if (endpoint !== undefined && endpointProtocol !== 'https:' && endpointProtocol !== 'http:')
    throw new Error(`S3_ENDPOINT must be an http or https URL such as https://s3.us-east-2.amazonaws.com, got "${endpoint}"`);
  const accessKeyId = value('S3_ACCESS_KEY_ID');
  const secretAccessKey = value('S3_SECRET_ACCESS_KEY');
  if (!accessKeyId !== !secretAccessKey)
    throw new Error(
      `${accessKeyId ? 'S3_ACCESS_KEY_ID' : 'S3_SECRET_ACCESS_KEY'} is set without ${accessKeyId ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'}: ` +
        'set both, or neither to use the default AWS credentials (environment, profile, instance or task role).',
    );
  const prefix = (value('S3_PREFIX') ?? '').replace(/^\/+|\/+$/g, '');
  if (prefix.split('/').some((part) => part === '..' || part === '.') || prefix.includes('//'))
    throw new Error(`S3_PREFIX must be a plain path such as lakeshore/photos, got "${env.S3_PREFIX}"`);
  return {
    bucket,
    region,
    endpoint,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    forcePathStyle: boolean(env, 'S3_FORCE_PATH_STYLE', false),
    prefix: prefix ? `${prefix}/` : '',
  };
}

export const TRUST_PROXY_TRUE_REFUSED =
  'TRUST_PROXY=true would believe every X-Forwarded-For entry, so any client could pick its own IP address ' +
  '(and slip past the rate limits). Set how many proxies stand in front of the server (TRUST_PROXY=1 for one ' +
  'nginx or load balancer) or their addresses (TRUST_PROXY=127.0.0.1,10.0.0.0/8).';

/** TRUST_PROXY: a hop count, or a list of trusted addresses/CIDRs. "true" is refused (see the message). */
function trustProxy(raw: string | undefined): Config['trustProxy'] {
  const value = raw?.trim() ?? '';
  if (!value || value === 'false' || value === '0') return false;
  if (value.toLowerCase() === 'true') throw new Error(TRUST_PROXY_TRUE_REFUSED);
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value;
}

export const MAIL_REQUIRED_MESSAGE =
  'SMTP_URL is not set. Without it e-mails, sign-in links included, would be printed to the log, which is only ' +
  'for trying the product on http. With NODE_ENV=production or an https APP_URL, set SMTP_URL ' +
  '(smtp://user:pass@mail.example.com:587) so the server can send mail.';

/** Production: NODE_ENV=production, or a public https APP_URL (a local trial runs on http://localhost). */
const isProduction = (env: Env, appUrl: URL) => env.NODE_ENV === 'production' || appUrl.protocol === 'https:';

/**
 * Reads the environment. `sendsMail: false` is for the operator commands: they only queue
 * e-mails (the server sends them), so they run with or without SMTP_URL.
 */
export function loadConfig(env: Env = process.env, { sendsMail = true }: { sendsMail?: boolean } = {}): Config {
  const port = integer(env, 'PORT', 3000);
  const appUrlRaw = env.APP_URL || `http://localhost:${port}`;
  let appUrl: URL;
  try {
    appUrl = new URL(appUrlRaw);
  } catch {
    throw new Error(`APP_URL must be an absolute URL such as https://lots.example.com, got "${appUrlRaw}"`);
  }
  const smtpUrl = env.SMTP_URL || undefined;
  if (sendsMail && !smtpUrl && isProduction(env, appUrl)) throw new Error(MAIL_REQUIRED_MESSAGE);
  return {
    port,
    host: env.HOST || '127.0.0.1',
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    appUrl,
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: trustProxy(env.TRUST_PROXY),
    clientDir: path.resolve(env.CLIENT_DIR || './dist/client'),
    contactRateLimit: {
      max: integer(env, 'CONTACT_RATE_LIMIT_MAX', 10, 1),
      windowMs: integer(env, 'CONTACT_RATE_LIMIT_WINDOW_MS', 10 * 60 * 1000, 1000),
    },
    smtpUrl,
    mailFrom: env.MAIL_FROM || `${company.name} <${company.noReplyEmail}>`,
    staffNotifyEmails: (env.STAFF_NOTIFY_EMAIL ?? '')
      .split(',')
      .map((address) => address.trim())
      .filter(Boolean),
    signInRateLimit: {
      perEmail: integer(env, 'SIGN_IN_RATE_LIMIT_PER_EMAIL', 5, 1),
      perIp: integer(env, 'SIGN_IN_RATE_LIMIT_PER_IP', 30, 1),
    },
    callbackPromiseHours: integer(env, 'CALLBACK_PROMISE_HOURS', RESPONSE_HOURS, 1),
    checkResponses: env.CHECK_RESPONSES === 'true',
    visitHorizonWeeks: integer(env, 'VISIT_HORIZON_WEEKS', VISIT_HORIZON_WEEKS_DEFAULT, 1),
    checkInFenceMeters: integer(env, 'CHECK_IN_FENCE_METERS', CHECK_IN_FENCE_METERS_DEFAULT, 1),
    photoProcessing: {
      concurrency: integer(env, 'PHOTO_PROCESSING_CONCURRENCY', PHOTO_PROCESSING_DEFAULTS.concurrency, 1),
      maxWaiting: integer(env, 'PHOTO_QUEUE_MAX', PHOTO_PROCESSING_DEFAULTS.maxWaiting, 0),
    },
    reportRendering: {
      concurrency: integer(env, 'REPORT_RENDER_CONCURRENCY', REPORT_RENDERING_DEFAULTS.concurrency, 1),
      maxWaiting: integer(env, 'REPORT_QUEUE_MAX', REPORT_RENDERING_DEFAULTS.maxWaiting, 0),
      perUser: integer(env, 'REPORT_RENDERS_PER_USER', REPORT_RENDERING_DEFAULTS.perUser, 1),
    },
    sessionLifetimes: sessionLifetimes(env),
    migrateAtStart: boolean(env, 'MIGRATE_AT_START', true),
    s3: s3Settings(env),
  };
}
