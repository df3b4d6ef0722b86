import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { siteIssues, visitChecklistItems, visitEvents, visits, users } from '../../db/schema';
import { addPhoto } from '../../modules/photos/add-photo';
import type { Schedule, VisitDetail } from '../../../shared/api/schedule';
import { addDays, localToday } from '../../../shared/local-dates';
import { testAppFor } from '#test/app';
import { testDatabases } from '#test/database';
import { makeJpeg } from '#test/fixtures';
import { multipart } from '#test/multipart';
import { signInAs } from '#test/sign-in';
import { createTestVisit } from '#test/visits';

const json = { 'content-type': 'application/json' };

describe.each(testDatabases)('the staff schedule and visit records on %s', (kind) => {
  const t = testAppFor(kind);
  const today = localToday();

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
    t.app.inject({ method, url, headers: { ...t.as('staff'), ...(body ? json : {}) }, payload: body ? JSON.stringify(body) : undefined });

  /** A crew member with a name, as the schedule shows them. */
  async function crewMember(firstName: string, lastName: string) {
    const [row] = await t.app.db
      .insert(users)
      .values({ email: `${firstName.toLowerCase()}@lakeshorelotcare.com`, firstName, lastName, role: 'crew' })
      .returning({ id: users.id });
    return row!.id;
  }
  const staffId = async () => (await t.app.db.select({ id: users.id }).from(users).where(eq(users.email, t.fixture.staffEmail)))[0]!.id;
  const eventsOf = (visitId: string) => t.app.db.select().from(visitEvents).where(eq(visitEvents.visitId, visitId));
  const visitRow = async (visitId: string) => (await t.app.db.select().from(visits).where(eq(visits.id, visitId)))[0]!;

  it('shows the week’s visits with their property, crew and flags, and today’s progress', async () => {
    const marcus = await crewMember('Marcus', 'Hill');
    const zoe = await crewMember('Zoe', 'Lind');
    const a = t.fixture.customerA.propertyId;
    const b = t.fixture.customerB.propertyId;
    const done = await createTestVisit(t.app.db, {
      propertyId: a,
      crewUserIds: [marcus],
      status: 'completed',
      window: { from: '06:00', to: '10:00' },
    });
    await t.app.db
      .update(visits)
      .set({ checkInLocationStatus: 'away', checkInDistanceMeters: 2012.4, checkedInAt: new Date() })
      .where(eq(visits.id, done.id));
    const started = await createTestVisit(t.app.db, { propertyId: b, crewUserIds: [zoe], status: 'in_progress' });
    await t.app.db.update(visits).set({ checkInLocationStatus: 'not_verified' }).where(eq(visits.id, started.id));
    await t.app.db.insert(siteIssues).values({ visitId: started.id, issueType: 'hazard', note: 'Needles by the bins' });
    await createTestVisit(t.app.db, { propertyId: b, crewUserIds: [marcus, zoe] });
    const missed = await createTestVisit(t.app.db, { propertyId: a, crewUserIds: [zoe], scheduledDate: addDays(today, -1) });
    await t.app.db.update(visits).set({ status: 'missed' }).where(eq(visits.id, missed.id));
    await createTestVisit(t.app.db, { propertyId: a, scheduledDate: addDays(today, 9) }); // outside the week

    const response = await call('GET', `/api/admin/schedule?from=${addDays(today, -1)}&to=${addDays(today, 5)}`);
    expect(response.statusCode).toBe(200);
    const schedule = response.json<Schedule>();
    expect(schedule.today).toEqual({ date: today, done: 1, inProgress: 1, toDo: 1, missed: 0, skipped: 0 });
    expect(schedule.crew.map((member) => member.name)).toEqual(['Marcus Hill', 'Zoe Lind']);
    expect(schedule.visits.map((visit) => visit.id)).toHaveLength(4);
    expect(schedule.visits[0]).toMatchObject({ id: missed.id, status: 'missed', flags: { missed: true } });
    const byId = new Map(schedule.visits.map((visit) => [visit.id, visit]));
    expect(byId.get(done.id)).toMatchObject({
      scheduledDate: today,
      window: { from: '06:00', to: '10:00' },
      property: { name: 'Plaza A', city: 'West Allis' },
      crew: [{ id: marcus, name: 'Marcus Hill' }],
      flags: { away: true, distanceMeters: 2012, notVerified: false, siteIssues: 0, missed: false },
      oneOff: true,
      kind: 'service',
    });
    expect(byId.get(started.id)!.flags).toEqual({ away: false, distanceMeters: null, notVerified: true, siteIssues: 1, missed: false });
    // Windowed visits first, "anytime" visits after them on the same day.
    expect(schedule.visits.filter((visit) => visit.scheduledDate === today)[0]!.id).toBe(done.id);
  });

  it('refuses a schedule range that is not one, with the field named', async () => {
    const backwards = await call('GET', `/api/admin/schedule?from=${today}&to=${addDays(today, -3)}`);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toEqual({ message: 'To must be on or after From', errors: { to: 'To must be on or after From' } });
    const notADate = await call('GET', `/api/admin/schedule?from=2026-02-30&to=${today}`);
    expect(notADate.statusCode).toBe(400);
    expect(notADate.json().errors).toEqual({ from: 'From must be a date, such as 2026-11-23' });
    const tooLong = await call('GET', `/api/admin/schedule?from=${today}&to=${addDays(today, 90)}`);
    expect(tooLong.json().errors.to).toMatch(/at most 42 days/);
  });

  it('adds a one-off visit with the usual checklist and a "created" event by the staff member', async () => {
    const marcus = await crewMember('Marcus', 'Hill');
    const date = addDays(today, 3);
    const created = await call('POST', '/api/admin/visits', {
      propertyId: t.fixture.customerA.propertyId,
      date,
      window: { from: '07:00', to: '09:30' },
      crewUserIds: [marcus],
      instructions: 'Gate code 4417. Park by the loading dock.',
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json<{ id: string }>();
    const detail = (await call('GET', `/api/admin/visits/${id}`)).json<VisitDetail>();
    expect(detail.visit).toMatchObject({ scheduledDate: date, window: { from: '07:00', to: '09:30' }, status: 'scheduled', planId: null });
    expect(detail.visit.instructions).toBe('Gate code 4417. Park by the loading dock.');
    expect(detail.crew).toEqual([{ id: marcus, name: 'Marcus Hill' }]);
    expect(detail.checklist.map((item) => item.label)).toEqual([
      'Pick up litter in parking areas',
      'Empty exterior bins',
      'Clear the dumpster corral',
    ]);
    expect(detail.timeline).toEqual([
      expect.objectContaining({ kind: 'created', actor: { id: await staffId(), name: 'Sam Staff' }, detail: { oneOff: true, date } }),
    ]);
  });

  it('lists the properties a visit can be added to, by name, with their customer', async () => {
    const response = await call('GET', '/api/admin/schedule/properties');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { id: t.fixture.customerA.propertyId, name: 'Plaza A', city: 'West Allis', customerName: 'Customer A Properties' },
      { id: t.fixture.customerB.propertyId, name: 'Plaza B', city: 'West Allis', customerName: 'Customer B Properties' },
    ]);
  });

  it('refuses a one-off visit with bad input, with a clear message per field, and stores nothing', async () => {
    const office = await signInAs(t.app, 'office');
    const marcus = await crewMember('Marcus', 'Hill');
    const cases: Array<[unknown, Record<string, string>]> = [
      [
        { propertyId: t.fixture.customerA.propertyId, date: addDays(today, -1), crewUserIds: [marcus] },
        { date: 'A one-off visit must be today or later' },
      ],
      [
        { propertyId: '00000000-0000-4000-8000-000000000000', date: today, crewUserIds: [marcus] },
        { propertyId: 'There is no such property' },
      ],
      [
        { propertyId: t.fixture.customerA.propertyId, date: today, crewUserIds: [office.userId] },
        { crewUserIds: 'One of the people chosen is not a crew member' },
      ],
      [{ propertyId: t.fixture.customerA.propertyId, date: today, crewUserIds: [] }, { crewUserIds: 'Choose at least one crew member' }],
      [
        { propertyId: t.fixture.customerA.propertyId, date: today, crewUserIds: [marcus], window: { from: '10:00', to: '08:00' } },
        { window: 'The window must end after it starts' },
      ],
      [
        { propertyId: t.fixture.customerA.propertyId, date: 'next tuesday', crewUserIds: [marcus], window: { from: '7am', to: '09:00' } },
        { date: 'The date must be a date, such as 2026-11-23', window: 'The window’s start must be a time such as 06:00' },
      ],
    ];
    for (const [body, errors] of cases) {
      const response = await call('POST', '/api/admin/visits', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().errors, JSON.stringify(body)).toEqual(errors);
      expect(response.json().message).toBeTruthy();
    }
    expect(await t.app.db.select().from(visits)).toEqual([]);
    expect(await t.app.db.select().from(visitEvents)).toEqual([]);
  });

  it('moves a visit to another day, and refuses to move a completed one or into the past', async () => {
    const visit = await createTestVisit(t.app.db, { propertyId: t.fixture.customerA.propertyId, scheduledDate: addDays(today, 1) });
    const moved = await call('PATCH', `/api/admin/visits/${visit.id}`, { action: 'move', date: addDays(today, 2) });
    expect(moved.statusCode).toBe(200);
    expect(await visitRow(visit.id)).toMatchObject({ scheduledDate: addDays(today, 2), customized: true, status: 'scheduled' });
    expect(await eventsOf(visit.id)).toEqual([
      expect.objectContaining({ kind: 'moved', actorId: await staffId(), detail: { from: addDays(today, 1), to: addDays(today, 2) } }),
    ]);

    const same = await call('PATCH', `/api/admin/visits/${visit.id}`, { action: 'move', date: addDays(today, 2) });
    expect(same.json()).toEqual({ message: 'The visit is already on that day', errors: { date: 'The visit is already on that day' } });
    const past = await call('PATCH', `/api/admin/visits/${visit.id}`, { action: 'move', date: addDays(today, -2) });
    expect(past.json().errors).toEqual({ date: 'Move the visit to today or a later day' });

    const completed = await createTestVisit(t.app.db, { propertyId: t.fixture.customerA.propertyId, status: 'completed' });
    const refused = await call('PATCH', `/api/admin/visits/${completed.id}`, { action: 'move', date: addDays(today, 1) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('This visit is completed: only a scheduled or missed visit can be moved');
    expect(await visitRow(completed.id)).toMatchObject({ scheduledDate: today, customized: false });
    expect(await eventsOf(completed.id)).toEqual([]);
  });

  it('brings a missed visit back when it is moved to a later day', async () => {
    const visit = await createTestVisit(t.app.db, { propertyId: t.fixture.customerA.propertyId, scheduledDate: addDays(today, -1) });
    await t.app.db.update(visits).set({ status: 'missed' }).where(eq(visits.id, visit.id));
    expect((await call('PATCH', `/api/admin/visits/${visit.id}`, { action: 'move', date: today })).statusCode).toBe(200);
    expect(await visitRow(visit.id)).toMatchObject({ status: 'scheduled', scheduledDate: today });

    // One a crew checked in on keeps its record: it is corrected, not moved.
    const started = await createTestVisit(t.app.db, { propertyId: t.fixture.customerA.propertyId, scheduledDate: addDays(today, -1) });
    await t.app.db
      .update(visits)
      .set({ status: 'missed', checkedInAt: new Date(Date.now() - 30 * 3600_000) })
      .where(eq(visits.id, started.id));
    const refused = await call('PATCH', `/api/admin/visits/${started.id}`, { action: 'move', date: today });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.date).toMatch(/^A crew checked in on this visit/);
    expect(await visitRow(started.id)).toMatchObject({ status: 'missed', scheduledDate: addDays(today, -1) });
  });

  it('clears the whole check-in when a correction removes it', async () => {
    const visit = await createTestVisit(t.app.db, { propertyId: t.fixture.customerA.propertyId, status: 'in_progress' });
    await t.app.db
      .update(visits)
      .set({
        checkedInAt: new Date(Date.now() - 3600_000),
        checkInLocationStatus: 'away',
        checkInDistanceMeters: 2100,
        checkInLatitude: 43.05,
        checkInLongitude: -87.95,
        checkInAccuracyMeters: 15,
      })
      .where(eq(visits.id, visit.id));
    expect((await call('PATCH', `/api/admin/visits/${visit.id}`, { action: 'correct', checkedInAt: null })).statusCode).toBe(200);
    expect(await visitRow(visit.id)).toMatchObject({
      checkedInAt: null,
      checkInLocationStatus: null,
      checkInDistanceMeters: null,
      checkInLatitude: null,
      checkInLongitude: null,
      checkInAccuracyMeters: null,
    });
  });

  it('reassigns a visit to crew members only', async () => {
    const marcus = await crewMember('Marcus', 'Hill');
    const zoe = await crewMember('Zoe', 'Lind');
    const office = await signInAs(t.app, 'office');
    const visit = await createTestVisit(t.app.db, { propertyId: t.fixture.customerA.propertyId, crewUserIds: [marcus] });
    const refused = await call('PATCH', `/api/admin/visits/${visit.id}`, { action: 'reassign', crewUserIds: [zoe, office.userId] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ crewUserIds: 'One of the people chosen is not a crew member' });
    expect((await visitRow(visit.id)).crewUserIds).toEqual([marcus]);

    expect((await call('PATCH', `/api/admin/visits/${visit.id}`, { action: 'reassign', crewUserIds: [zoe] })).statusCode).toBe(200);
    expect(await visitRow(visit.id)).toMatchObject({ crewUserIds: [zoe], customized: true });
    expect((await eventsOf(visit.id)).map((event) => [event.kind, event.detail])).toEqual([['reassigned', { from: [marcus], to: [zoe] }]]);
    const again = await call('PATCH', `/api/admin/visits/${visit.id}`, { action: 'reassign', crewUserIds: [zoe] });
    expect(again.json().errors).toEqual({ crewUserIds: 'The visit already has this crew' });
  });

  it('skips a visit with a reason; "other" needs a note, and a completed visit cannot be skipped', async () => {
    const visit = await createTestVisit(t.app.db, { propertyId: t.fixture.customerA.propertyId, scheduledDate: addDays(today, 1) });
    const noNote = await call('PATCH', `/api/admin/visits/${visit.id}`, { action: 'skip', reason: 'other' });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().errors).toEqual({ note: 'Say why the visit is skipped' });
    const badReason = await call('PATCH', `/api/admin/visits/${visit.id}`, { action: 'skip', reason: 'tired' });
    expect(badReason.json().errors).toEqual({ reason: 'Choose a reason: Weather, Holiday, Customer request, Other' });
    const noAction = await call('PATCH', `/api/admin/visits/${visit.id}`, { date: today });
    expect(noAction.statusCode).toBe(400);
    expect(noAction.json().message).toBe('Say what to change: action must be move, reassign, skip or correct');
    expect(await visitRow(visit.id)).toMatchObject({ status: 'scheduled', customized: false });

    const skipped = await call('PATCH', `/api/admin/visits/${visit.id}`, {
      action: 'skip',
      reason: 'other',
      note: 'Lot repaving on Thursday, per the property manager',
    });
    expect(skipped.statusCode).toBe(200);
    expect(await visitRow(visit.id)).toMatchObject({
      status: 'skipped',
      skipReason: 'other',
      skipNote: 'Lot repaving on Thursday, per the property manager',
      customized: true,
    });
    expect((await eventsOf(visit.id)).map((event) => event.kind)).toEqual(['skipped']);
    const twice = await call('PATCH', `/api/admin/visits/${visit.id}`, { action: 'skip', reason: 'weather' });
    expect(twice.json().message).toBe('This visit is skipped and cannot be skipped');

    const completed = await createTestVisit(t.app.db, { propertyId: t.fixture.customerA.propertyId, status: 'completed' });
    const refused = await call('PATCH', `/api/admin/visits/${completed.id}`, { action: 'skip', reason: 'weather' });
    expect(refused.json().message).toBe('This visit is completed and cannot be skipped');
  });

  it('corrects the record, and the timeline says who corrected what', async () => {
    const marcus = await crewMember('Marcus', 'Hill');
    const visit = await createTestVisit(t.app.db, {
      propertyId: t.fixture.customerA.propertyId,
      crewUserIds: [marcus],
      scheduledDate: addDays(today, -1),
      status: 'in_progress',
    });
    const checkedInAt = new Date(Date.now() - 26 * 3600_000);
    await t.app.db.update(visits).set({ checkedInAt, checkedInBy: marcus }).where(eq(visits.id, visit.id));
    const office = await signInAs(t.app, 'office');
    await t.app.db.update(users).set({ firstName: 'Dana', lastName: 'Kowalski' }).where(eq(users.id, office.userId));

    const checkedOutAt = new Date(checkedInAt.getTime() + 45 * 60_000).toISOString();
    const corrected = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/visits/${visit.id}`,
      headers: { cookie: office.cookie, ...json },
      payload: JSON.stringify({
        action: 'correct',
        checkedOutAt,
        checklist: [
          { position: 0, done: true },
          { position: 2, done: true },
        ],
        note: 'Crew finished but lost signal before checking out.',
      }),
    });
    expect(corrected.statusCode).toBe(200);
    const row = await visitRow(visit.id);
    expect(row).toMatchObject({ status: 'completed', customized: true, note: 'Crew finished but lost signal before checking out.' });
    expect(row.checkedOutAt?.toISOString()).toBe(checkedOutAt);
    const items = await t.app.db.select().from(visitChecklistItems).where(eq(visitChecklistItems.visitId, visit.id));
    expect(items.filter((item) => item.doneAt).map((item) => item.position)).toEqual([0, 2]);

    const detail = (await call('GET', `/api/admin/visits/${visit.id}`)).json<VisitDetail>();
    const correction = detail.timeline.find((event) => event.kind === 'corrected')!;
    expect(correction.actor).toEqual({ id: office.userId, name: 'Dana Kowalski' });
    expect(correction.detail).toEqual({
      changes: [
        { field: 'checkedOutAt', from: null, to: checkedOutAt },
        { field: 'note' },
        { field: 'checklist', position: 0, label: 'Pick up litter in parking areas', done: true },
        { field: 'checklist', position: 2, label: 'Clear the dumpster corral', done: true },
      ],
      status: { from: 'in_progress', to: 'completed' },
    });
    expect(detail.visit).toMatchObject({ status: 'completed', checkedInBy: { id: marcus, name: 'Marcus Hill' }, customized: true });
  });

  it('refuses corrections that make no sense, and changes nothing', async () => {
    const visit = await createTestVisit(t.app.db, { propertyId: t.fixture.customerA.propertyId, status: 'in_progress' });
    const checkedInAt = new Date(Date.now() - 3600_000);
    await t.app.db.update(visits).set({ checkedInAt }).where(eq(visits.id, visit.id));
    const before = await visitRow(visit.id);
    const cases: Array<[unknown, Record<string, string>]> = [
      [
        { action: 'correct', checkedOutAt: new Date(checkedInAt.getTime() - 60_000).toISOString() },
        { checkedOutAt: 'The check-out time must be after the check-in time' },
      ],
      [
        { action: 'correct', checkedInAt: null, checkedOutAt: new Date().toISOString() },
        { checkedOutAt: 'Give the check-in time too: a visit cannot be checked out without a check-in' },
      ],
      [
        { action: 'correct', checkedInAt: new Date(Date.now() + 3 * 3600_000).toISOString() },
        { checkedInAt: 'The check-in time cannot be in the future' },
      ],
      [{ action: 'correct', checklist: [{ position: 7, done: true }] }, { checklist: 'This visit has no checklist item 8' }],
      [
        { action: 'correct', checkedInAt: 'this morning' },
        { checkedInAt: 'The check-in time must be a date and time, such as 2026-11-23T07:15:00-06:00' },
      ],
      [{ action: 'correct' }, { form: 'Send at least one of checkedInAt, checkedOutAt, checklist or note to correct' }],
      [{ action: 'correct', checkedInAt: checkedInAt.toISOString() }, { form: 'Nothing changed: the record already says this' }],
    ];
    for (const [body, errors] of cases) {
      const response = await call('PATCH', `/api/admin/visits/${visit.id}`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().errors, JSON.stringify(body)).toEqual(errors);
    }
    expect(await visitRow(visit.id)).toEqual(before);
    expect(await eventsOf(visit.id)).toEqual([]);
    const unknown = await call('PATCH', '/api/admin/visits/00000000-0000-4000-8000-000000000000', { action: 'skip', reason: 'weather' });
    expect(unknown.statusCode).toBe(404);
  });

  it('shows a visit’s record: check-in distance and verdict, photos grouped, and the timeline in time order', async () => {
    const marcus = await crewMember('Marcus', 'Hill');
    const propertyId = t.fixture.customerA.propertyId;
    const visit = await createTestVisit(t.app.db, { propertyId, crewUserIds: [marcus], status: 'in_progress' });
    const start = new Date(Date.now() - 3600_000);
    await t.app.db
      .update(visits)
      .set({
        checkedInAt: start,
        checkedInBy: marcus,
        checkInLatitude: 43.0389,
        checkInLongitude: -87.9065,
        checkInAccuracyMeters: 12,
        checkInDistanceMeters: 38.6,
        checkInLocationStatus: 'verified',
      })
      .where(eq(visits.id, visit.id));
    const [issue] = await t.app.db
      .insert(siteIssues)
      .values({ visitId: visit.id, issueType: 'illegal_dumping', note: 'Mattress behind the dumpster', reportedBy: marcus })
      .returning();
    const photo = (color: string, photoType: string, siteIssueId: string | null = null) =>
      makeJpeg({ color }).then((data) =>
        addPhoto(t.app.db, t.app.photoStorage, {
          propertyId,
          data,
          caption: '',
          photoType,
          visitId: visit.id,
          siteIssueId,
          uploadedBy: marcus,
        }),
      );
    const beforePhoto = await photo('#112233', 'before');
    const afterPhoto = await photo('#445566', 'after');
    const issuePhoto = await photo('#778899', 'other', issue!.id);
    await t.app.db.insert(visitEvents).values([
      { visitId: visit.id, kind: 'checked_in', actorId: marcus, at: start, detail: { distanceMeters: 39, location: 'verified' } },
      {
        visitId: visit.id,
        kind: 'issue_reported',
        actorId: marcus,
        at: new Date(start.getTime() + 120_000),
        detail: { type: 'illegal_dumping' },
      },
      { visitId: visit.id, kind: 'checklist_item', actorId: marcus, at: new Date(start.getTime() + 60_000), detail: { position: 0 } },
    ]);

    const response = await call('GET', `/api/admin/visits/${visit.id}`);
    expect(response.statusCode).toBe(200);
    const detail = response.json<VisitDetail>();
    expect(detail.visit.checkIn).toEqual({
      locationStatus: 'verified',
      distanceMeters: 39,
      latitude: 43.0389,
      longitude: -87.9065,
      accuracyMeters: 12,
    });
    expect(detail.visit.flags).toMatchObject({ away: false, notVerified: false, siteIssues: 1 });
    expect(detail.property).toMatchObject({ name: 'Plaza A', customerName: 'Customer A Properties', location: null });
    expect(detail.photos.before.map((p) => p.id)).toEqual([beforePhoto.id]);
    expect(detail.photos.after.map((p) => p.id)).toEqual([afterPhoto.id]);
    expect(detail.photos.issues.map((p) => p.id)).toEqual([issuePhoto.id]);
    expect(detail.photos.before[0]!.imageUrl).toMatch(new RegExp(`^/api/photos/${beforePhoto.id}/\\d+\\.webp$`));
    expect(detail.siteIssues).toEqual([
      expect.objectContaining({
        type: 'illegal_dumping',
        note: 'Mattress behind the dumpster',
        reportedBy: { id: marcus, name: 'Marcus Hill' },
      }),
    ]);
    expect(detail.timeline.map((event) => event.kind)).toEqual(['checked_in', 'checklist_item', 'issue_reported']);
    expect(detail.timeline[0]!.actor).toEqual({ id: marcus, name: 'Marcus Hill' });
    expect((await call('GET', '/api/admin/visits/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('adds a photo to a visit and removes it, each on the timeline with who did it', async () => {
    const visit = await createTestVisit(t.app.db, { propertyId: t.fixture.customerA.propertyId, status: 'completed' });
    const body = multipart(
      { photoType: 'after', caption: 'North lot after the sweep' },
      { name: 'lot.jpg', type: 'image/jpeg', data: await makeJpeg({ color: '#a1b2c3' }) },
    );
    const added = await t.app.inject({
      method: 'POST',
      url: `/api/admin/visits/${visit.id}/photos`,
      headers: { ...t.as('staff'), ...body.headers },
      payload: body.payload,
    });
    expect(added.statusCode).toBe(201);
    const { id: photoId } = added.json<{ id: string }>();
    let detail = (await call('GET', `/api/admin/visits/${visit.id}`)).json<VisitDetail>();
    expect(detail.photos.after.map((p) => [p.id, p.caption])).toEqual([[photoId, 'North lot after the sweep']]);
    expect(detail.timeline).toEqual([
      expect.objectContaining({
        kind: 'photo_added',
        actor: { id: await staffId(), name: 'Sam Staff' },
        detail: { photoId, kind: 'after', by: 'staff' },
      }),
    ]);

    expect((await call('DELETE', `/api/admin/photos/${photoId}`)).statusCode).toBe(204);
    detail = (await call('GET', `/api/admin/visits/${visit.id}`)).json<VisitDetail>();
    expect(detail.photos.after).toEqual([]);
    expect(detail.timeline.map((event) => [event.kind, event.actor?.name])).toEqual([
      ['photo_added', 'Sam Staff'],
      ['photo_removed', 'Sam Staff'],
    ]);

    const noType = multipart({}, { name: 'lot.jpg', type: 'image/jpeg', data: await makeJpeg({ color: '#0f0f0f' }) });
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/admin/visits/${visit.id}/photos`,
      headers: { ...t.as('staff'), ...noType.headers },
      payload: noType.payload,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ photoType: 'Choose the photo type: before, after or other' });
    expect((await call('GET', `/api/admin/visits/${visit.id}`)).json<VisitDetail>().photos).toEqual({ before: [], after: [], issues: [] });
  });
});
