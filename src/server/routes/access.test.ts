import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync, HTTPMethods, RouteOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { localToday } from '../../shared/local-dates';
import { mayUseConsole, ROLES, roleMay, type Role } from '../../shared/policy';
import { reportMonthOf } from '../../shared/report-months';
import { buildApp } from '../app';
import { quoteRequests, users } from '../db/schema';
import { addPhoto } from '../modules/photos/add-photo';
import { testAppFor, testConfig, type TestAppContext } from '#test/app';
import { testDatabaseFor, testDatabases } from '#test/database';
import { makeJpeg, validContact } from '#test/fixtures';
import { multipart } from '#test/multipart';
import { signInAs } from '#test/sign-in';
import crewRoutes from './crew/index';
import { idOf, type Caller, type MakeExample } from '#test/access-examples';
import { PLAN_EXAMPLES } from '#test/access-examples/plans';
import { SCHEDULE_EXAMPLES } from '#test/access-examples/schedule';
import { CREW_EXAMPLES } from '#test/access-examples/crew';
import { PORTAL_VISIT_EXAMPLES } from '#test/access-examples/portal-visits';
import { createTestVisit } from '#test/visits';
import { REPORT_EXAMPLES } from '#test/access-examples/reports';
import { newServiceRequest, SERVICE_REQUEST_EXAMPLES } from '#test/access-examples/service-requests';
import { AUDIT_EXAMPLES } from '#test/access-examples/audit';
import { ACCOUNT_EXAMPLES } from '#test/access-examples/accounts';
import { AGREEMENT_EXAMPLES, newAgreement } from '#test/access-examples/agreements';
import { ASSESSMENT_EXAMPLES } from '#test/access-examples/assessments';
import { ESTIMATE_EXAMPLES } from '#test/access-examples/estimates';
import { INVOICE_EXAMPLES } from '#test/access-examples/invoices';
import { PAYMENT_EXAMPLES } from '#test/access-examples/payments';
import { PRICING_EXAMPLES } from '#test/access-examples/pricing';
import { newCustomerEstimate, PORTAL_ESTIMATE_EXAMPLES } from '#test/access-examples/portal-estimates';
import { newSentInvoice, PORTAL_INVOICE_EXAMPLES } from '#test/access-examples/portal-invoices';

/*
 * The access matrix, generated from the policy table: every route of a signed-in group,
 * called by every role, must answer as the table says (2xx when the role may, 403 when it
 * may not), and 401 to an anonymous caller. Each route needs an example request below; a
 * route added without one fails the "covers every route" test.
 */

let serial = 0;
const unique = (prefix: string) => `${prefix}-${++serial}-${randomUUID().slice(0, 8)}`;
const property = { address: '1 Test Way', city: 'Waukesha', state: 'WI', zipCode: '53186', propertyType: 'Office' };

async function newQuoteRequest(t: TestAppContext): Promise<string> {
  const now = new Date();
  const [row] = await t.app.db
    .insert(quoteRequests)
    .values({ ...validContact, consentText: 'test', consentedAt: now, submittedAt: now })
    .returning({ id: quoteRequests.id });
  return row!.id;
}

/** The customer A property a role may act on; a new one for requests that remove it. */
async function newProperty(t: TestAppContext): Promise<string> {
  const created = await t.app.inject({
    method: 'POST',
    url: `/api/admin/customers/${idOf(t.fixture).id}/properties`,
    headers: t.as('staff'),
    payload: { ...property, name: unique('Lot') },
  });
  return created.json<{ id: string }>().id;
}

const EXAMPLES: Record<string, MakeExample> = {
  'GET /api/auth/user': () => ({ url: '/api/auth/user' }),
  'GET /api/customer/properties': () => ({ url: '/api/customer/properties' }),
  'GET /api/properties/:id/photos': (t) => ({ url: `/api/properties/${idOf(t.fixture).propertyId}/photos` }),
  'GET /api/photos/:id/:file': (t) => ({ url: `/api/photos/${idOf(t.fixture).photoId}/400.webp` }),
  'GET /api/photos/:id/download': (t) => ({ url: `/api/photos/${idOf(t.fixture).photoId}/download` }),
  'GET /api/contact': () => ({ url: '/api/contact' }),
  'GET /api/contact/export.csv': () => ({ url: '/api/contact/export.csv' }),
  'GET /api/admin/stats': () => ({ url: '/api/admin/stats' }),
  'GET /api/contact/:id': async (t) => ({ url: `/api/contact/${await newQuoteRequest(t)}` }),
  'PATCH /api/contact/:id': async (t) => ({ url: `/api/contact/${await newQuoteRequest(t)}`, payload: { status: 'contacted' } }),
  'GET /api/contact/:id/notes': async (t) => ({ url: `/api/contact/${await newQuoteRequest(t)}/notes` }),
  'POST /api/contact/:id/notes': async (t) => ({ url: `/api/contact/${await newQuoteRequest(t)}/notes`, payload: { body: 'Called back' } }),
  'GET /api/admin/customers': () => ({ url: '/api/admin/customers' }),
  'POST /api/admin/customers': () => ({
    url: '/api/admin/customers',
    payload: { name: 'Glendale Shops', email: `${unique('office')}@example.com` },
  }),
  'GET /api/admin/customers/:id': (t) => ({ url: `/api/admin/customers/${idOf(t.fixture).id}` }),
  'PATCH /api/admin/customers/:id': (t) => ({
    url: `/api/admin/customers/${idOf(t.fixture).id}`,
    payload: { name: 'Customer A Properties', email: 'office-a@example.com' },
  }),
  'POST /api/admin/customers/:id/users': (t) => ({
    url: `/api/admin/customers/${idOf(t.fixture).id}/users`,
    payload: { email: `${unique('manager')}@example.com` },
  }),
  'POST /api/admin/users/:id/invite': async (t) => {
    const [user] = await t.app.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, idOf(t.fixture).userEmail));
    return { url: `/api/admin/users/${user!.id}/invite` };
  },
  'POST /api/admin/customers/:id/properties': (t) => ({
    url: `/api/admin/customers/${idOf(t.fixture).id}/properties`,
    payload: { ...property, name: unique('Lot') },
  }),
  'PATCH /api/admin/properties/:id': async (t) => ({
    url: `/api/admin/properties/${await newProperty(t)}`,
    payload: { ...property, name: unique('Lot') },
  }),
  'DELETE /api/admin/properties/:id': async (t) => ({ url: `/api/admin/properties/${await newProperty(t)}` }),
  'POST /api/admin/properties/:id/photos': async (t) => {
    const body = multipart(
      { photoType: 'after' },
      { name: 'lot.jpg', type: 'image/jpeg', data: await makeJpeg({ color: `#${randomUUID().slice(0, 6)}` }) },
    );
    return { url: `/api/admin/properties/${idOf(t.fixture).propertyId}/photos`, payload: body.payload, headers: body.headers };
  },
  'PATCH /api/admin/photos/:id': (t) => ({
    url: `/api/admin/photos/${idOf(t.fixture).photoId}`,
    payload: { photoType: 'after', caption: 'North lot after the sweep', takenAt: '2025-06-14' },
  }),
  'DELETE /api/admin/photos/:id': async (t) => {
    const photo = await addPhoto(t.app.db, t.app.photoStorage, {
      propertyId: idOf(t.fixture).propertyId,
      data: await makeJpeg({ color: `#${randomUUID().slice(0, 6)}` }),
      caption: '',
      photoType: 'other',
    });
    return { url: `/api/admin/photos/${photo.id}` };
  },
  'GET /api/openapi.json': () => ({ url: '/api/openapi.json' }),
  // Each area of the product keeps its own examples, so the table grows without one long file.
  ...PLAN_EXAMPLES,
  ...SCHEDULE_EXAMPLES,
  ...CREW_EXAMPLES,
  ...PORTAL_VISIT_EXAMPLES,
  ...REPORT_EXAMPLES,
  ...SERVICE_REQUEST_EXAMPLES,
  ...AUDIT_EXAMPLES,
  ...ACCOUNT_EXAMPLES,
  ...AGREEMENT_EXAMPLES,
  ...ESTIMATE_EXAMPLES,
  ...ASSESSMENT_EXAMPLES,
  ...PRICING_EXAMPLES,
  ...INVOICE_EXAMPLES,
  ...PAYMENT_EXAMPLES,
  ...PORTAL_ESTIMATE_EXAMPLES,
  ...PORTAL_INVOICE_EXAMPLES,
};

/** The routes of the signed-in groups (HEAD twins aside), as registered. */
function protectedRoutes(t: TestAppContext): RouteOptions[] {
  return t.app.routeCatalog.filter((route) => route.config?.audience && route.method !== 'HEAD');
}
const keyOf = (route: RouteOptions) => `${route.method as string} ${route.url}`;

/** A caller of each role: the seeded owner and customer A's manager, and a new office and crew member. */
async function callers(t: TestAppContext): Promise<Record<Role, Caller>> {
  const [owner] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.email, t.fixture.staffEmail));
  const [manager] = await t.app.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, idOf(t.fixture).userEmail));
  const signedIn = async (role: Role): Promise<Caller> => {
    const made = await signInAs(t.app, role);
    return { role, userId: made.userId, headers: { cookie: made.cookie } };
  };
  return {
    owner: { role: 'owner', userId: owner!.id, headers: t.as('staff') },
    office: await signedIn('office'),
    crew: await signedIn('crew'),
    customer: { role: 'customer', userId: manager!.id, headers: t.as('customerA') },
  };
}

const anonymous: Caller = { role: null, userId: null, headers: {} };

async function call(t: TestAppContext, route: RouteOptions, caller: Caller) {
  const example = await EXAMPLES[keyOf(route)]!(t, caller);
  const json = example.payload !== undefined && !Buffer.isBuffer(example.payload);
  return t.app.inject({
    method: route.method as HTTPMethods,
    url: example.url,
    headers: { ...(json ? { 'content-type': 'application/json' } : {}), ...example.headers, ...caller.headers },
    ...(example.payload === undefined ? {} : { payload: json ? JSON.stringify(example.payload) : (example.payload as Buffer) }),
  });
}

describe.each(testDatabases)('access to every route on %s', (kind) => {
  const t = testAppFor(kind);

  it('covers every route of the signed-in groups with an example, and names no route that is gone', () => {
    const registered = protectedRoutes(t).map(keyOf).sort();
    expect(registered.length).toBeGreaterThan(15);
    expect(registered).toEqual(Object.keys(EXAMPLES).sort());
  });

  it('keeps every other route public on purpose: a route that needs sign-in cannot hide among them', () => {
    const open = t.app.routeCatalog
      .filter((route) => !route.config?.audience && route.method !== 'HEAD' && route.url.startsWith('/api/'))
      .map(keyOf)
      .sort();
    expect(open).toEqual(
      [
        'POST /api/auth/sign-in-link/check',
        'GET /api/login',
        'GET /api/logout',
        'POST /api/logout',
        'POST /api/auth/sign-in',
        'POST /api/auth/sign-in-link',
        'POST /api/auth/passkey/options',
        'POST /api/auth/passkey/sign-in',
        'POST /api/auth/recovery-code',
        'POST /api/contact',
        'GET /api/release',
        'GET /api/reports/unsubscribe',
        'POST /api/reports/unsubscribe',
        // The prospect's estimate page: its token is the key (rate limited per IP like sign-in).
        'GET /api/estimates/:token',
        'GET /api/estimates/:token/pdf',
        'POST /api/estimates/:token/accept',
        'POST /api/estimates/:token/request-changes',
        'POST /api/estimates/:token/decline',
        'GET /api/estimates/:token/photos/:photoId/:file',
      ].sort(),
    );
  });

  it('answers 401 to an anonymous caller on every route that needs sign-in, before reading the request', async () => {
    for (const route of protectedRoutes(t)) {
      const response = await call(t, route, anonymous);
      expect(response.statusCode, keyOf(route)).toBe(401);
      expect(response.json(), keyOf(route)).toEqual({ message: 'Please sign in' });
    }
  });

  // One test per group of routes, each well inside the time limit (a single one over every route outgrew it
  // as the product grew); the table they fill is checked after the last.
  const table: string[] = [];
  it.each([
    ['console', 0],
    ['console', 1],
    ['console', 2],
    ['console', 3],
    ['console', 4],
    ['console', 5],
    ['portal', 0],
    ['portal', 1],
    ['crew', 0],
  ] as const)(
    'answers each role on the %s routes (part %i) as the policy table says: 2xx when it may, 403 when it may not',
    async (audience, part) => {
      const as = await callers(t);
      const group = protectedRoutes(t).filter((candidate) => candidate.config!.audience === audience);
      // The console's routes in six parts, every sixth route each; the portal's in two.
      const parts = audience === 'console' ? 6 : audience === 'portal' ? 2 : 1;
      for (const route of group.filter((_, index) => index % parts === part)) {
        const { action, resource } = route.config!.permission!;
        for (const role of ROLES) {
          const response = await call(t, route, as[role]);
          // The console group admits the office only: a crew member may read their own visits, on the crew page.
          const allowed = roleMay(role, action, resource) && (route.config!.audience !== 'console' || mayUseConsole(role));
          table.push(`${keyOf(route)} ${role}: ${response.statusCode}`);
          if (allowed) expect(response.statusCode, `${keyOf(route)} as ${role}: ${response.body.slice(0, 200)}`).toBeLessThan(300);
          else expect(response.statusCode, `${keyOf(route)} as ${role}`).toBe(403);
          expect(response.statusCode, `${keyOf(route)} as ${role}`).toBeGreaterThanOrEqual(200);
        }
      }
    },
  );

  it('answered every route for every role, as these spot checks of the table say', () => {
    expect(table).toHaveLength(protectedRoutes(t).length * ROLES.length);
    // Spot checks of the table itself, so a wrong table cannot pass by being consistently wrong.
    expect(table).toContain('GET /api/contact owner: 200');
    expect(table).toContain('GET /api/contact office: 200');
    expect(table).toContain('GET /api/contact crew: 403');
    expect(table).toContain('GET /api/contact customer: 403');
    expect(table).toContain('GET /api/properties/:id/photos customer: 200');
    expect(table).toContain('GET /api/properties/:id/photos crew: 403');
    expect(table).toContain('DELETE /api/admin/photos/:id customer: 403');
    expect(table).toContain('PATCH /api/admin/photos/:id office: 200');
    expect(table).toContain('PATCH /api/admin/photos/:id crew: 403');
    expect(table).toContain('GET /api/admin/schedule crew: 403');
    expect(table).toContain('GET /api/admin/visits/:id office: 200');
    // The crew role: its own visits and the work on them, and nothing of the office's.
    expect(table).toContain('GET /api/crew/visits crew: 200');
    expect(table).toContain('GET /api/crew/visits customer: 403');
    expect(table).toContain('POST /api/crew/visits/:id/start crew: 200');
    expect(table).toContain('POST /api/crew/visits/:id/start office: 403');
    expect(table).toContain('POST /api/crew/visits/:id/photos customer: 403');
    expect(table).toContain('POST /api/admin/properties/:id/plans crew: 403');
    expect(table).toContain('POST /api/admin/properties/:id/plans customer: 403');
    expect(table).toContain('PATCH /api/admin/visits/:id crew: 403');
    expect(table).toContain('GET /api/admin/schedule customer: 403');
    expect(table).toContain('GET /api/admin/customers crew: 403');
    // Proof of service: a property's visit history is its customer's (and the office's), not the crews'.
    expect(table).toContain('GET /api/properties/:id/visits customer: 200');
    expect(table).toContain('GET /api/visits/:id customer: 200');
    expect(table).toContain('GET /api/visits/:id crew: 403');
    // The monthly report: a customer's own in the portal, anyone's for the office, nothing for crews.
    expect(table).toContain('GET /api/properties/:id/reports/:month.pdf customer: 200');
    expect(table).toContain('GET /api/properties/:id/reports/:month.pdf crew: 403');
    expect(table).toContain('GET /api/customer/reports/:month.pdf customer: 200');
    expect(table).toContain('GET /api/customer/reports/:month.pdf owner: 403');
    expect(table).toContain('GET /api/admin/customers/:id/reports/:month.pdf office: 200');
    expect(table).toContain('GET /api/admin/customers/:id/reports/:month.pdf customer: 403');
    // Requests from the portal: a customer sends and follows their own; the office works them; crews see none.
    expect(table).toContain('POST /api/properties/:id/requests/problem customer: 201');
    expect(table).toContain('POST /api/properties/:id/requests/cleanup office: 403');
    expect(table).toContain('GET /api/properties/:id/requests crew: 403');
    expect(table).toContain('GET /api/admin/service-requests customer: 403');
    expect(table).toContain('PATCH /api/admin/service-requests/:id office: 200');
    // Service agreements: a customer's own in the portal, cancelled by them or the office; crews see none.
    expect(table).toContain('GET /api/portal/agreements customer: 200');
    expect(table).toContain('GET /api/portal/agreements crew: 403');
    expect(table).toContain('POST /api/portal/agreements/:id/cancel customer: 200');
    expect(table).toContain('POST /api/portal/agreements/:id/cancel crew: 403');
    expect(table).toContain('GET /api/portal/agreements/:id/signed-pdf customer: 200');
    expect(table).toContain('GET /api/portal/agreements/:id/signed-pdf crew: 403');
    // In the console, owners and office staff read every agreement and its signed copy; crews (no prices) and customers none.
    expect(table).toContain('GET /api/admin/agreements office: 200');
    expect(table).toContain('GET /api/admin/agreements/:id owner: 200');
    expect(table).toContain('GET /api/admin/agreements/:id crew: 403');
    expect(table).toContain('GET /api/admin/agreements/:id customer: 403');
    expect(table).toContain('GET /api/admin/agreements/:id/signed-pdf office: 200');
    expect(table).toContain('GET /api/admin/agreements/:id/signed-pdf crew: 403');
    // Estimates: the office writes and sends them; crews see no prices, customers answer theirs by their link.
    expect(table).toContain('POST /api/admin/estimates office: 201');
    expect(table).toContain('POST /api/admin/estimates/:id/send office: 200');
    expect(table).toContain('GET /api/admin/estimates/:id crew: 403');
    expect(table).toContain('GET /api/admin/estimates customer: 403');
    // The customer's own estimates in the portal: listed, opened and answered by their users only; staff answer none for them.
    expect(table).toContain('GET /api/portal/estimates customer: 200');
    expect(table).toContain('GET /api/portal/estimates/:id customer: 200');
    expect(table).toContain('GET /api/portal/estimates/:id/pdf customer: 200');
    expect(table).toContain('POST /api/portal/estimates/:id/accept customer: 200');
    expect(table).toContain('POST /api/portal/estimates/:id/accept owner: 403');
    expect(table).toContain('POST /api/portal/estimates/:id/accept office: 403');
    expect(table).toContain('POST /api/portal/estimates/:id/decline crew: 403');
    expect(table).toContain('GET /api/portal/estimates/:id crew: 403');
    // Prices: the office reads them to write estimates, only owners change them; crews and customers see none.
    expect(table).toContain('GET /api/admin/price-book office: 200');
    expect(table).toContain('GET /api/admin/price-book crew: 403');
    expect(table).toContain('GET /api/admin/price-book customer: 403');
    expect(table).toContain('PATCH /api/admin/price-book/:id owner: 200');
    expect(table).toContain('PATCH /api/admin/price-book/:id office: 403');
    expect(table).toContain('POST /api/admin/price-book office: 403');
    expect(table).toContain('GET /api/admin/billing-settings office: 200');
    expect(table).toContain('GET /api/admin/billing-settings crew: 403');
    expect(table).toContain('PUT /api/admin/billing-settings owner: 200');
    expect(table).toContain('PUT /api/admin/billing-settings office: 403');
    // Payments and collections: owners and office staff record, delete and waive; crews and customers none of it here.
    expect(table).toContain('POST /api/admin/payments office: 200');
    expect(table).toContain('POST /api/admin/payments crew: 403');
    expect(table).toContain('POST /api/admin/payments customer: 403');
    expect(table).toContain('POST /api/admin/payments/:id/delete office: 200');
    expect(table).toContain('POST /api/admin/payments/:id/delete crew: 403');
    expect(table).toContain('GET /api/admin/customers/:id/account customer: 403');
    expect(table).toContain('POST /api/admin/late-fees/:id/waive office: 200');
    expect(table).toContain('POST /api/admin/late-fees/:id/waive crew: 403');
    expect(table).toContain('GET /api/admin/receivables owner: 200');
    expect(table).toContain('GET /api/admin/receivables crew: 403');
    // Invoices in the portal: a customer's users read their own company's and download the PDF; crews see none.
    expect(table).toContain('GET /api/portal/invoices customer: 200');
    expect(table).toContain('GET /api/portal/invoices crew: 403');
    expect(table).toContain('GET /api/portal/invoices/:id customer: 200');
    expect(table).toContain('GET /api/portal/invoices/:id crew: 403');
    expect(table).toContain('GET /api/portal/invoices/:id/pdf customer: 200');
    expect(table).toContain('GET /api/portal/invoices/:id/pdf crew: 403');
  });

  it('shows a customer only their own company’s records, as "not found"', async () => {
    const other = t.fixture.customerB;
    const theirVisit = (await createTestVisit(t.app.db, { propertyId: other.propertyId, status: 'completed' })).id;
    const theirRequest = await newServiceRequest(t, other);
    const theirAgreement = await newAgreement(t, other);
    const theirEstimate = await newCustomerEstimate(t, other);
    const theirInvoice = await newSentInvoice(t, other);
    for (const url of [
      `/api/properties/${other.propertyId}/photos`,
      `/api/photos/${other.photoId}/400.webp`,
      `/api/properties/${other.propertyId}/visits`,
      `/api/visits/${theirVisit}`,
      `/api/properties/${other.propertyId}/reports/${reportMonthOf(localToday())}.pdf`,
      `/api/properties/${other.propertyId}/requests`,
      `/api/portal/estimates/${theirEstimate.id}`,
      `/api/portal/estimates/${theirEstimate.id}/pdf`,
      `/api/portal/invoices/${theirInvoice}`,
      `/api/portal/invoices/${theirInvoice}/pdf`,
    ]) {
      const response = await t.app.inject({ url, headers: t.as('customerA') });
      expect(response.statusCode, url).toBe(404);
    }
    // Nor may they send a request on it, and their own list never shows customer B's.
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/properties/${other.propertyId}/requests/cleanup`,
      headers: t.as('customerA'),
      payload: { preferredDates: [localToday()] },
    });
    expect(sent.statusCode).toBe(404);
    const own = await t.app.inject({ url: `/api/properties/${idOf(t.fixture).propertyId}/requests`, headers: t.as('customerA') });
    expect(own.json<Array<{ id: string }>>().map((request) => request.id)).not.toContain(theirRequest);
    // Nor their agreements: not listed, and cancelling one is "not found" and changes nothing.
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/portal/agreements/${theirAgreement}/cancel`,
      headers: t.as('customerA'),
    });
    expect(cancel.statusCode).toBe(404);
    const agreements = await t.app.inject({ url: '/api/portal/agreements', headers: t.as('customerA') });
    expect(agreements.json()).toEqual([]);
    const theirs = await t.app.inject({ url: '/api/portal/agreements', headers: t.as('customerB') });
    expect(theirs.json()).toMatchObject([{ id: theirAgreement, status: 'active' }]);
    // Nor their estimates: not listed, and accepting one is "not found" and makes nothing.
    const accept = await t.app.inject({
      method: 'POST',
      url: `/api/portal/estimates/${theirEstimate.id}/accept`,
      headers: t.as('customerA'),
      payload: {
        term: 'month-to-month',
        optionalLineIds: [],
        poNumbers: {},
        name: 'ManagerA Test',
        title: 'Property Manager',
        agree: true,
      },
    });
    expect(accept.statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/portal/estimates', headers: t.as('customerA') })).json()).toEqual([]);
    const theirList = await t.app.inject({ url: '/api/portal/estimates', headers: t.as('customerB') });
    expect(theirList.json()).toMatchObject([{ id: theirEstimate.id, status: 'sent' }]);
  });
});

describe('the crew group’s guard', () => {
  const suite = testDatabaseFor('pglite');
  const build = (routes: FastifyPluginAsync[]) =>
    buildApp({
      config: testConfig(),
      database: suite.database,
      logger: false,
      extraRoutes: async (app) => app.register(crewRoutes, { routes }),
    });

  it('admits the company’s people and no customer', async () => {
    const probe: FastifyPluginAsync = async (app) => {
      app.get('/api/crew/probe', { config: { permission: { action: 'list', resource: 'visit' } } }, async (request) => ({
        role: request.user.role,
      }));
    };
    const app = await build([probe]);
    await app.ready();
    const get = async (role?: Role) =>
      app.inject({ url: '/api/crew/probe', headers: role ? { cookie: (await signInAs(app, role)).cookie } : {} });
    expect((await get()).statusCode).toBe(401);
    expect((await get('crew')).json()).toEqual({ role: 'crew' });
    expect((await get('office')).json()).toEqual({ role: 'office' });
    const refused = await get('customer');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'This is for our crews' });
    await app.close();
  });

  it('refuses to start with a route that names no permission', async () => {
    const unguarded: FastifyPluginAsync = async (app) => {
      app.get('/api/crew/open', async () => ({ open: true }));
    };
    await expect(build([unguarded])).rejects.toThrow(/GET \/api\/crew\/open is in the crew group and must name its permission/);
  });
});
