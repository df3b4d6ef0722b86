import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { crewActions, photos, properties, siteIssues, visitChecklistItems, visitEvents, visits } from '../../db/schema';
import { addPhoto } from '../../modules/photos/add-photo';
import type { PhotoStorage } from '../../modules/photos/photo-store';
import { addDays, localToday } from '../../../shared/local-dates';
import { testAppFor } from '#test/app';
import { testDatabases } from '#test/database';
import { makeJpeg } from '#test/fixtures';
import { multipart } from '#test/multipart';
import { signInAs } from '#test/sign-in';
import { createTestVisit } from '#test/visits';

/** Where customer A's lot is in these tests: a parking lot in West Allis. */
const LOT = { lat: 43.0167, lng: -88.007 };
/** About 2 km north of it (0.018° of latitude). */
const TWO_KM_AWAY = { lat: 43.0347, lng: -88.007 };

const json = { 'content-type': 'application/json' };

describe.each(testDatabases)('the crew’s visits on %s', (kind) => {
  const t = testAppFor(kind);

  async function crewMember() {
    const member = await signInAs(t.app, 'crew');
    return { ...member, headers: { cookie: member.cookie } };
  }

  async function visitOf(userId: string, options: Partial<Parameters<typeof createTestVisit>[1]> = {}) {
    return (await createTestVisit(t.app.db, { propertyId: t.fixture.customerA.propertyId, crewUserIds: [userId], ...options })).id;
  }

  const placeLot = () => t.app.db.update(properties).set({ latitude: LOT.lat, longitude: LOT.lng, locationSource: 'typed' });

  function send(cookie: string, method: 'POST' | 'PUT', url: string, body: unknown, key: string | null = randomUUID()) {
    return t.app.inject({
      method,
      url,
      headers: { ...json, cookie, ...(key ? { 'idempotency-key': key } : {}) },
      payload: JSON.stringify(body),
    });
  }

  async function sendPhoto(cookie: string, visitId: string, fields: Record<string, string>, key: string, color = '#556677') {
    const body = multipart(fields, { name: 'lot.jpg', type: 'image/jpeg', data: await makeJpeg({ color }) });
    return t.app.inject({
      method: 'POST',
      url: `/api/crew/visits/${visitId}/photos`,
      headers: { ...body.headers, cookie, 'idempotency-key': key },
      payload: body.payload,
    });
  }

  const start = (cookie: string, visitId: string, position: { lat: number; lng: number } | null, key?: string) =>
    send(
      cookie,
      'POST',
      `/api/crew/visits/${visitId}/start`,
      {
        at: new Date().toISOString(),
        position: position && { ...position, accuracy: 12 },
      },
      key,
    );

  const eventsOf = (visitId: string) => t.app.db.select().from(visitEvents).where(eq(visitEvents.visitId, visitId));

  it('lists today’s route in order (windowed by start, then anytime) and the last week, and no other crew’s visits', async () => {
    const me = await crewMember();
    const other = await crewMember();
    const today = localToday();
    const anytime = await visitOf(me.userId, { instructions: 'Gate code 4411. Start at the loading dock.' });
    const late = await visitOf(me.userId, { window: { from: '13:00', to: '15:00' } });
    const early = await visitOf(me.userId, { window: { from: '06:00', to: '09:00' } });
    const lastWeek = await visitOf(me.userId, { scheduledDate: addDays(today, -7), status: 'completed' });
    await visitOf(me.userId, { scheduledDate: addDays(today, -8) });
    await visitOf(me.userId, { scheduledDate: addDays(today, 1) });
    await visitOf(other.userId);

    const response = await t.app.inject({ url: '/api/crew/visits', headers: me.headers });
    expect(response.statusCode).toBe(200);
    const route = response.json();
    expect(route.today).toBe(today);
    expect(route.fenceMeters).toBe(250);
    expect(route.visits.map((v: { id: string }) => v.id)).toEqual([early, late, anytime]);
    expect(route.recent.map((v: { id: string }) => v.id)).toEqual([lastWeek]);
    const first = route.visits[2];
    expect(first).toMatchObject({
      window: null,
      status: 'scheduled',
      instructions: 'Gate code 4411. Start at the loading dock.',
      property: { name: 'Plaza A', address: '200 Oak Ave', city: 'West Allis', state: 'WI', zipCode: '53214', location: null },
      checkIn: null,
      photoCounts: { before: 0, after: 0, issue: 0 },
    });
    expect(first.property.mapsLink).toBe(
      'https://www.google.com/maps/search/?api=1&query=200%20Oak%20Ave%2C%20West%20Allis%2C%20WI%2053214',
    );
    expect(first.checklist.map((item: { label: string }) => item.label)).toEqual([
      'Pick up litter in parking areas',
      'Empty exterior bins',
      'Clear the dumpster corral',
    ]);
    expect(route.visits[0].window).toEqual({ from: '06:00', to: '09:00' });
    // Nothing about the customer: no company name, e-mail or phone anywhere in the answer.
    expect(response.body).not.toMatch(/Customer A|office-a@example\.com|555-0100|manager-a/);
  });

  it('answers "not found" for another crew’s visit, one older than a week, and changes nothing when asked to work on it', async () => {
    const me = await crewMember();
    const other = await crewMember();
    const theirs = await visitOf(other.userId);
    const old = await visitOf(me.userId, { scheduledDate: addDays(localToday(), -8) });
    for (const id of [theirs, old]) {
      expect((await t.app.inject({ url: `/api/crew/visits/${id}`, headers: me.headers })).statusCode).toBe(404);
      expect((await start(me.cookie, id, LOT)).statusCode).toBe(404);
      const issue = await send(me.cookie, 'POST', `/api/crew/visits/${id}/issues`, {
        type: 'graffiti',
        note: 'Tag',
        at: new Date().toISOString(),
      });
      expect(issue.statusCode).toBe(404);
      expect((await sendPhoto(me.cookie, id, { kind: 'before', at: new Date().toISOString() }, randomUUID())).statusCode).toBe(404);
      const tick = await send(me.cookie, 'PUT', `/api/crew/visits/${id}/checklist/0`, { done: true, at: new Date().toISOString() });
      expect(tick.statusCode).toBe(404);
    }
    const [visit] = await t.app.db.select().from(visits).where(eq(visits.id, theirs));
    expect(visit).toMatchObject({ status: 'scheduled', checkedInAt: null });
    expect(await t.app.db.select().from(siteIssues)).toEqual([]);
    expect(await t.app.db.select().from(photos).where(eq(photos.visitId, theirs))).toEqual([]);
    expect(await t.app.db.select().from(crewActions)).toEqual([]);
    expect(await eventsOf(theirs)).toEqual([]);
    // A customer cannot reach the crew's API at all.
    expect((await t.app.inject({ url: `/api/crew/visits/${theirs}`, headers: t.as('customerA') })).statusCode).toBe(403);
  });

  it('verifies a check-in at the property, and flags one 2 km away with the distance', async () => {
    await placeLot();
    const me = await crewMember();
    const here = await visitOf(me.userId);
    const away = await visitOf(me.userId);

    const verified = await start(me.cookie, here, { lat: LOT.lat + 0.0005, lng: LOT.lng });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ location: 'verified', distanceMeters: 56 });
    const far = await start(me.cookie, away, TWO_KM_AWAY);
    expect(far.json().location).toBe('away');
    expect(far.json().distanceMeters).toBeGreaterThan(1950);
    expect(far.json().distanceMeters).toBeLessThan(2050);

    const [stored] = await t.app.db.select().from(visits).where(eq(visits.id, away));
    expect(stored).toMatchObject({
      status: 'in_progress',
      checkInLocationStatus: 'away',
      checkInLatitude: TWO_KM_AWAY.lat,
      checkInAccuracyMeters: 12,
    });
    // The crew sees the verdict and the distance, never the check-in's coordinates.
    const shown = await t.app.inject({ url: `/api/crew/visits/${away}`, headers: me.headers });
    expect(shown.json().checkIn).toEqual({
      at: stored!.checkedInAt!.toISOString(),
      location: 'away',
      distanceMeters: far.json().distanceMeters,
    });
    expect(shown.body).not.toContain(String(TWO_KM_AWAY.lat));
    // The maps link points at the property itself (the crew must find the lot), which is not the phone's position.
    expect(shown.json().property.mapsLink).toBe(`https://www.google.com/maps/search/?api=1&query=${LOT.lat}%2C${LOT.lng}`);
    const [event] = await eventsOf(away);
    expect(event).toMatchObject({
      kind: 'checked_in',
      actorId: me.userId,
      detail: { location: 'away', distanceMeters: far.json().distanceMeters },
    });
  });

  it('takes the fence from CHECK_IN_FENCE_METERS', async () => {
    expect(t.app.config.checkInFenceMeters).toBe(250);
    await placeLot();
    const me = await crewMember();
    // 300 m away: outside the default fence.
    const response = await start(me.cookie, await visitOf(me.userId), { lat: LOT.lat + 0.0027, lng: LOT.lng });
    expect(response.json().location).toBe('away');
  });

  it('records a check-in with no position as not verified, and the first position at a property with no location as a proposal', async () => {
    const me = await crewMember();
    const refused = await visitOf(me.userId);
    const response = await send(me.cookie, 'POST', `/api/crew/visits/${refused}/start`, {
      at: new Date().toISOString(),
      position: null,
      positionError: 'denied',
    });
    expect(response.json()).toEqual({ checkedInAt: expect.any(String), location: 'not_verified', distanceMeters: null });
    const [event] = await eventsOf(refused);
    expect(event!.detail).toEqual({ location: 'not_verified', distanceMeters: null, positionError: 'denied' });

    const first = await visitOf(me.userId);
    expect((await start(me.cookie, first, LOT)).json().location).toBe('not_verified');
    const second = await visitOf(me.userId);
    await start(me.cookie, second, TWO_KM_AWAY);
    const [property] = await t.app.db.select().from(properties).where(eq(properties.id, t.fixture.customerA.propertyId));
    // The first proposal stays until staff confirm it; the property's location is not set by a crew.
    expect(property).toMatchObject({ latitude: null, proposedLatitude: LOT.lat, proposedLongitude: LOT.lng, proposedByVisitId: first });
  });

  it('applies each write once, however often it is retried with the same key', async () => {
    await placeLot();
    const me = await crewMember();
    const visitId = await visitOf(me.userId);

    const startKey = randomUUID();
    const starts = [];
    for (let i = 0; i < 3; i++) starts.push(await start(me.cookie, visitId, LOT, startKey));
    expect(new Set(starts.map((r) => r.body)).size).toBe(1);
    const at = new Date(Date.parse(starts[0]!.json().checkedInAt) + 1000).toISOString();

    const issueKey = randomUUID();
    const issue = { type: 'illegal_dumping', note: 'Mattress and two tyres behind the dumpster corral', at };
    const reports = [];
    for (let i = 0; i < 3; i++) reports.push(await send(me.cookie, 'POST', `/api/crew/visits/${visitId}/issues`, issue, issueKey));
    expect(reports.map((r) => r.statusCode)).toEqual([201, 200, 200]);
    expect(new Set(reports.map((r) => r.json().id)).size).toBe(1);

    const photoKey = randomUUID();
    const uploads = [];
    for (let i = 0; i < 3; i++) uploads.push(await sendPhoto(me.cookie, visitId, { kind: 'issue', issueKey, at }, photoKey));
    expect(uploads.map((r) => r.statusCode)).toEqual([201, 200, 200]);

    const tickKey = randomUUID();
    for (let i = 0; i < 3; i++) await send(me.cookie, 'PUT', `/api/crew/visits/${visitId}/checklist/1`, { done: true, at }, tickKey);

    const completeKey = randomUUID();
    const completes = [];
    for (let i = 0; i < 3; i++) {
      completes.push(
        await send(me.cookie, 'POST', `/api/crew/visits/${visitId}/complete`, { note: 'Lot swept, bins emptied', at }, completeKey),
      );
    }
    // The retries of a completed visit's check-out answer as the first did.
    expect(completes.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(completes.map((r) => r.body)).size).toBe(1);

    const issues = await t.app.db.select().from(siteIssues).where(eq(siteIssues.visitId, visitId));
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ issueType: 'illegal_dumping', reportedBy: me.userId, idempotencyKey: issueKey });
    const stored = await t.app.db.select().from(photos).where(eq(photos.visitId, visitId));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ photoType: 'other', siteIssueId: issues[0]!.id, uploadedBy: me.userId, caption: 'Illegal dumping' });
    const kinds = (await eventsOf(visitId)).map((event) => event.kind).sort();
    expect(kinds).toEqual(['checked_in', 'checked_out', 'checklist_item', 'issue_reported', 'photo_added']);

    const shown = (await t.app.inject({ url: `/api/crew/visits/${visitId}`, headers: me.headers })).json();
    expect(shown).toMatchObject({ status: 'completed', note: 'Lot swept, bins emptied', photoCounts: { before: 0, after: 0, issue: 1 } });
    expect(shown.issues).toEqual([expect.objectContaining({ id: issues[0]!.id, type: 'illegal_dumping', photoCount: 1 })]);
    expect(shown.checklist[1].doneAt).toBe(at);
    expect(shown.checkedOutAt).toBe(at);
  });

  it('stores retries sent at the same moment once', async () => {
    const me = await crewMember();
    const visitId = await visitOf(me.userId, { status: 'in_progress' });
    const key = randomUUID();
    const at = new Date().toISOString();
    const racing = await Promise.all(
      [1, 2, 3].map(() =>
        send(me.cookie, 'POST', `/api/crew/visits/${visitId}/issues`, { type: 'hazard', note: 'Needles by the cart return', at }, key),
      ),
    );
    expect(racing.every((r) => r.statusCode < 300)).toBe(true);
    expect(await t.app.db.select().from(siteIssues)).toHaveLength(1);
    const photoKey = randomUUID();
    await Promise.all([1, 2, 3].map(() => sendPhoto(me.cookie, visitId, { kind: 'before', at }, photoKey, '#123456')));
    expect(await t.app.db.select().from(photos).where(eq(photos.visitId, visitId))).toHaveLength(1);
    const tickKey = randomUUID();
    const ticks = await Promise.all(
      [1, 2, 3].map(() => send(me.cookie, 'PUT', `/api/crew/visits/${visitId}/checklist/2`, { done: true, at }, tickKey)),
    );
    expect(ticks.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(ticks.map((r) => r.body)).size).toBe(1);
    const events = await eventsOf(visitId);
    expect(events.map((e) => e.kind).sort()).toEqual(['checklist_item', 'issue_reported', 'photo_added']);
    expect(await t.app.db.select().from(crewActions)).toHaveLength(1);
  });

  it('starts a visit once when the same check-in arrives three times at once', async () => {
    await placeLot();
    const me = await crewMember();
    const visitId = await visitOf(me.userId);
    const key = randomUUID();
    const racing = await Promise.all([1, 2, 3].map(() => start(me.cookie, visitId, LOT, key)));
    expect(racing.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(racing.map((r) => r.body)).size).toBe(1);
    expect((await eventsOf(visitId)).map((e) => e.kind)).toEqual(['checked_in']);
  });

  it('answers a retry of work already stored even after the visit went to another crew, and never to another member', async () => {
    await placeLot();
    const me = await crewMember();
    const teammate = await crewMember();
    const visitId = await visitOf(me.userId);
    const keys = { start: randomUUID(), issue: randomUUID(), photo: randomUUID(), tick: randomUUID(), complete: randomUUID() };
    const at = new Date().toISOString();
    const issue = { type: 'graffiti', note: 'Tag on the east wall', at };
    const work = (cookie: string) => [
      () => start(cookie, visitId, LOT, keys.start),
      () => send(cookie, 'POST', `/api/crew/visits/${visitId}/issues`, issue, keys.issue),
      () => sendPhoto(cookie, visitId, { kind: 'before', at }, keys.photo, '#445566'),
      () => send(cookie, 'PUT', `/api/crew/visits/${visitId}/checklist/0`, { done: true, at }, keys.tick),
      () => send(cookie, 'POST', `/api/crew/visits/${visitId}/complete`, { note: '', at }, keys.complete),
    ];
    const first = [];
    for (const call of work(me.cookie)) first.push(await call());
    expect(first.map((r) => r.statusCode)).toEqual([200, 201, 201, 200, 200]);

    // The phone never saw those answers; meanwhile the office gave the visit to someone else.
    await t.app.db
      .update(visits)
      .set({ crewUserIds: [randomUUID()] })
      .where(eq(visits.id, visitId));
    const retried = [];
    for (const call of work(me.cookie)) retried.push(await call());
    expect(retried.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(retried.map((r) => r.json().id ?? r.body)).toEqual(first.map((r) => r.json().id ?? r.body));
    // Work not yet done is refused as before.
    expect((await send(me.cookie, 'PUT', `/api/crew/visits/${visitId}/checklist/1`, { done: true, at })).statusCode).toBe(404);

    // The same keys from another crew member answer nothing about the visit.
    for (const call of work(teammate.cookie)) {
      const response = await call();
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe('This Idempotency-Key was already used for another action. Send a new key.');
    }
    expect(await t.app.db.select().from(photos).where(eq(photos.visitId, visitId))).toHaveLength(1);
    expect(await t.app.db.select().from(siteIssues).where(eq(siteIssues.visitId, visitId))).toHaveLength(1);
    expect((await eventsOf(visitId)).map((e) => e.kind).sort()).toEqual([
      'checked_in',
      'checked_out',
      'checklist_item',
      'issue_reported',
      'photo_added',
    ]);
  });

  it('refuses work a phone says another crew member made (a shared phone), and stores nothing', async () => {
    const me = await crewMember();
    const teammate = await crewMember();
    const visitId = await visitOf(me.userId, { status: 'in_progress' });
    const at = new Date().toISOString();
    const tick = (madeBy: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/crew/visits/${visitId}/checklist/0`,
        headers: { ...json, cookie: me.cookie, 'idempotency-key': randomUUID(), 'x-made-by': madeBy },
        payload: JSON.stringify({ done: true, at }),
      });
    const refused = await tick(teammate.userId);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe('This was saved on the phone by another crew member. It is sent when they log in.');
    const [item] = await t.app.db
      .select()
      .from(visitChecklistItems)
      .where(and(eq(visitChecklistItems.visitId, visitId), eq(visitChecklistItems.position, 0)));
    expect(item!.doneAt).toBeNull();
    expect(await t.app.db.select().from(crewActions)).toHaveLength(0);
    expect((await tick(me.userId)).statusCode).toBe(200);
  });

  it('refuses the same photo for a second visit, with a clear message, and stores nothing', async () => {
    const me = await crewMember();
    const monday = await visitOf(me.userId, { status: 'in_progress', scheduledDate: addDays(localToday(), -2) });
    const today = await visitOf(me.userId, { status: 'in_progress' });
    const at = new Date().toISOString();
    expect((await sendPhoto(me.cookie, monday, { kind: 'after', at }, randomUUID(), '#225588')).statusCode).toBe(201);
    // The same file again on the same visit is the photo already stored.
    expect((await sendPhoto(me.cookie, monday, { kind: 'after', at }, randomUUID(), '#225588')).statusCode).toBe(200);

    const reused = await sendPhoto(me.cookie, today, { kind: 'after', at }, randomUUID(), '#225588');
    expect(reused.statusCode).toBe(409);
    expect(reused.json().message).toMatch(
      /^This photo was already sent for the visit on \w+day, \w+ \d+\. Each visit needs photos taken that day\.$/,
    );
    expect(await t.app.db.select().from(photos).where(eq(photos.visitId, today))).toHaveLength(0);
    expect(await eventsOf(today)).toHaveLength(0);
  });

  it('stores a visit’s photo and its timeline event together, or neither, and leaves no file behind', async () => {
    const me = await crewMember();
    const visitId = await visitOf(me.userId, { status: 'in_progress' });
    const written: string[] = [];
    const storage: PhotoStorage = {
      ...t.app.photoStorage,
      put: (key, data) => (written.push(key), t.app.photoStorage.put(key, data)),
    };
    const failing = addPhoto(t.app.db, storage, {
      propertyId: t.fixture.customerA.propertyId,
      data: await makeJpeg({ color: '#aa3311' }),
      caption: '',
      photoType: 'before',
      visitId,
      uploadedBy: me.userId,
      idempotencyKey: randomUUID(),
      record: async () => {
        throw new Error('the timeline could not be written');
      },
    });
    await expect(failing).rejects.toThrow('the timeline could not be written');
    expect(written.length).toBeGreaterThan(0);
    for (const key of written) expect(await t.app.photoStorage.get(key)).toBeNull();
    expect(await t.app.db.select().from(photos).where(eq(photos.visitId, visitId))).toHaveLength(0);
    expect(await eventsOf(visitId)).toHaveLength(0);
  });

  it('refuses a write without an Idempotency-Key, or with a key already used for something else, and stores nothing', async () => {
    const me = await crewMember();
    const visitId = await visitOf(me.userId);
    const missing = await start(me.cookie, visitId, LOT, null as unknown as string);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors['idempotency-key']).toMatch(/Send an Idempotency-Key header/);
    const noKeyPhoto = await t.app.inject({
      method: 'POST',
      url: `/api/crew/visits/${visitId}/photos`,
      ...(() => {
        const body = multipart(
          { kind: 'before', at: new Date().toISOString() },
          { name: 'a.jpg', type: 'image/jpeg', data: Buffer.from('x') },
        );
        return { headers: { ...body.headers, cookie: me.cookie }, payload: body.payload };
      })(),
    });
    expect(noKeyPhoto.statusCode).toBe(400);

    const key = randomUUID();
    expect((await start(me.cookie, visitId, LOT, key)).statusCode).toBe(200);
    const reused = await send(
      me.cookie,
      'PUT',
      `/api/crew/visits/${visitId}/checklist/0`,
      { done: true, at: new Date().toISOString() },
      key,
    );
    expect(reused.statusCode).toBe(409);
    expect(reused.json().message).toMatch(/already used for another action/);
    const [item] = await t.app.db
      .select()
      .from(visitChecklistItems)
      .where(and(eq(visitChecklistItems.visitId, visitId), eq(visitChecklistItems.position, 0)));
    expect(item!.doneAt).toBeNull();
  });

  it('refuses bad input with a clear message, and stores nothing', async () => {
    const me = await crewMember();
    const visitId = await visitOf(me.userId, { status: 'in_progress' });
    const future = new Date(Date.now() + 60 * 60 * 1000).toISOString();
    const cases: Array<[string, string, unknown, RegExp]> = [
      ['POST', 'start', { at: future, position: null }, /in the future/],
      ['POST', 'start', { at: 'yesterday', position: null }, /ISO 8601/],
      ['POST', 'start', { at: new Date().toISOString(), position: { lat: 95, lng: 0, accuracy: 5 } }, /Latitude/],
      ['POST', 'start', { at: `${addDays(localToday(), -2)}T12:00:00Z`, position: null }, /before the visit’s day/],
      ['POST', 'issues', { type: 'other', note: '  ', at: new Date().toISOString() }, /Say what the issue is/],
      ['POST', 'issues', { type: 'fire', note: 'x', at: new Date().toISOString() }, /Choose the kind of issue/],
      ['POST', 'complete', { note: 'x'.repeat(2001), at: new Date().toISOString() }, /at most 2000/],
      ['PUT', 'checklist/0', { done: 'yes', at: new Date().toISOString() }, /done: true or false/],
    ];
    for (const [method, path, body, message] of cases) {
      const response = await send(me.cookie, method as 'POST', `/api/crew/visits/${visitId}/${path}`, body);
      expect(response.statusCode, path).toBe(400);
      expect(response.json().message, path).toMatch(message);
      expect(Object.keys(response.json().errors ?? {}).length, path).toBeGreaterThan(0);
    }
    const badKind = await sendPhoto(me.cookie, visitId, { kind: 'selfie', at: new Date().toISOString() }, randomUUID());
    expect(badKind.statusCode).toBe(400);
    expect(badKind.json().errors.kind).toMatch(/before, after or issue/);
    const orphan = await sendPhoto(
      me.cookie,
      visitId,
      { kind: 'issue', issueKey: randomUUID(), at: new Date().toISOString() },
      randomUUID(),
    );
    expect(orphan.statusCode).toBe(409);
    expect(orphan.json().message).toMatch(/Report the issue before sending its photos/);
    expect(
      (await send(me.cookie, 'PUT', `/api/crew/visits/${visitId}/checklist/7`, { done: true, at: new Date().toISOString() })).statusCode,
    ).toBe(404);

    const [visit] = await t.app.db.select().from(visits).where(eq(visits.id, visitId));
    expect(visit).toMatchObject({ checkedInAt: null, checkedOutAt: null, note: '' });
    expect(await t.app.db.select().from(siteIssues)).toEqual([]);
    expect(await t.app.db.select().from(photos).where(eq(photos.visitId, visitId))).toEqual([]);
    expect(await eventsOf(visitId)).toEqual([]);
    expect(await t.app.db.select().from(crewActions)).toEqual([]);
  });

  it('refuses work on a skipped or completed visit, and completing one that was never started', async () => {
    const me = await crewMember();
    const skipped = await visitOf(me.userId);
    await t.app.db.update(visits).set({ status: 'skipped', skipReason: 'weather' }).where(eq(visits.id, skipped));
    const refused = await start(me.cookie, skipped, LOT);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'The office skipped this visit (weather), so there is nothing to record. Call the office if you are on site.',
    );

    const done = await visitOf(me.userId, { status: 'completed' });
    const late = await sendPhoto(me.cookie, done, { kind: 'after', at: new Date().toISOString() }, randomUUID());
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/already completed/);

    const fresh = await visitOf(me.userId);
    const early = await send(me.cookie, 'POST', `/api/crew/visits/${fresh}/complete`, { note: '', at: new Date().toISOString() });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Start the visit before completing it.');
    expect(await t.app.db.select().from(photos).where(eq(photos.visitId, done))).toEqual([]);
    expect(await t.app.db.select().from(crewActions)).toEqual([]);
  });

  it('lets a teammate start a visit already started, keeping the first check-in', async () => {
    await placeLot();
    const me = await crewMember();
    const mate = await crewMember();
    const visitId = (await createTestVisit(t.app.db, { propertyId: t.fixture.customerA.propertyId, crewUserIds: [me.userId, mate.userId] }))
      .id;
    const first = await start(me.cookie, visitId, LOT);
    const second = await start(mate.cookie, visitId, TWO_KM_AWAY);
    expect(second.json()).toEqual(first.json());
    expect((await eventsOf(visitId)).filter((e) => e.kind === 'checked_in')).toHaveLength(1);
  });

  it('stores crew photos through the photo store, tied to the visit, without the camera’s GPS', async () => {
    const me = await crewMember();
    const visitId = await visitOf(me.userId, { status: 'in_progress' });
    const body = multipart(
      { kind: 'before', at: new Date().toISOString() },
      {
        name: 'lot.jpg',
        type: 'image/jpeg',
        data: await makeJpeg({ color: '#884422', exif: { IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '43/1 0/1 0/1' } } }),
      },
    );
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/crew/visits/${visitId}/photos`,
      headers: { ...body.headers, cookie: me.cookie, 'idempotency-key': randomUUID() },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(201);
    const [photo] = await t.app.db.select().from(photos).where(eq(photos.id, response.json().id));
    expect(photo).toMatchObject({ visitId, photoType: 'before', uploadedBy: me.userId, propertyId: t.fixture.customerA.propertyId });
    expect(photo!.variantWidths.length).toBeGreaterThan(0);
    const served = await t.app.photoStorage.get(`${photo!.storageKey}/${photo!.variantWidths[0]}.webp`);
    expect(served).not.toBeNull();
    expect(served!.includes(Buffer.from('GPS'))).toBe(false);
  });

  it('shows the customer a crew’s before photo at once, and keeps a site issue’s photo on the visit’s record', async () => {
    const me = await crewMember();
    const visitId = await visitOf(me.userId, { status: 'in_progress' });
    const issueKey = randomUUID();
    const reported = await t.app.inject({
      method: 'POST',
      url: `/api/crew/visits/${visitId}/issues`,
      headers: { cookie: me.cookie, 'idempotency-key': issueKey },
      payload: { type: 'hazard', note: 'Broken glass by the cart corral', at: new Date().toISOString() },
    });
    expect(reported.statusCode).toBe(201);
    const send = async (fields: Record<string, string>, color: string) => {
      const body = multipart(
        { ...fields, at: new Date().toISOString() },
        { name: 'lot.jpg', type: 'image/jpeg', data: await makeJpeg({ color }) },
      );
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/crew/visits/${visitId}/photos`,
        headers: { ...body.headers, cookie: me.cookie, 'idempotency-key': randomUUID() },
        payload: body.payload,
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ id: string }>().id;
    };
    const before = await send({ kind: 'before' }, '#335577');
    const hazard = await send({ kind: 'issue', issueKey }, '#773355');
    const grid = await t.app.inject({ url: `/api/properties/${t.fixture.customerA.propertyId}/photos`, headers: t.as('customerA') });
    const ids = grid.json<Array<{ id: string }>>().map((photo) => photo.id);
    expect(ids).toContain(before);
    expect(ids).not.toContain(hazard);
  });
});
