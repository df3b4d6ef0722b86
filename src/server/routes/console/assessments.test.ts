import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Assessment, AssessmentFormValues, AssessmentPhoto } from '../../../shared/api/assessments';
import type { CrewRoute } from '../../../shared/api/crew';
import type { Estimate, PublicEstimate } from '../../../shared/api/estimates';
import { addDays, localToday } from '../../../shared/local-dates';
import { ASSESSMENT_CHECKLIST } from '../../../shared/visits';
import { customers, emailOutbox, photos, properties, quoteRequests, visitChecklistItems, visits } from '../../db/schema';
import { setEstimatePhotos } from '../../modules/estimates/estimate-photos';
import { queueVisitReports } from '../../modules/reports';
import { testAppFor } from '#test/app';
import { testDatabases } from '#test/database';
import { estimateDraft, insertQuoteRequest } from '#test/estimate-drafts';
import { createTestEstimate } from '#test/estimates';
import { makeJpeg } from '#test/fixtures';
import { multipart } from '#test/multipart';
import { pdfImages } from '#test/pdf';
import { signInAs } from '#test/sign-in';

const json = { 'content-type': 'application/json' };

describe.each(testDatabases)('a prospect’s free property visit on %s', (kind) => {
  const t = testAppFor(kind);

  const call = (method: 'GET' | 'POST', url: string, body?: unknown, headers: Record<string, string> = t.as('staff')) =>
    t.app.inject({
      method,
      url,
      headers: { ...(body === undefined ? {} : json), ...headers },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });

  async function crewMember() {
    const member = await signInAs(t.app, 'crew');
    return { ...member, headers: { cookie: member.cookie } };
  }

  const visitInput = (crewUserId: string, overrides: Partial<AssessmentFormValues> = {}): AssessmentFormValues => ({
    companyName: 'Brookfield Square Partners',
    property: {
      name: 'Brookfield Square East',
      address: '95 N Moorland Rd',
      city: 'Brookfield',
      state: 'WI',
      zipCode: '53005',
      propertyType: 'Retail Center',
    },
    date: localToday(),
    window: { from: '09:00', to: '10:30' },
    crewUserIds: [crewUserId],
    instructions: 'Meet Mark Lindqvist at the management office by the food court entrance.',
    ...overrides,
  });

  const rowCounts = async () => ({
    customers: (await t.app.db.select({ n: count() }).from(customers))[0]!.n,
    properties: (await t.app.db.select({ n: count() }).from(properties))[0]!.n,
    visits: (await t.app.db.select({ n: count() }).from(visits))[0]!.n,
  });

  /** The crew member checks in, photographs the lot, and checks out with a note, as on the phone. */
  async function assess(headers: Record<string, string>, visitId: string) {
    const at = new Date().toISOString();
    const crewPost = (url: string, payload: string | Buffer, extra: Record<string, string>) =>
      t.app.inject({ method: 'POST', url, headers: { ...extra, ...headers, 'idempotency-key': randomUUID() }, payload });
    const started = await crewPost(`/api/crew/visits/${visitId}/start`, JSON.stringify({ at, position: null }), json);
    expect(started.statusCode, started.body).toBe(200);
    const photo = multipart(
      { kind: 'before', at },
      { name: 'east-lot.jpg', type: 'image/jpeg', data: await makeJpeg({ color: '#6b705c' }) },
    );
    const uploaded = await crewPost(`/api/crew/visits/${visitId}/photos`, photo.payload, photo.headers);
    expect(uploaded.statusCode, uploaded.body).toBeLessThan(300);
    const note = 'About 420 spaces; litter heaviest along the Moorland Rd berm.';
    const completed = await crewPost(`/api/crew/visits/${visitId}/complete`, JSON.stringify({ note, at: new Date().toISOString() }), json);
    expect(completed.statusCode, completed.body).toBe(200);
    const [stored] = await t.app.db.select({ id: photos.id }).from(photos).where(eq(photos.visitId, visitId));
    return stored!.id;
  }

  it('puts the visit on the schedule for a prospect made from the request, with the assessment checklist', async () => {
    const crew = await crewMember();
    const requestId = await insertQuoteRequest(t.app.db, {
      name: 'Mark Lindqvist',
      email: 'Mark.Lindqvist@brookfieldsq.example',
      phone: '(262) 555-0148',
    });
    const response = await call('POST', `/api/admin/quote-requests/${requestId}/assessments`, visitInput(crew.userId));
    expect(response.statusCode, response.body).toBe(201);
    const made = response.json<{ customerId: string; propertyId: string; visitId: string }>();

    const [prospect] = await t.app.db.select().from(customers).where(eq(customers.id, made.customerId));
    expect(prospect).toMatchObject({
      name: 'Brookfield Square Partners',
      contactName: 'Mark Lindqvist',
      email: 'mark.lindqvist@brookfieldsq.example',
      phone: '(262) 555-0148',
      prospect: true,
    });
    const [request] = await t.app.db.select().from(quoteRequests).where(eq(quoteRequests.id, requestId));
    expect(request).toMatchObject({ customerId: made.customerId, status: 'contacted' });
    const [visit] = await t.app.db.select().from(visits).where(eq(visits.id, made.visitId));
    expect(visit).toMatchObject({
      propertyId: made.propertyId,
      kind: 'assessment',
      scheduledDate: localToday(),
      crewUserIds: [crew.userId],
    });
    const checklist = await t.app.db.select().from(visitChecklistItems).where(eq(visitChecklistItems.visitId, made.visitId));
    expect(checklist.map((item) => item.label)).toEqual([...ASSESSMENT_CHECKLIST]);

    const listed = (await call('GET', `/api/admin/quote-requests/${requestId}/assessments`)).json<Assessment[]>();
    expect(listed).toEqual([
      expect.objectContaining({
        visitId: made.visitId,
        propertyName: 'Brookfield Square East',
        address: '95 N Moorland Rd, Brookfield',
        window: { from: '09:00', to: '10:30' },
        status: 'scheduled',
        photoCount: 0,
      }),
    ]);
    expect(listed[0]!.crewNames).toHaveLength(1);

    // A second site for the same request belongs to the same prospect.
    const second = await call(
      'POST',
      `/api/admin/quote-requests/${requestId}/assessments`,
      visitInput(crew.userId, {
        property: { ...visitInput(crew.userId).property, name: 'Brookfield Square West', address: '3000 N 124th St' },
      }),
    );
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json<{ customerId: string }>().customerId).toBe(made.customerId);
  });

  it('refuses a visit without a crew or with a past date, naming the field, and stores nothing', async () => {
    const crew = await crewMember();
    const requestId = await insertQuoteRequest(t.app.db);
    const before = await rowCounts();
    const noCrew = await call('POST', `/api/admin/quote-requests/${requestId}/assessments`, visitInput(crew.userId, { crewUserIds: [] }));
    expect(noCrew.statusCode).toBe(400);
    expect(noCrew.json()).toMatchObject({ errors: { crewUserIds: 'Choose at least one crew member' } });
    const past = await call(
      'POST',
      `/api/admin/quote-requests/${requestId}/assessments`,
      visitInput(crew.userId, { date: addDays(localToday(), -1) }),
    );
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ errors: { date: 'A one-off visit must be today or later' } });
    const noCompany = await call(
      'POST',
      `/api/admin/quote-requests/${requestId}/assessments`,
      visitInput(crew.userId, { companyName: ' ' }),
    );
    expect(noCompany.statusCode).toBe(400);
    expect(Object.keys(noCompany.json<{ errors: Record<string, string> }>().errors)).toContain('companyName');
    expect(await rowCounts()).toEqual(before);
    const [request] = await t.app.db.select().from(quoteRequests).where(eq(quoteRequests.id, requestId));
    expect(request).toMatchObject({ customerId: null, status: 'new' });
    expect((await call('POST', `/api/admin/quote-requests/${randomUUID()}/assessments`, visitInput(crew.userId))).statusCode).toBe(404);
  });

  it('is done on the crew’s phone, sends no service report, and its photos go on the estimate and its revision', async () => {
    const crew = await crewMember();
    const requestId = await insertQuoteRequest(t.app.db, { name: 'Mark Lindqvist', email: 'mark@brookfieldsq.example' });
    const made = (await call('POST', `/api/admin/quote-requests/${requestId}/assessments`, visitInput(crew.userId))).json<{
      customerId: string;
      propertyId: string;
      visitId: string;
    }>();

    const route = (await call('GET', '/api/crew/visits', undefined, crew.headers)).json<CrewRoute>();
    expect(route.visits.find((visit) => visit.id === made.visitId)).toMatchObject({ kind: 'assessment', status: 'scheduled' });
    await assess(crew.headers, made.visitId);

    // The company's own look at a lot: no service report is queued, to anyone.
    await queueVisitReports(t.app.db, t.app.photoStorage, t.app.mail);
    const [visit] = await t.app.db.select().from(visits).where(eq(visits.id, made.visitId));
    expect(visit!.reportQueuedAt).toBeNull();
    expect((await t.app.db.select({ n: count() }).from(emailOutbox))[0]!.n).toBe(0);

    const listed = (await call('GET', `/api/admin/quote-requests/${requestId}/assessments`)).json<Assessment[]>();
    expect(listed[0]).toMatchObject({
      status: 'completed',
      photoCount: 1,
      note: 'About 420 spaces; litter heaviest along the Moorland Rd berm.',
    });
    const offered = (await call('GET', `/api/admin/customers/${made.customerId}/assessment-photos`)).json<AssessmentPhoto[]>();
    expect(offered).toHaveLength(1);
    expect(offered[0]!.propertyId).toBe(made.propertyId);

    // Another customer's photo is refused on the estimate, and nothing is stored.
    const draft = await estimateDraft(t.app.db, { quoteRequestId: requestId, companyName: 'Brookfield Square Partners' });
    const property = { ...draft.properties[0]!, propertyId: made.propertyId, name: 'Brookfield Square East' };
    const otherPhoto = randomUUID();
    const refused = await call('POST', '/api/admin/estimates', {
      ...draft,
      properties: [property],
      photoIds: [offered[0]!.id, otherPhoto],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ errors: { photoIds: 'Choose photos from this customer’s property visits' } });

    const created = await call('POST', '/api/admin/estimates', { ...draft, properties: [property], photoIds: [offered[0]!.id] });
    expect(created.statusCode, created.body).toBe(201);
    const estimate = created.json<Estimate>();
    expect(estimate.customerId).toBe(made.customerId);
    expect(estimate.photos.map((shown) => shown.id)).toEqual([offered[0]!.id]);

    // Its PDF shows the photo under its own heading (the staff's download, as the e-mail attaches it).
    const pdf = (await call('GET', `/api/admin/estimates/${estimate.id}/pdf`)).rawPayload;
    expect(execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: pdf, encoding: 'utf8' })).toContain(
      'Photos from the property visit',
    );
    expect(pdfImages(pdf)).toHaveLength(1);

    // Revised, the estimate keeps its photos.
    await call('POST', `/api/admin/estimates/${estimate.id}/send`);
    const revised = (await call('POST', `/api/admin/estimates/${estimate.id}/revise`)).json<Estimate>();
    expect(revised.photos.map((shown) => shown.id)).toEqual([offered[0]!.id]);
  });

  it('shows its photos on the prospect’s page, and an accepted estimate makes the prospect a customer at the site assessed', async () => {
    const crew = await crewMember();
    const requestId = await insertQuoteRequest(t.app.db, { name: 'Mark Lindqvist', email: 'mark@brookfieldsq.example' });
    const made = (await call('POST', `/api/admin/quote-requests/${requestId}/assessments`, visitInput(crew.userId))).json<{
      customerId: string;
      propertyId: string;
      visitId: string;
    }>();
    const photoId = await assess(crew.headers, made.visitId);
    const estimate = await createTestEstimate(t.app.db, {
      quoteRequestId: requestId,
      customerId: made.customerId,
      companyName: 'Brookfield Square Partners',
      contactName: 'Mark Lindqvist',
      email: 'mark@brookfieldsq.example',
      sites: [
        {
          name: 'Brookfield Square East',
          address: '95 N Moorland Rd',
          city: 'Brookfield',
          zipCode: '53005',
          propertyId: made.propertyId,
          taxJurisdiction: 'waukesha-county',
          taxRateBp: 550,
          crewUserIds: [crew.userId],
          lines: [{ name: 'Parking Lot Cleaning', unit: 'visit', unitPriceCents: 9500, rrule: 'FREQ=WEEKLY;BYDAY=TU' }],
        },
      ],
    });
    await setEstimatePhotos(t.app.db, estimate.id, [photoId]);

    // The prospect's page shows the photo, served by the link's own route and no other.
    const page = (await t.app.inject({ url: `/api/estimates/${estimate.token}` })).json<PublicEstimate>();
    expect(page.photos.map((photo) => photo.id)).toEqual([photoId]);
    expect(page.photoBase).toBe(`/api/estimates/${estimate.token}/photos`);
    const width = page.photos[0]!.variantWidths[0]!;
    const image = await t.app.inject({ url: `${page.photoBase}/${photoId}/${width}.webp` });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
    const other = await createTestEstimate(t.app.db);
    for (const url of [
      `/api/estimates/${other.token}/photos/${photoId}/${width}.webp`,
      `${page.photoBase}/${photoId}/${width + 1}.webp`,
      `${page.photoBase}/${t.fixture.customerA.photoId}/${width}.webp`,
    ])
      expect((await t.app.inject({ url })).statusCode, url).toBe(404);

    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/estimates/${estimate.token}/accept`,
      headers: json,
      payload: JSON.stringify({
        term: 'month-to-month',
        optionalLineIds: [],
        poNumbers: {},
        name: 'Mark Lindqvist',
        title: 'General Manager',
        agree: true,
      }),
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const [customer] = await t.app.db.select().from(customers).where(eq(customers.id, made.customerId));
    expect(customer!.prospect).toBe(false);
    // No second customer and no second property: the assessed site is the agreement's.
    expect((await t.app.db.select({ n: count() }).from(customers).where(eq(customers.email, 'mark@brookfieldsq.example')))[0]!.n).toBe(1);
    expect(await t.app.db.select({ id: properties.id }).from(properties).where(eq(properties.customerId, made.customerId))).toEqual([
      { id: made.propertyId },
    ]);
    const [request] = await t.app.db.select().from(quoteRequests).where(eq(quoteRequests.id, requestId));
    expect(request!.status).toBe('won');
  });
});
