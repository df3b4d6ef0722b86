import path from 'node:path';
import { company } from '../shared/company';
import { RESPONSE_HOURS } from '../shared/constants';
import { CHECK_IN_FENCE_METERS_DEFAULT, VISIT_HORIZON_WEEKS_DEFAULT } from '../shared/visits';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  appUrl: URL;
  logLevel: string;
  trustProxy: boolean | string | ((address: string, hop: number) => boolean);
  /** Where the production build of the client lives. */
  clientDir: string;
  contactRateLimit: { max: number; windowMs: number };
  /** nodemailer transport URL (smtp://user:pass@host:587); without it, e-mails are printed to the log. */
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
}

type Env = Record<string, string | undefined>;

function integer(env: Env, name: string, fallback: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be a whole number of at least ${min}, got "${raw}"`);
  return value;
}

/** TRUST_PROXY: "true", a hop count, or a list of trusted addresses/CIDRs. */
function trustProxy(raw: string | undefined): Config['trustProxy'] {
  if (!raw || raw === 'false') return false;
  if (raw === 'true') return true;
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    return (_address, hop) => hop < hops;
  }
  return raw;
}

export function loadConfig(env: Env = process.env): Config {
  const port = integer(env, 'PORT', 3000);
  const appUrlRaw = env.APP_URL || `http://localhost:${port}`;
  let appUrl: URL;
  try {
    appUrl = new URL(appUrlRaw);
  } catch {
    throw new Error(`APP_URL must be an absolute URL such as https://lots.example.com, got "${appUrlRaw}"`);
  }
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
    smtpUrl: env.SMTP_URL || undefined,
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
  };
}
