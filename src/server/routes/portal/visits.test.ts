import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addPhoto } from '../../modules/photos/add-photo';
import { siteIssues, users, visitChecklistItems, visits } from '../../db/schema';
import { addDays, localToday } from '../../../shared/local-dates';
import type { PortalVisit, VisitHistory } from '../../../shared/api/visit-history';
import { testAppFor } from '#test/app';
import { testDatabases } from '#test/database';
import { makeJpeg } from '#test/fixtures';
import { createTestVisit } from '#test/visits';

describe.each(testDatabases)('the portal’s visit history on %s', (kind) => {
  const t = testAppFor(kind);
  const today = localToday();
  const propertyId = () => t.fixture.customerA.propertyId;

  const history = async (query = '') => {
    const response = await t.app.inject({ url: `/api/properties/${propertyId()}/visits${query}`, headers: t.as('customerA') });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<VisitHistory>();
  };

  /** A visit done by Rosa and Dana: checked in on site at 7:05, out at 7:47, with photos and a hazard. */
  async function workedVisit(date: string) {
    const crew = await t.app.db
      .insert(users)
      .values([
        { email: `rosa-${date}@lakeshorelotcare.com`, firstName: 'Rosa', lastName: 'Delgado', role: 'crew' },
        { email: `dana-${date}@lakeshorelotcare.com`, firstName: 'Dana', lastName: 'Kowalski', role: 'crew' },
      ])
      .returning({ id: users.id });
    const { id } = await createTestVisit(t.app.db, {
      propertyId: propertyId(),
      scheduledDate: date,
      crewUserIds: crew.map((member) => member.id),
      window: { from: '06:00', to: '10:00' },
    });
    await t.app.db
      .update(visits)
      .set({
        status: 'completed',
        checkedInAt: new Date(`${date}T07:05:00-06:00`),
        checkedOutAt: new Date(`${date}T07:47:00-06:00`),
        checkInLatitude: 43.0167,
        checkInLongitude: -88.007,
        checkInDistanceMeters: 41,
        checkInLocationStatus: 'verified',
        note: 'Gate was left open again; told the manager.',
      })
      .where(eq(visits.id, id));
    await t.app.db.update(visitChecklistItems).set({ doneAt: new Date() }).where(eq(visitChecklistItems.visitId, id));
    await t.app.db.update(visitChecklistItems).set({ doneAt: null }).where(eq(visitChecklistItems.position, 2));
    const [issue] = await t.app.db
      .insert(siteIssues)
      .values({ visitId: id, issueType: 'hazard', note: 'Needles by the cart corral; bagged and removed.', reportedBy: crew[0]!.id })
      .returning({ id: siteIssues.id });
    const photo = async (photoType: string, color: string, siteIssueId: string | null = null) =>
      (
        await addPhoto(t.app.db, t.app.photoStorage, {
          propertyId: propertyId(),
          data: await makeJpeg({ color }),
          caption: '',
          photoType,
          visitId: id,
          siteIssueId,
        })
      ).id;
    const before = await photo('before', `#a1${date.slice(8)}22`);
    const after = await photo('after', `#22${date.slice(8)}a1`);
    const hazard = await photo('other', `#7a${date.slice(8)}7a`, issue!.id);
    return { id, before, after, hazard, issueId: issue!.id };
  }

  it('shows each visit as proof: times, crew first names, checklist, photos side by side, site issues and "verified on site"; no coordinates', async () => {
    const day = addDays(today, -3);
    const worked = await workedVisit(day);
    const { visits: shown } = await history();
    expect(shown).toHaveLength(1);
    const visit = shown[0]!;
    expect(visit).toMatchObject({
      id: worked.id,
      scheduledDate: day,
      status: 'completed',
      window: { from: '06:00', to: '10:00' },
      arrivedAt: new Date(`${day}T07:05:00-06:00`).toISOString(),
      departedAt: new Date(`${day}T07:47:00-06:00`).toISOString(),
      durationMinutes: 42,
      crew: ['Rosa', 'Dana'],
      verifiedOnSite: true,
      checklist: [
        { label: 'Pick up litter in parking areas', done: true },
        { label: 'Empty exterior bins', done: true },
        { label: 'Clear the dumpster corral', done: false },
      ],
      skipReason: null,
    });
    expect(visit.photos.before.map((photo) => photo.id)).toEqual([worked.before]);
    expect(visit.photos.after.map((photo) => photo.id)).toEqual([worked.after]);
    expect(visit.issues).toEqual([
      expect.objectContaining({
        id: worked.issueId,
        type: 'hazard',
        label: 'Hazard (needles, broken glass)',
        note: 'Needles by the cart corral; bagged and removed.',
        photos: [expect.objectContaining({ id: worked.hazard })],
      }),
    ]);
    const body = JSON.stringify(visit);
    for (const secret of ['43.0167', '-88.007', '"41"', 'Delgado', 'Kowalski', 'Gate was left open', 'lakeshorelotcare.com']) {
      expect(body).not.toContain(secret);
    }

    // The visit's own URL, for a colleague with access.
    const single = await t.app.inject({ url: `/api/visits/${worked.id}`, headers: t.as('customerA') });
    expect(single.statusCode).toBe(200);
    expect(single.json<PortalVisit>()).toEqual(visit);
  });

  it('lists the history newest first, a page of 10 at a time, with the next visit apart, and filters by month', async () => {
    const done = [];
    for (let back = 1; back <= 12; back++) {
      done.push(
        (await createTestVisit(t.app.db, { propertyId: propertyId(), scheduledDate: addDays(today, -back), status: 'completed' })).id,
      );
    }
    const skipped = (await createTestVisit(t.app.db, { propertyId: propertyId(), scheduledDate: addDays(today, -13) })).id;
    await t.app.db.update(visits).set({ status: 'skipped', skipReason: 'weather' }).where(eq(visits.id, skipped));
    const missed = (await createTestVisit(t.app.db, { propertyId: propertyId(), scheduledDate: addDays(today, -14) })).id;
    await t.app.db.update(visits).set({ status: 'missed' }).where(eq(visits.id, missed));
    // Planned visits are not history: the next one is shown apart.
    await createTestVisit(t.app.db, { propertyId: propertyId(), scheduledDate: addDays(today, 9) });
    await createTestVisit(t.app.db, { propertyId: propertyId(), scheduledDate: addDays(today, 2), window: { from: '05:30', to: '08:00' } });

    const first = await history();
    expect(first.nextVisit).toEqual({ scheduledDate: addDays(today, 2), window: { from: '05:30', to: '08:00' } });
    expect(first).toMatchObject({ page: 1, pageCount: 2, total: 14 });
    expect(first.visits.map((visit) => visit.id)).toEqual(done.slice(0, 10));
    const second = await history('?page=2');
    expect(second.visits.map((visit) => [visit.id, visit.status, visit.skipReason])).toEqual([
      [done[10], 'completed', null],
      [done[11], 'completed', null],
      [skipped, 'skipped', 'Weather'],
      [missed, 'missed', null],
    ]);

    const months = [...new Set(Array.from({ length: 14 }, (_, i) => addDays(today, -(i + 1)).slice(0, 7)))].sort().reverse();
    expect(first.months).toEqual(months);
    const oldest = months.at(-1)!;
    const ofMonth = await history(`?month=${oldest}`);
    expect(ofMonth.visits.length).toBeGreaterThan(0);
    expect(ofMonth.visits.every((visit) => visit.scheduledDate.startsWith(oldest))).toBe(true);
    const inMonth = Array.from({ length: 14 }, (_, i) => addDays(today, -(i + 1))).filter((date) => date.startsWith(oldest)).length;
    expect(ofMonth.total).toBe(inMonth);
    expect(ofMonth.visits).toHaveLength(Math.min(inMonth, 10));
    expect((await history('?month=2020-01')).visits).toEqual([]);
  });

  it('refuses a malformed month or page with a clear message', async () => {
    for (const [query, message] of [
      ['?month=2026-13', 'Choose a month as YYYY-MM, such as 2026-10'],
      ['?month=October', 'Choose a month as YYYY-MM, such as 2026-10'],
      ['?page=0', 'Pages start at 1'],
    ] as const) {
      const response = await t.app.inject({ url: `/api/properties/${propertyId()}/visits${query}`, headers: t.as('customerA') });
      expect(response.statusCode, query).toBe(400);
      expect(response.body, query).toContain(message);
    }
  });

  it('answers "not found" for another customer’s property and visits, and for a visit still only planned', async () => {
    const theirs = (await createTestVisit(t.app.db, { propertyId: t.fixture.customerB.propertyId, status: 'completed' })).id;
    const planned = (await createTestVisit(t.app.db, { propertyId: propertyId(), scheduledDate: addDays(today, 3) })).id;
    for (const url of [`/api/properties/${t.fixture.customerB.propertyId}/visits`, `/api/visits/${theirs}`, `/api/visits/${planned}`]) {
      const response = await t.app.inject({ url, headers: t.as('customerA') });
      expect(response.statusCode, url).toBe(404);
    }
    // Customer B's own manager sees theirs.
    expect((await t.app.inject({ url: `/api/visits/${theirs}`, headers: t.as('customerB') })).statusCode).toBe(200);
  });
});
