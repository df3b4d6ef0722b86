import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { QUOTE_REQUEST_STATUSES, SERVICE_OPTIONS } from '../../shared/constants';
import { isOneLineText, oneLineMessage } from '../../shared/storable-text';
import type { QuoteRequest, QuoteRequestNote } from '../../shared/api/quote-requests';
import { PHOTO_TYPES, PROPERTY_TYPES, type Property, type PropertyPhoto } from '../../shared/api/properties';
import type { AuthResponse } from '../../shared/api/accounts';
import type { CustomerDetail, CustomerSummary } from '../../shared/api/customers';
import { testDatabases } from '#test/database';
import { createTestApp, testAppFor } from '#test/app';
import { makeJpeg, type PortalFixture, validContact } from '#test/fixtures';
import { sessionCookie } from '#test/sign-in';
import { startSmtpServer } from '#test/smtp';

/**
 * Property-based hostile input for every JSON endpoint: random JSON, wrong types,
 * huge strings, deep nesting, prototype keys, NUL bytes and lone surrogates, SQL
 * and HTML. Whatever comes in, the server never answers 5xx, every 4xx says why in
 * `{ message }`, a refused request stores nothing, and hostile-but-valid text is
 * stored and shown back exactly as it was sent.
 */

/**
 * Runs per property: enough to reach every generator branch, few enough for the file to
 * take well under a minute on two cores with both databases. HOSTILE_INPUT_RUNS=1000 digs deeper.
 */
const RUNS = Number(process.env.HOSTILE_INPUT_RUNS) || 50;
const json = { 'content-type': 'application/json' };

// ---------------------------------------------------------------------------
// Hostile values
// ---------------------------------------------------------------------------

const SQL_PAYLOADS = [
  "'; drop table quote_requests; --",
  "Robert'); DROP TABLE customers;--",
  "' or '1'='1' --",
  '" or ""="" --',
  "1; delete from users where '1'='1'",
  "'); truncate properties cascade; --",
  '$$; select pg_sleep(10); $$',
  "\\'; drop table users; --",
  '100% _off_ \\% wildcards',
  "admin' union select email from users --",
];
const HTML_PAYLOADS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  `<a href="javascript:alert('x')">click</a>`,
  '</textarea><iframe src=//evil.example>',
  '&lt;b&gt; &amp;amp; &#x3C;script',
  '{{constructor.constructor("alert(1)")()}}',
  '${alert(1)} <!-- comment -->',
];
const PAYLOADS = [...SQL_PAYLOADS, ...HTML_PAYLOADS];

/** Cuts text to at most `max` UTF-16 units without splitting a surrogate pair. */
function clip(text: string, max: number): string {
  let out = '';
  for (const char of text) {
    if (out.length + char.length > max) break;
    out += char;
  }
  return out;
}

/**
 * Valid text of `min`..`max` characters, as hostile as it gets: SQL, HTML and any Unicode but NUL
 * and lone surrogates; for a one-line field (a name, a caption) also no control character or
 * text-direction override (`isOneLineText`), which such fields refuse.
 */
function hostileText(min: number, max: number, { multiline = false } = {}): fc.Arbitrary<string> {
  const piece = fc.oneof(
    fc.constantFrom(...PAYLOADS),
    fc.string({ unit: 'binary', maxLength: 12 }),
    fc.string({ unit: 'grapheme', maxLength: 12 }),
  );
  const oneLine = (text: string) => (multiline ? text : Array.from(text).filter(isOneLineText).join(''));
  return fc
    .tuple(fc.constantFrom(...PAYLOADS), fc.array(piece, { maxLength: 4 }))
    .map(([first, rest]) => oneLine(clip([first, ...rest].join(' ').replace(/\0/g, ''), max)).trim())
    .filter((text) => text.length >= min);
}

/** Characters PostgreSQL text cannot hold (NUL) or UTF-8 cannot encode (lone surrogates). */
const BAD_CHARACTERS = ['\u0000', '\u0000\u0000', '\ud800', '\udbff', '\udc00', '\udfff', '\ud83d'];

/** A valid value with a NUL or a lone surrogate (and perhaps a payload) slipped in somewhere. */
const withBadCharacter = (valid: string) =>
  fc
    .tuple(fc.nat({ max: valid.length }), fc.constantFrom(...BAD_CHARACTERS), fc.constantFrom('', ...PAYLOADS))
    .map(([at, bad, payload]) => valid.slice(0, at) + bad + payload + valid.slice(at));

const hugeString = fc
  .tuple(fc.integer({ min: 20_000, max: 100_000 }), fc.constantFrom('a', 'é', '😀', '<', "'", '\u0000'))
  .map(([length, char]) => char.repeat(length));

/** JSON text inserted as is: deep nesting and keys such as `__proto__` cannot be made with JSON.stringify. */
class RawJson {
  constructor(readonly text: string) {}
}
const toJsonText = (value: unknown) => (value instanceof RawJson ? value.text : JSON.stringify(value));
const objectText = (entries: Array<[string, unknown]>) =>
  `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${toJsonText(value)}`).join(',')}}`;

function nested(depth: number, shape: 'array' | 'object' | 'mixed'): string {
  if (shape === 'array') return '['.repeat(depth) + ']'.repeat(depth);
  if (shape === 'object') return '{"a":'.repeat(depth) + 'null' + '}'.repeat(depth);
  const half = Math.ceil(depth / 2);
  return '[{"a":'.repeat(half) + '1' + '}]'.repeat(half);
}
const deepJson = fc
  .tuple(fc.integer({ min: 1_000, max: 5_000 }), fc.constantFrom('array' as const, 'object' as const, 'mixed' as const))
  .map(([depth, shape]) => new RawJson(nested(depth, shape)));

const nonString = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
);

// ---------------------------------------------------------------------------
// Bodies: a valid body with some fields broken, or something else entirely
// ---------------------------------------------------------------------------

type Field =
  /** A bounded string (trimmed, with a length or format rule). */
  | { kind: 'text'; valid: string; optional?: boolean; nullable?: boolean }
  | { kind: 'enum'; valid: string; values: readonly string[]; optional?: boolean }
  /** Must be exactly `true`. */
  | { kind: 'consent' }
  /** Any string is accepted (sign-in tokens). */
  | { kind: 'free'; valid: string; optional?: boolean }
  /** Any JSON value is accepted; a bad one falls back to a default (returnTo). */
  | { kind: 'any'; valid: string };

const validValue = (field: Field): unknown => (field.kind === 'consent' ? true : field.valid);

const MISSING = Symbol('missing');
/** A changed field value; `invalid` when the schema must refuse it whatever the other fields hold. */
interface Mutation {
  value: unknown;
  invalid: boolean;
  what: string;
}

function mutations(field: Field): fc.Arbitrary<Mutation> {
  const as =
    (what: string, invalid: boolean) =>
    (value: unknown): Mutation => ({ value, invalid, what });
  const optional =
    field.kind === 'any' || ((field.kind === 'text' || field.kind === 'free' || field.kind === 'enum') && field.optional === true);
  const options: Array<fc.Arbitrary<Mutation>> = [
    deepJson.map(as('deep nesting', true)),
    fc.jsonValue({ maxDepth: 3 }).map(as('random JSON', false)),
    fc.constant(MISSING).map(as('missing', !optional)),
  ];
  if (field.kind === 'consent') {
    options.push(
      fc
        .oneof(nonString, fc.string(), fc.constantFrom('true', 1, 'yes'))
        .filter((value) => value !== true)
        .map(as('not true', true)),
    );
  } else {
    const nullable = field.kind === 'text' && field.nullable === true;
    const checked = field.kind !== 'free' && field.kind !== 'any';
    options.push(
      nonString.filter((value) => !(value === null && nullable)).map(as('wrong type', true)),
      withBadCharacter(field.valid).map(as('NUL or lone surrogate', checked)),
      hugeString.map(as('huge string', checked)),
      fc.constantFrom(...PAYLOADS).map((payload) => as('SQL/HTML appended', false)(field.valid + payload)),
    );
    if (field.kind === 'enum') {
      options.push(
        fc
          .oneof(
            fc.constantFrom(...field.values).map((value) => value.toUpperCase() + '!'),
            fc.constantFrom(...field.values).map((value) => ` ${value}`),
            fc.constantFrom(...PAYLOADS),
          )
          .map(as('not one of the options', true)),
      );
    }
  }
  const mutation = fc.oneof(...options);
  return field.kind === 'any' ? mutation.map((m) => ({ ...m, invalid: false })) : mutation;
}

interface Body {
  text: string;
  /** The server must refuse it. */
  invalid: boolean;
  what: string;
  /** The fields changed from a valid body (none when the whole body was replaced). */
  changed?: string[];
}

const PROTO_KEYS = ['__proto__', 'constructor', 'prototype'];
const pollution = fc.constantFrom(
  new RawJson('{"polluted":true}'),
  new RawJson('{"prototype":{"polluted":true}}'),
  new RawJson('{"__proto__":{"polluted":true}}'),
);

function bodies(fields: Record<string, Field>): fc.Arbitrary<Body> {
  const names = Object.keys(fields);
  const extraEntries = fc
    .array(
      fc.tuple(fc.oneof(fc.constantFrom(...PROTO_KEYS), fc.string({ maxLength: 10 })), fc.oneof(fc.jsonValue({ maxDepth: 2 }), pollution)),
      { maxLength: 2 },
    )
    .map((entries) => entries.filter(([key]) => !Object.hasOwn(fields, key)));
  const changedFields = fc
    .tuple(
      fc.array(
        fc.constantFrom(...names).chain((name) => mutations(fields[name]!).map((mutation) => [name, mutation] as const)),
        { minLength: 1, maxLength: 3 },
      ),
      extraEntries,
    )
    .map(([changes, extras]): Body => {
      const changed = new Map(changes);
      const entries: Array<[string, unknown]> = [];
      for (const name of names) {
        const value = changed.has(name) ? changed.get(name)!.value : validValue(fields[name]!);
        if (value !== MISSING) entries.push([name, value]);
      }
      entries.push(...extras);
      return {
        text: objectText(entries),
        invalid: [...changed.values()].some((mutation) => mutation.invalid),
        what: [...changed].map(([name, mutation]) => `${name}: ${mutation.what}`).join(', '),
        changed: [...changed.keys()],
      };
    });
  const wholeBodies = fc.oneof(
    fc.jsonValue({ maxDepth: 4 }).map((value): Body => ({
      text: JSON.stringify(value),
      invalid: typeof value !== 'object' || value === null || Array.isArray(value),
      what: 'random JSON body',
    })),
    deepJson.map((value): Body => ({ text: value.text, invalid: true, what: 'deeply nested body' })),
    fc
      .constantFrom(
        '{"__proto__":{"polluted":true}}',
        '{"constructor":{"prototype":{"polluted":true}}}',
        '{"a":{"__proto__":{"polluted":true}}}',
        '[{"__proto__":{"polluted":true}}]',
        `{${names.map((name) => `"${name}":{"__proto__":{"polluted":true}}`).join(',')}}`,
      )
      .map((text): Body => ({ text, invalid: true, what: 'prototype keys' })),
    fc
      .constantFrom(
        '',
        ' ',
        '{',
        '{"a":1,}',
        'nul',
        '\u0000',
        '{"a":"\u0000"}',
        "{'a':1}",
        '[1,2',
        '"unterminated',
        '\ud800',
        '{"a":"\\ud800"',
      )
      .map((text): Body => ({ text, invalid: true, what: 'malformed JSON' })),
  );
  return fc.oneof({ arbitrary: changedFields, weight: 4 }, { arbitrary: wholeBodies, weight: 1 });
}

// ---------------------------------------------------------------------------
// URLs: path segments, query strings, cookies
// ---------------------------------------------------------------------------

/** Percent-encodes text as UTF-8; a lone surrogate becomes its WTF-8 bytes (%ED%A0%80), which are not valid UTF-8. */
function percentEncode(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) {
      const byte = (value: number) => `%${value.toString(16).toUpperCase()}`;
      out += byte(0xed) + byte(0x80 | ((code >> 6) & 0x3f)) + byte(0x80 | (code & 0x3f));
    } else {
      out += encodeURIComponent(char);
    }
  }
  return out;
}

const URL_JUNK = [
  '%00',
  '%ED%A0%80',
  '%',
  '%zz',
  '%%',
  '%E0%A4%A',
  '%C0%AF',
  '+',
  '&&',
  '==',
  '%26',
  '%3D',
  '[]',
  '%5B%5D',
  '..',
  '%2e%2e%2f',
];

const pathSegment = fc.oneof(
  fc.uuid(),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }).map(percentEncode),
  withBadCharacter('0f0e0d0c-0000-4000-8000-000000000000').map(percentEncode),
  fc.constantFrom(...URL_JUNK, ...PAYLOADS.map(encodeURIComponent), 'null', 'undefined', '0', '-1', '1e9', 'a'.repeat(101)),
  fc.constantFrom('00000000-0000-0000-0000-000000000000', 'ZZZZZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZZZZZZZZZ', '0F0E0D0C-0000-4000-8000-000000000000'),
);

const queryText = fc
  .oneof(
    fc.string({ unit: 'binary', maxLength: 30 }),
    withBadCharacter('abc'),
    fc.constantFrom(...PAYLOADS, ...QUOTE_REQUEST_STATUSES, ...SERVICE_OPTIONS, 'true', 'false', '', ' ', '0', '-1', '1.5', '200', '201'),
    fc.constantFrom('1e400', 'Infinity', '-Infinity', 'NaN', '0x10', ' 7 ', '9007199254740993', '1e2', '00050'),
  )
  .map(percentEncode);

/** Cursors: well-formed ones (pinned flag, time, id) over the whole range of JavaScript dates (years -271821 to 275760), and garbage. */
const cursorValue = fc
  .oneof(
    fc
      .tuple(fc.constantFrom('0', '1', '2', ''), fc.date({ noInvalidDate: true }), fc.uuid())
      .map(([pinned, date, id]) => `${pinned}|${date.toISOString()}|${id}`),
    fc.tuple(fc.date({ noInvalidDate: true }), fc.uuid()).map(([date, id]) => `${date.toISOString()}|${id}`),
    fc.tuple(fc.string({ unit: 'binary', maxLength: 30 }), fc.uuid()).map(([time, id]) => `1|${time}|${id}`),
    fc.string({ unit: 'binary', maxLength: 60 }),
  )
  .map((text) => Buffer.from(text).toString('base64url'));

const hugeQueryValue = fc.integer({ min: 20_000, max: 100_000 }).map((length) => 'a'.repeat(length));

function queryStrings(keys: readonly string[]): fc.Arbitrary<string> {
  const key = fc.oneof(
    { arbitrary: fc.constantFrom(...keys), weight: 4 },
    fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'q[]', 'limit[0]', 'status[$ne]'),
    fc.string({ maxLength: 8 }).map(percentEncode),
  );
  const value = fc.oneof({ arbitrary: queryText, weight: 4 }, fc.constantFrom(...URL_JUNK), cursorValue, hugeQueryValue);
  return fc
    .array(fc.tuple(key, value), { minLength: 1, maxLength: 5 })
    .map((pairs) => `?${pairs.map(([name, text]) => `${name}=${text}`).join('&')}`);
}

const cookieValue = fc.oneof(
  fc.string({
    unit: fc
      .integer({ min: 0x21, max: 0x7e })
      .filter((code) => code !== 0x3b)
      .map((code) => String.fromCharCode(code)),
    maxLength: 80,
  }),
  fc.constantFrom(...URL_JUNK, 'a'.repeat(5_000), '"quoted"', "'; drop table sessions; --"),
);

// ---------------------------------------------------------------------------
// The endpoints
// ---------------------------------------------------------------------------

type Who = 'anonymous' | 'customer' | 'staff';
interface Fixture extends PortalFixture {
  contactId: string;
}

interface JsonEndpoint {
  name: string;
  method: 'POST' | 'PATCH';
  url: (fixture: Fixture) => string;
  who: Who;
  fields: Record<string, Field>;
  /** Refused whatever the body: made-up sign-in tokens, a JSON body where a photo upload is expected. */
  alwaysRefused?: boolean;
  /** Refuses by answering 200 with `{ ok: false }` rather than a 4xx: the sign-in link check, which says whether a token works. */
  refusesWithOkFalse?: boolean;
}

const text = (valid: string, options: { optional?: boolean; nullable?: boolean } = {}): Field => ({ kind: 'text', valid, ...options });
const oneOf = (values: readonly string[]): Field => ({ kind: 'enum', valid: values[0]!, values });
const customerFields = {
  name: text('Hostile Input Co'),
  email: text('hostile-new@example.com'),
  phone: text('(414) 555-0100', { optional: true, nullable: true }),
  address: text('1 Main St, Milwaukee, WI', { optional: true, nullable: true }),
};
const propertyFields = {
  name: text('Hostile Plaza'),
  address: text('200 Oak Ave'),
  city: text('West Allis'),
  state: text('WI'),
  zipCode: text('53214'),
  propertyType: oneOf(PROPERTY_TYPES),
};

const JSON_ENDPOINTS: JsonEndpoint[] = [
  {
    name: 'POST /api/contact',
    method: 'POST',
    url: () => '/api/contact',
    who: 'anonymous',
    fields: {
      name: text(validContact.name),
      email: text(validContact.email),
      phone: text(validContact.phone, { optional: true }),
      service: oneOf(SERVICE_OPTIONS),
      propertySize: text('2 acres', { optional: true }),
      urgency: text('This week', { optional: true }),
      message: text(validContact.message),
      consent: { kind: 'consent' },
    },
  },
  {
    name: 'POST /api/auth/sign-in-link',
    method: 'POST',
    url: () => '/api/auth/sign-in-link',
    who: 'anonymous',
    // An address with no account: a known one would store its link after the answer, while the next body is being counted.
    fields: { email: text('nobody-here@example.com'), returnTo: { kind: 'any', valid: '/customer-dashboard' } },
  },
  {
    name: 'POST /api/auth/sign-in',
    method: 'POST',
    url: () => '/api/auth/sign-in',
    who: 'anonymous',
    fields: {
      token: { kind: 'free', valid: 'a-made-up-token-that-is-long-enough' },
      email: text('manager-a@example.com', { optional: true }),
    },
    alwaysRefused: true,
  },
  {
    name: 'POST /api/auth/sign-in-link/check',
    method: 'POST',
    url: () => '/api/auth/sign-in-link/check',
    who: 'anonymous',
    fields: { token: { kind: 'free', valid: 'a-made-up-token-that-is-long-enough' } },
    alwaysRefused: true,
    refusesWithOkFalse: true,
  },
  {
    name: 'PATCH /api/contact/:id',
    method: 'PATCH',
    url: (f) => `/api/contact/${f.contactId}`,
    who: 'staff',
    fields: { status: oneOf(QUOTE_REQUEST_STATUSES) },
  },
  {
    name: 'POST /api/contact/:id/notes',
    method: 'POST',
    url: (f) => `/api/contact/${f.contactId}/notes`,
    who: 'staff',
    fields: { body: text('Called, left a message') },
  },
  { name: 'POST /api/admin/customers', method: 'POST', url: () => '/api/admin/customers', who: 'staff', fields: customerFields },
  {
    name: 'PATCH /api/admin/customers/:id',
    method: 'PATCH',
    url: (f) => `/api/admin/customers/${f.customerA.id}`,
    who: 'staff',
    fields: { ...customerFields, email: text('office-a@example.com') },
  },
  {
    name: 'POST /api/admin/customers/:id/users',
    method: 'POST',
    url: (f) => `/api/admin/customers/${f.customerA.id}/users`,
    who: 'staff',
    fields: {
      email: text('hostile-user@example.com'),
      firstName: text('Pat', { optional: true, nullable: true }),
      lastName: text('Jones', { optional: true, nullable: true }),
    },
  },
  {
    name: 'POST /api/admin/customers/:id/properties',
    method: 'POST',
    url: (f) => `/api/admin/customers/${f.customerA.id}/properties`,
    who: 'staff',
    fields: propertyFields,
  },
  {
    name: 'PATCH /api/admin/properties/:id',
    method: 'PATCH',
    url: (f) => `/api/admin/properties/${f.customerA.propertyId}`,
    who: 'staff',
    fields: { ...propertyFields, name: text('Plaza A') },
  },
  {
    name: 'POST /api/admin/properties/:id/photos (JSON instead of multipart)',
    method: 'POST',
    url: (f) => `/api/admin/properties/${f.customerA.propertyId}/photos`,
    who: 'staff',
    fields: { photoType: oneOf(PHOTO_TYPES), caption: text('Lot A', { optional: true }) },
    alwaysRefused: true,
  },
  {
    name: 'POST /api/admin/crew-members',
    method: 'POST',
    url: () => '/api/admin/crew-members',
    who: 'staff',
    fields: { email: text('hostile-crew@example.com'), firstName: text('Luis'), lastName: text('Ortega') },
  },
  {
    name: 'PATCH /api/admin/photos/:id',
    method: 'PATCH',
    url: (f) => `/api/admin/photos/${f.customerA.photoId}`,
    who: 'staff',
    fields: {
      photoType: { kind: 'enum', valid: 'after', values: PHOTO_TYPES, optional: true },
      caption: text('Lot A', { optional: true }),
      takenAt: text('2025-06-14', { optional: true, nullable: true }),
    },
  },
];

/** Routes with an id in the path; a hostile id must be a plain 404 (or 400), never a database error. */
const ID_ROUTES: Array<{
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  url: (id: string, fixture: Fixture) => string;
  who: Who;
  body?: unknown;
  emptyList?: true;
}> = [
  { method: 'GET', url: (id) => `/api/properties/${id}/photos`, who: 'customer' },
  { method: 'GET', url: (id) => `/api/properties/${id}/photos`, who: 'staff' },
  { method: 'GET', url: (id) => `/api/photos/${id}/640.webp`, who: 'staff' },
  { method: 'GET', url: (id, f) => `/api/photos/${f.customerA.photoId}/${id}`, who: 'customer' },
  { method: 'PATCH', url: (id) => `/api/contact/${id}`, who: 'staff', body: { status: 'contacted' } },
  // The notes of a request that does not exist: an empty list.
  { method: 'GET', url: (id) => `/api/contact/${id}/notes`, who: 'staff', emptyList: true },
  { method: 'POST', url: (id) => `/api/contact/${id}/notes`, who: 'staff', body: { body: 'A note' } },
  { method: 'GET', url: (id) => `/api/admin/customers/${id}`, who: 'staff' },
  { method: 'PATCH', url: (id) => `/api/admin/customers/${id}`, who: 'staff', body: { name: 'Nobody', email: 'nobody@example.com' } },
  { method: 'POST', url: (id) => `/api/admin/customers/${id}/users`, who: 'staff', body: { email: 'nobody-user@example.com' } },
  { method: 'POST', url: (id) => `/api/admin/users/${id}/invite`, who: 'staff' },
  {
    method: 'POST',
    url: (id) => `/api/admin/customers/${id}/properties`,
    who: 'staff',
    body: { name: 'P', address: '1 Main', city: 'Waukesha', state: 'WI', zipCode: '53186', propertyType: 'Office' },
  },
  {
    method: 'PATCH',
    url: (id) => `/api/admin/properties/${id}`,
    who: 'staff',
    body: { name: 'P', address: '1 Main', city: 'Waukesha', state: 'WI', zipCode: '53186', propertyType: 'Office' },
  },
  { method: 'DELETE', url: (id) => `/api/admin/properties/${id}`, who: 'staff' },
  { method: 'POST', url: (id) => `/api/admin/properties/${id}/photos`, who: 'staff' },
  { method: 'PATCH', url: (id) => `/api/admin/photos/${id}`, who: 'staff', body: { caption: 'Nobody’s photo' } },
  { method: 'DELETE', url: (id) => `/api/admin/photos/${id}`, who: 'staff' },
  { method: 'GET', url: (id) => `/api/admin/visits/${id}`, who: 'staff' },
  { method: 'PATCH', url: (id) => `/api/admin/visits/${id}`, who: 'staff', body: { action: 'skip', reason: 'weather' } },
  { method: 'POST', url: (id) => `/api/admin/visits/${id}/photos`, who: 'staff' },
  { method: 'GET', url: (id) => `/api/portal/estimates/${id}`, who: 'customer' },
  { method: 'GET', url: (id) => `/api/portal/estimates/${id}/pdf`, who: 'customer' },
  { method: 'POST', url: (id) => `/api/portal/estimates/${id}/decline`, who: 'customer', body: {} },
];

const QUERY_ROUTES: Array<{ path: string; who: Who; keys: readonly string[] }> = [
  { path: '/api/contact', who: 'staff', keys: ['limit', 'cursor', 'status', 'service', 'q', 'overdue'] },
  { path: '/api/contact/export.csv', who: 'staff', keys: ['status', 'service', 'q', 'overdue'] },
  { path: '/api/admin/customers', who: 'staff', keys: ['q'] },
  { path: '/api/admin/schedule', who: 'staff', keys: ['from', 'to'] },
  { path: '/api/admin/stats', who: 'staff', keys: ['weeks', 'since'] },
  { path: '/api/auth/user', who: 'customer', keys: ['id'] },
  { path: '/api/customer/properties', who: 'customer', keys: ['customerId'] },
  { path: '/api/login', who: 'anonymous', keys: ['returnTo'] },
];

const TABLES = [
  'quote_requests',
  'quote_request_notes',
  'customers',
  'users',
  'properties',
  'photos',
  'sessions',
  'sign_in_tokens',
  'email_outbox',
];
const countAll = sql.raw(`select ${TABLES.map((table) => `(select count(*)::int from ${table}) as ${table}`).join(', ')}`);

const short = (value: string, max = 300) => (value.length > max ? `${value.slice(0, max)}… (${value.length} chars)` : value);

/** The answer is never 5xx, and a 4xx is JSON with a message a person can act on. */
function expectSaneAnswer(response: LightMyRequestResponse, label: string) {
  const status = response.statusCode;
  expect(status, `${label} answered ${status}: ${short(response.body)}`).toBeLessThan(500);
  if (status >= 400) {
    expect(response.headers['content-type'], `${label}: ${status} is not JSON`).toMatch(/^application\/json/);
    const { message } = JSON.parse(response.body) as { message?: unknown };
    expect(typeof message === 'string' && message.trim() !== '', `${label}: ${status} without a message: ${short(response.body)}`).toBe(
      true,
    );
    // zod/mini's default text for an issue without its own message tells a person nothing.
    expect(message, `${label}: ${status} with a generic message`).not.toMatch(/^Invalid input|expected \w+, received/);
  }
  expect(({} as Record<string, unknown>).polluted, 'Object.prototype was polluted').toBeUndefined();
}

/** The parts of a MIME message by content type, each decoded from its transfer encoding. */
function mimeParts(raw: string): Record<string, string> {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(raw)?.[1];
  if (!boundary) throw new Error(`not a multipart message:\n${raw}`);
  const parts: Record<string, string> = {};
  for (const part of raw.split(`--${boundary}`).slice(1)) {
    const split = part.indexOf('\r\n\r\n');
    if (split < 0) continue;
    const headers = part.slice(0, split);
    const body = part.slice(split + 4).replace(/\r\n$/, '');
    const type = /^content-type:\s*([^;\r\n]+)/im.exec(headers)?.[1]?.toLowerCase();
    const encoding = /^content-transfer-encoding:\s*(\S+)/im.exec(headers)?.[1]?.toLowerCase();
    if (!type) continue;
    if (encoding === 'base64') parts[type] = Buffer.from(body, 'base64').toString('utf8');
    else if (encoding === 'quoted-printable') {
      const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => `%${hex}`);
      parts[type] = decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
    } else parts[type] = body;
  }
  return parts;
}

describe.each(testDatabases)('hostile input on %s', (kind) => {
  const t = testAppFor(kind, {
    once: true,
    env: { CONTACT_RATE_LIMIT_MAX: '1000000', SIGN_IN_RATE_LIMIT_PER_EMAIL: '1000000', SIGN_IN_RATE_LIMIT_PER_IP: '1000000' },
  });
  let fixture: Fixture;
  const cookies: Record<Who, Record<string, string>> = { anonymous: {}, customer: {}, staff: {} };
  let serial = 0;
  const unique = (prefix: string) => `${prefix}-${kind}-${++serial}@example.com`;

  beforeAll(async () => {
    cookies.staff = t.as('staff');
    cookies.customer = t.as('customerA');
    const created = await t.app.inject({ method: 'POST', url: '/api/contact', headers: json, payload: JSON.stringify(validContact) });
    fixture = { ...t.fixture, contactId: created.json<{ id: string }>().id };
  });

  const rowCounts = async () => ((await t.database.db.execute(countAll)) as unknown as { rows: Array<Record<string, number>> }).rows[0]!;

  const send = (method: string, url: string, who: Who, payload?: string) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: { ...(payload === undefined ? {} : json), ...cookies[who] },
      ...(payload === undefined ? {} : { payload }),
    });

  it.each(JSON_ENDPOINTS)('$name: hostile bodies never fail the server, and refused ones store nothing', async (endpoint) => {
    await fc.assert(
      fc.asyncProperty(bodies(endpoint.fields), async (body) => {
        const url = endpoint.url(fixture);
        const label = `${endpoint.method} ${url} [${body.what}] ${short(body.text, 200)}`;
        const before = await rowCounts();
        const response = await send(endpoint.method, url, endpoint.who, body.text);
        expectSaneAnswer(response, label);
        const refused =
          response.statusCode >= 400 ||
          (endpoint.refusesWithOkFalse === true && response.statusCode === 200 && response.json<{ ok?: unknown }>().ok === false);
        if (body.invalid || endpoint.alwaysRefused) expect(refused, `${label} was accepted`).toBe(true);
        if (refused) expect(await rowCounts(), `${label} stored something`).toEqual(before);
        const { errors } = response.statusCode === 400 ? response.json<{ errors?: Record<string, string> }>() : {};
        if (errors && body.changed) {
          expect(
            Object.keys(errors).filter((field) => !body.changed!.includes(field)),
            `${label}: errors for fields that were fine`,
          ).toEqual([]);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('hostile ids in the path are a 404 (or 400), never a database error', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ID_ROUTES), pathSegment, async (route, segment) => {
        const url = route.url(segment, fixture);
        const label = `${route.method} ${url}`;
        const before = await rowCounts();
        const response = await send(route.method, url, route.who, route.body === undefined ? undefined : JSON.stringify(route.body));
        expectSaneAnswer(response, label);
        if (route.emptyList && response.statusCode === 200) expect(response.json(), label).toEqual([]);
        else expect(response.statusCode, `${label} found something`).toBeGreaterThanOrEqual(400);
        expect(await rowCounts(), `${label} changed something`).toEqual(before);
      }),
      { numRuns: RUNS * 2 },
    );
  });

  it.each(QUERY_ROUTES)('GET $path: hostile query strings never fail the server', async (route) => {
    await fc.assert(
      fc.asyncProperty(queryStrings(route.keys), async (query) => {
        const url = `${route.path}${query}`;
        const label = `GET ${short(url, 200)}`;
        const before = await rowCounts();
        const response = await send('GET', url, route.who);
        expectSaneAnswer(response, label);
        if (route.path === '/api/login') {
          expect(response.statusCode, label).toBe(302);
          // Plain /login when no usable return path was given (the sign-in then lands on the role's home).
          const returnTo = new URL(response.headers.location!, 'http://same-site.invalid').searchParams.get('returnTo');
          if (returnTo !== null) expect(returnTo, label).toMatch(/^\/(?![/\\])/);
        }
        expect(await rowCounts(), `${label} changed something`).toEqual(before);
      }),
      { numRuns: RUNS },
    );
  });

  it('GET /api/contact: any cursor, of any date JavaScript can hold, is a page or a 400', async () => {
    await fc.assert(
      fc.asyncProperty(cursorValue, async (cursor) => {
        const response = await send('GET', `/api/contact?limit=2&cursor=${cursor}`, 'staff');
        expectSaneAnswer(response, `cursor ${Buffer.from(cursor, 'base64url').toString()}`);
      }),
      { numRuns: RUNS },
    );
  });

  it('hostile session cookies are signed out, never a server error', async () => {
    const routes: Array<[string, string, number]> = [
      ['GET', '/api/auth/user', 401],
      ['GET', '/api/customer/properties', 401],
      ['GET', '/api/contact', 401],
      ['GET', '/api/admin/customers', 401],
      ['GET', '/api/logout', 302],
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.constantFrom('session', 'Session', 'session ', '__proto__'),
        cookieValue,
        async (route, name, value) => {
          const [method, url, expected] = route;
          const label = `${method} ${url} with cookie ${name}=${short(value, 100)}`;
          const before = await rowCounts();
          const response = await t.app.inject({ method: method as 'GET', url, headers: { cookie: `${name}=${value}` } });
          expectSaneAnswer(response, label);
          expect(response.statusCode, label).toBe(expected);
          expect(await rowCounts(), `${label} changed something`).toEqual(before);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('stores SQL and HTML in a quote request and a note verbatim, and the inbox shows them back exactly', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          name: hostileText(2, 50),
          message: hostileText(10, 500, { multiline: true }),
          propertySize: fc.option(hostileText(1, 100), { nil: undefined }),
          urgency: fc.option(hostileText(1, 50), { nil: undefined }),
          note: hostileText(1, 2000, { multiline: true }),
        }),
        async ({ note, ...fields }) => {
          const request = { ...validContact, ...fields, email: unique('quote') };
          const before = await rowCounts();
          const created = await send('POST', '/api/contact', 'anonymous', JSON.stringify(request));
          expect(created.statusCode, short(created.body)).toBe(201);
          const { id } = created.json<{ id: string }>();
          expect((await rowCounts()).quote_requests).toBe(before.quote_requests! + 1);

          // Searching for the hostile name itself also checks that LIKE wildcards in it are escaped.
          const listed = await send('GET', `/api/contact?limit=200&q=${encodeURIComponent(fields.name)}`, 'staff');
          expect(listed.statusCode, short(listed.body)).toBe(200);
          const row = listed.json<QuoteRequest[]>().find((submission) => submission.id === id);
          expect(row).toMatchObject({
            name: fields.name,
            email: request.email,
            message: fields.message,
            propertySize: fields.propertySize ?? null,
            urgency: fields.urgency ?? null,
          });

          const added = await send('POST', `/api/contact/${id}/notes`, 'staff', JSON.stringify({ body: note }));
          expect(added.statusCode, short(added.body)).toBe(201);
          const notes = (await send('GET', `/api/contact/${id}/notes`, 'staff')).json<QuoteRequestNote[]>();
          expect(notes.map((n) => n.body)).toEqual([note]);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('stores SQL and HTML in customers, users and properties verbatim, and staff and customers see them back exactly', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          name: hostileText(1, 200),
          phone: fc.option(hostileText(1, 40), { nil: null }),
          address: fc.option(hostileText(1, 300), { nil: null }),
          firstName: fc.option(hostileText(1, 100), { nil: null }),
          lastName: fc.option(hostileText(1, 100), { nil: null }),
          propertyName: hostileText(1, 200),
          propertyAddress: hostileText(1, 300),
          city: hostileText(1, 100),
        }),
        async (values) => {
          const customerInput = {
            name: values.name,
            contactName: values.firstName,
            email: unique('customer'),
            phone: values.phone,
            address: values.address,
          };
          const created = await send('POST', '/api/admin/customers', 'staff', JSON.stringify(customerInput));
          expect(created.statusCode, short(created.body)).toBe(201);
          const { id } = created.json<{ id: string }>();

          const userEmail = unique('user');
          const user = { email: userEmail, firstName: values.firstName, lastName: values.lastName };
          expect((await send('POST', `/api/admin/customers/${id}/users`, 'staff', JSON.stringify(user))).statusCode).toBe(201);
          const propertyInput = {
            name: values.propertyName,
            address: values.propertyAddress,
            city: values.city,
            state: 'wi',
            zipCode: '53202',
            propertyType: 'Retail Center',
          };
          const property = await send('POST', `/api/admin/customers/${id}/properties`, 'staff', JSON.stringify(propertyInput));
          expect(property.statusCode, short(property.body)).toBe(201);
          const expectedProperty: Property = { id: property.json<{ id: string }>().id, ...propertyInput, state: 'WI' };

          const found = (await send('GET', `/api/admin/customers?q=${encodeURIComponent(customerInput.email)}`, 'staff')).json<
            CustomerSummary[]
          >();
          expect(found).toEqual([
            { id, name: values.name, email: customerInput.email, phone: values.phone, propertyCount: 1, userCount: 1, prospect: false },
          ]);
          const detail = (await send('GET', `/api/admin/customers/${id}`, 'staff')).json<CustomerDetail>();
          expect(detail.customer).toEqual({ id, ...customerInput, prospect: false });
          expect(detail.users).toEqual([{ id: expect.any(String), ...user, disabled: false, invited: false }]);
          // Staff also see whose sales tax applies: a city no one knows is "elsewhere in Wisconsin".
          expect(detail.properties).toEqual([{ ...expectedProperty, taxJurisdiction: 'wisconsin' }]);

          // The customer's own view: the portal's property list and the signed-in user.
          const cookie = await sessionCookie(t.app, userEmail);
          const seen = await t.app.inject({ url: '/api/customer/properties', headers: { cookie } });
          expect(seen.json<Property[]>()).toEqual([expectedProperty]);
          const me = (await t.app.inject({ url: '/api/auth/user', headers: { cookie } })).json<AuthResponse>();
          expect(me.user).toMatchObject({ firstName: values.firstName, lastName: values.lastName });
          expect(me.customer).toEqual({ name: values.name, email: customerInput.email, phone: values.phone, address: values.address });
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('refuses a text-direction override or control character in every kind of one-line field, with a clear message, storing nothing', async () => {
    const cases: Array<{ method: 'POST' | 'PATCH'; url: string; who: Who; body: Record<string, unknown>; field: string; label: string }> = [
      { method: 'POST', url: '/api/contact', who: 'anonymous', body: validContact, field: 'name', label: 'Name' },
      { method: 'POST', url: '/api/contact', who: 'anonymous', body: validContact, field: 'urgency', label: 'Urgency' },
      { method: 'POST', url: '/api/admin/customers', who: 'staff', body: { name: 'Bidi Co' }, field: 'name', label: 'Company name' },
      {
        method: 'POST',
        url: `/api/admin/customers/${fixture.customerA.id}/properties`,
        who: 'staff',
        body: { name: 'Plaza', address: '1 Main St', city: 'Waukesha', state: 'WI', zipCode: '53186', propertyType: 'Office' },
        field: 'city',
        label: 'City',
      },
      {
        method: 'POST',
        url: `/api/admin/customers/${fixture.customerA.id}/users`,
        who: 'staff',
        body: {},
        field: 'firstName',
        label: 'First name',
      },
      {
        method: 'POST',
        url: '/api/admin/crew-members',
        who: 'staff',
        body: { firstName: 'Luis', lastName: 'Ortega' },
        field: 'lastName',
        label: 'Last name',
      },
      { method: 'POST', url: '/api/admin/staff', who: 'staff', body: { role: 'office' }, field: 'firstName', label: 'The first name' },
      {
        method: 'PATCH',
        url: `/api/admin/photos/${fixture.customerA.photoId}`,
        who: 'staff',
        body: {},
        field: 'caption',
        label: 'The caption',
      },
    ];
    // Right-to-left override and isolate, pop directional formatting, a line break, a tab, BEL, NEL (C1), the line separator.
    for (const bad of ['\u202E', '\u2067', '\u202C', '\n', '\t', '\u0007', '\u0085', '\u2028']) {
      for (const { method, url, who, body, field, label } of cases) {
        const payload = { ...body, email: unique('one-line'), [field]: `Lot A${bad}gpj.exe` };
        const before = await rowCounts();
        const response = await send(method, url, who, JSON.stringify(payload));
        const what = `${method} ${url} ${field} with U+${bad.codePointAt(0)!.toString(16).padStart(4, '0')}`;
        expectSaneAnswer(response, what);
        expect(response.statusCode, `${what}: ${short(response.body)}`).toBe(400);
        expect(response.json<{ errors: Record<string, string> }>().errors, what).toEqual({ [field]: oneLineMessage(label) });
        expect(await rowCounts(), `${what} stored something`).toEqual(before);
      }
    }
    // A right-to-left name with its direction marks is a name; a multi-line field keeps its line breaks.
    const created = await send(
      'POST',
      '/api/contact',
      'anonymous',
      JSON.stringify({
        ...validContact,
        name: '\u05D3\u05E0\u05D4 \u200F\u05DB\u05D4\u05DF',
        message: 'Line one\nLine two\tindented',
        email: unique('rtl'),
      }),
    );
    expect(created.statusCode, short(created.body)).toBe(201);
  });

  it('refuses a photo caption with a NUL byte before storing anything, and keeps an HTML caption verbatim', async () => {
    const upload = async (caption: string, color: string) => {
      const boundary = '----hostile-boundary';
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photoType"\r\n\r\nbefore\r\n`),
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="caption"\r\n\r\n${caption}\r\n`),
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="lot.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
        await makeJpeg({ width: 64, height: 48, color }),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return t.app.inject({
        method: 'POST',
        url: `/api/admin/properties/${fixture.customerA.propertyId}/photos`,
        headers: { ...cookies.staff, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });
    };
    for (const caption of ['Lot\u0000A', '\u0000', `${HTML_PAYLOADS[0]}\u0000`, 'x'.repeat(501)]) {
      const before = await rowCounts();
      const response = await upload(caption, '#101010');
      expectSaneAnswer(response, `caption ${JSON.stringify(caption.slice(0, 40))}`);
      expect(response.statusCode).toBe(400);
      expect(await rowCounts()).toEqual(before);
    }
    const caption = `${HTML_PAYLOADS[1]} ${SQL_PAYLOADS[0]}`;
    const response = await upload(caption, '#202020');
    expect(response.statusCode, short(response.body)).toBe(201);
    const photos = (await send('GET', `/api/properties/${fixture.customerA.propertyId}/photos`, 'customer')).json<PropertyPhoto[]>();
    expect(photos.find((photo) => photo.id === response.json<{ id: string }>().id)?.caption).toBe(caption);
  });

  it('shows HTML from a quote request as text in the staff e-mail: escaped in the HTML part, verbatim in the plain-text part', async () => {
    // A second app on this database sends through a real SMTP server; this app's log-only
    // worker pauses meanwhile, so it cannot take the notice first.
    const smtp = await startSmtpServer();
    await t.app.mail.worker.stop();
    const mailApp = await createTestApp(
      t.database,
      {},
      { SMTP_URL: smtp.url, STAFF_NOTIFY_EMAIL: 'quotes@lakeshorelotcare.com', CONTACT_RATE_LIMIT_MAX: '1000000' },
    );
    try {
      const hostile = {
        ...validContact,
        name: '<script>alert(1)</script>',
        email: unique('mail'),
        message: `<img src=x onerror=alert(1)> "quoted" & 'apostrophes' ${SQL_PAYLOADS[0]}`,
        propertySize: '<b>2 acres</b>',
        urgency: '"><svg onload=alert(1)>',
      };
      const response = await mailApp.inject({ method: 'POST', url: '/api/contact', headers: json, payload: JSON.stringify(hostile) });
      expect(response.statusCode, short(response.body)).toBe(201);
      const parts = mimeParts((await smtp.nextMailTo('quotes@lakeshorelotcare.com')).raw);
      const html = parts['text/html']!;
      const plain = parts['text/plain']!;
      expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; &quot;quoted&quot; &amp; &#39;apostrophes&#39;');
      expect(html).toContain('&lt;b&gt;2 acres&lt;/b&gt;');
      expect(html).toContain('&quot;&gt;&lt;svg onload=alert(1)&gt;');
      for (const markup of ['<script', '<img', '<b>', '<svg']) expect(html).not.toContain(markup);
      for (const value of [hostile.name, hostile.message, hostile.propertySize, hostile.urgency]) expect(plain).toContain(value);

      // And the inbox shows the request exactly as it was sent.
      const [row] = (await send('GET', `/api/contact?q=${encodeURIComponent(hostile.email)}`, 'staff')).json<QuoteRequest[]>();
      expect(row).toMatchObject({
        name: hostile.name,
        message: hostile.message,
        propertySize: hostile.propertySize,
        urgency: hostile.urgency,
      });
    } finally {
      await mailApp.close();
      await smtp.close();
      t.app.mail.worker.start();
    }
  });
});
