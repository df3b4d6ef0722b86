import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, gte, inArray, lte } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { properties, siteIssues, users, visitChecklistItems, visits } from '../db/schema';
import { addPhoto } from '../modules/photos/add-photo';
import { addDays, localDateText, localToday } from '../../shared/local-dates';
import { monthName, reportMonthOf, reportRange } from '../../shared/report-months';
import { testAppFor } from '#test/app';
import { testDatabases } from '#test/database';
import { makeJpeg } from '#test/fixtures';
import { createTestVisit, lastMonth } from '#test/visits';

/** The PDF's text as poppler's pdftotext reads it (Debian's poppler-utils), on one line. */
function pdfText(pdf: Buffer): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'report-')), 'report.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

const count = (text: string, word: string) => text.split(word).length - 1;

describe.each(testDatabases)('the monthly service report on %s', (kind) => {
  const t = testAppFor(kind);
  const today = localToday();
  const { month, day, at } = lastMonth(today);

  /**
   * Customer A's month at Plaza A: on time and verified with photos and a site issue; late; skipped;
   * missed; an anytime visit done on its day. Beside it: a visit the month after, customer B's
   * visit, and a second property of A's, none of which belong in Plaza A's report.
   */
  async function seedMonth() {
    const db = t.app.db;
    const propertyId = t.fixture.customerA.propertyId;
    const [luis, dana] = await db
      .insert(users)
      .values([
        { email: 'luis@lakeshorelotcare.com', firstName: 'Luis', lastName: 'Ortega', role: 'crew' },
        { email: 'dana@lakeshorelotcare.com', firstName: 'Dana', lastName: 'Kowalczyk', role: 'crew' },
      ])
      .returning({ id: users.id });
    const crew = [luis!.id, dana!.id];
    const onTime = await createTestVisit(db, {
      propertyId,
      scheduledDate: day(3),
      crewUserIds: crew,
      window: { from: '06:00', to: '10:00' },
      checklist: ['Pick up litter in parking areas', 'Empty exterior bins', 'Clear the dumpster corral'],
    });
    await db
      .update(visits)
      .set({
        status: 'completed',
        checkedInAt: at(3, 6, 12),
        checkedOutAt: at(3, 7, 5),
        checkInLocationStatus: 'verified',
        checkInLatitude: 43.0117,
        checkInLongitude: -88.2315,
      })
      .where(eq(visits.id, onTime.id));
    await db
      .update(visitChecklistItems)
      .set({ doneAt: at(3, 6, 40) })
      .where(and(eq(visitChecklistItems.visitId, onTime.id), inArray(visitChecklistItems.position, [0, 1])));
    const [issue] = await db
      .insert(siteIssues)
      .values({
        visitId: onTime.id,
        issueType: 'illegal_dumping',
        note: 'Mattress left by the east dumpster corral; Mr. Wiśniewski at Żabka Deli saw the truck',
      })
      .returning({ id: siteIssues.id });
    for (const [photoType, color, siteIssueId] of [
      ['before', '#7c3aed', null],
      ['after', '#0891b2', null],
      ['other', '#ca8a04', issue!.id],
    ] as const) {
      await addPhoto(db, t.app.photoStorage, {
        propertyId,
        visitId: onTime.id,
        siteIssueId,
        data: await makeJpeg({ color }),
        caption: '',
        photoType,
      });
    }

    const late = await createTestVisit(db, {
      propertyId,
      scheduledDate: day(10),
      crewUserIds: [dana!.id],
      window: { from: '06:00', to: '10:00' },
    });
    await db
      .update(visits)
      .set({ status: 'completed', checkedInAt: at(10, 11, 30), checkedOutAt: at(10, 12, 45), checkInLocationStatus: 'not_verified' })
      .where(eq(visits.id, late.id));
    const skipped = await createTestVisit(db, { propertyId, scheduledDate: day(14), crewUserIds: crew });
    await db
      .update(visits)
      .set({ status: 'skipped', skipReason: 'weather', skipNote: 'Freezing rain overnight' })
      .where(eq(visits.id, skipped.id));
    const missed = await createTestVisit(db, { propertyId, scheduledDate: day(17), crewUserIds: crew });
    await db.update(visits).set({ status: 'missed' }).where(eq(visits.id, missed.id));
    const anytime = await createTestVisit(db, {
      propertyId,
      scheduledDate: day(24),
      crewUserIds: [luis!.id],
      checklist: ['Sweep the entrance walk'],
    });
    await db
      .update(visits)
      .set({ status: 'completed', checkedInAt: at(24, 15, 2), checkedOutAt: at(24, 15, 31), checkInLocationStatus: 'verified' })
      .where(eq(visits.id, anytime.id));

    // Not Plaza A's month: next month, customer B's property, and A's other property.
    await createTestVisit(db, { propertyId, scheduledDate: addDays(day(1), 40) });
    await createTestVisit(db, { propertyId: t.fixture.customerB.propertyId, scheduledDate: day(5), checklist: ['Customer B only task'] });
    const [second] = await db
      .insert(properties)
      .values({
        customerId: t.fixture.customerA.id,
        name: 'Harbor View Offices',
        address: '310 E Erie St',
        city: 'Milwaukee',
        state: 'WI',
        zipCode: '53202',
        propertyType: 'Office',
      })
      .returning({ id: properties.id });
    await createTestVisit(db, { propertyId: second!.id, scheduledDate: day(6), checklist: ['Pick up the loading dock'] });
    await db.update(visits).set({ status: 'missed' }).where(eq(visits.propertyId, second!.id));
    return { propertyId, secondId: second!.id };
  }

  /** What the database says about a set of properties' visits in the month. */
  async function countsInDatabase(propertyIds: string[]) {
    const range = reportRange(month, today);
    const rows = await t.app.db
      .select({ id: visits.id, status: visits.status })
      .from(visits)
      .where(and(inArray(visits.propertyId, propertyIds), gte(visits.scheduledDate, range.from), lte(visits.scheduledDate, range.to)));
    const ids = rows.map((row) => row.id);
    const issues = ids.length ? await t.app.db.select({ id: siteIssues.id }).from(siteIssues).where(inArray(siteIssues.visitId, ids)) : [];
    const of = (status: string) => rows.filter((row) => row.status === status).length;
    return { planned: rows.length, completed: of('completed'), skipped: of('skipped'), missed: of('missed'), siteIssues: issues.length };
  }

  it('streams a property’s month as a PDF whose text matches the visits in the database, counts exact', async () => {
    const { propertyId } = await seedMonth();
    const response = await t.app.inject({ url: `/api/properties/${propertyId}/reports/${month}.pdf`, headers: t.as('customerA') });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="Plaza-A-service-report-${month}.pdf"`);
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(response.rawPayload);

    // The cover: the company, the month, who it is for, the property.
    expect(text).toContain('Lakeshore Lot Care');
    expect(text).toContain('MONTHLY SERVICE REPORT');
    expect(text).toContain(monthName(month));
    expect(text).toContain('Customer A Properties');
    expect(text).toContain('Plaza A');
    expect(text).toContain('200 Oak Ave, West Allis, WI 53214');

    // The summary, exactly as the database counts it: 5 planned, 3 completed, 1 skipped, 1 missed, 2 of 3 on time, 1 issue.
    const expected = await countsInDatabase([propertyId]);
    expect(expected).toEqual({ planned: 5, completed: 3, skipped: 1, missed: 1, siteIssues: 1 });
    expect(text).toContain(`Visits planned ${expected.planned} `);
    expect(text).toContain(`Completed ${expected.completed} `);
    expect(text).toContain(`Skipped ${expected.skipped} `);
    expect(text).toContain(`Missed ${expected.missed} `);
    expect(text).toContain(`On-time rate 67% (2 of ${expected.completed} completed)`);
    expect(text).toContain(`Site issues reported ${expected.siteIssues} `);
    expect(text).not.toContain('Still open today');
    expect(text).toContain('On time: the crew checked in on the visit’s scheduled day, within its time window');

    // Each visit: its date, status, times, crew by first name, checklist, issue; nothing of other months or customers.
    for (const n of [3, 10, 14, 17, 24]) expect(text).toContain(localDateText(day(n)));
    expect(text).not.toContain(localDateText(addDays(day(1), 40)));
    expect(text).not.toContain(localDateText(day(5)));
    expect(text).toContain('Window: 6:00 AM–10:00 AM · Arrived 6:12 AM · Left 7:05 AM · On site 53 min · Crew: Luis, Dana');
    expect(text).toContain('Arrived 11:30 AM · Left 12:45 PM · On site 1 h 15 min · Crew: Dana');
    expect(text).toContain('Window: Anytime that day · Arrived 3:02 PM · Left 3:31 PM · On site 29 min · Crew: Luis');
    expect(text).toContain('Skipped: Weather. Freezing rain overnight');
    expect(text).toContain('Not completed - we will contact you.');
    for (const item of ['Pick up litter in parking areas', 'Empty exterior bins', 'Clear the dumpster corral', 'Sweep the entrance walk']) {
      expect(text).toContain(item);
    }
    // Names print as they are spelled (the report embeds Inter, not the 1252-only standard fonts).
    expect(text).toContain('Illegal dumping: Mattress left by the east dumpster corral; Mr. Wiśniewski at Żabka Deli saw the truck');
    expect(count(text, 'Verified on site')).toBe(2);
    expect(count(text, 'On time ')).toBeGreaterThanOrEqual(2);
    expect(text).toContain('BEFORE');
    expect(text).toContain('AFTER');
    expect(text).toContain('SITE ISSUE PHOTOS');
    // What a customer never sees: last names, check-in coordinates, other customers' work.
    for (const hidden of ['Ortega', 'Kowalczyk', '43.0117', '-88.2315', 'Customer B only task', 'Harbor View Offices']) {
      expect(text).not.toContain(hidden);
    }
    // Three photos drawn, as JPEG thumbnails.
    expect(count(response.rawPayload.toString('latin1'), '/Subtype /Image')).toBe(3);
  });

  it('covers all a customer’s properties in the portal’s and the console’s customer report, and nobody else’s', async () => {
    const { propertyId, secondId } = await seedMonth();
    const portal = await t.app.inject({ url: `/api/customer/reports/${month}.pdf`, headers: t.as('customerA') });
    const console = await t.app.inject({
      url: `/api/admin/customers/${t.fixture.customerA.id}/reports/${month}.pdf`,
      headers: t.as('staff'),
    });
    for (const response of [portal, console]) {
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-disposition']).toBe(`attachment; filename="Customer-A-Properties-service-report-${month}.pdf"`);
      const text = pdfText(response.rawPayload);
      const expected = await countsInDatabase([propertyId, secondId]);
      expect(expected.planned).toBe(6);
      expect(text).toContain('PROPERTIES (2)');
      expect(text).toContain(`Visits planned ${expected.planned} `);
      expect(text).toContain(`Missed ${expected.missed} `);
      expect(text).toContain('Harbor View Offices');
      // Property by property: each section under the property's name and month, its visits in date order.
      expect(text).toContain('Harbor View Offices 1 planned · 0 completed · — on time 310 E Erie St, Milwaukee, WI 53202');
      expect(text).toMatch(new RegExp(`Harbor View Offices 1 planned .*${localDateText(day(6))} Missed`));
      expect(text.indexOf(`${localDateText(day(6))} Missed`)).toBeLessThan(text.indexOf(localDateText(day(3))));
      expect(text).not.toContain('Plaza B');
      expect(text).not.toContain('Customer B only task');
    }
    const staffProperty = await t.app.inject({ url: `/api/admin/properties/${propertyId}/reports/${month}.pdf`, headers: t.as('staff') });
    expect(staffProperty.statusCode).toBe(200);
    expect(pdfText(staffProperty.rawPayload)).toContain(`Visits planned 5 `);
  });

  it('answers another customer’s property exactly like a missing one, and keeps customers out of the console’s reports', async () => {
    const { propertyId } = await seedMonth();
    const theirs = await t.app.inject({ url: `/api/properties/${propertyId}/reports/${month}.pdf`, headers: t.as('customerB') });
    const missing = await t.app.inject({
      url: `/api/properties/00000000-0000-4000-8000-000000000000/reports/${month}.pdf`,
      headers: t.as('customerB'),
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).toBe(missing.body);
    expect(theirs.headers['content-type']).toBe(missing.headers['content-type']);
    const consoleAsCustomer = await t.app.inject({
      url: `/api/admin/customers/${t.fixture.customerA.id}/reports/${month}.pdf`,
      headers: t.as('customerA'),
    });
    expect(consoleAsCustomer.statusCode).toBe(403);
    // Customer B's own customer report holds only B's work.
    const own = await t.app.inject({ url: `/api/customer/reports/${month}.pdf`, headers: t.as('customerB') });
    const text = pdfText(own.rawPayload);
    expect(text).toContain('Plaza B');
    expect(text).toContain('Visits planned 1 ');
    expect(text).not.toContain('Plaza A');
  });

  it('refuses a malformed or future month with a 400 that says what to send, and no PDF', async () => {
    const propertyId = t.fixture.customerA.propertyId;
    const nextMonth = reportMonthOf(addDays(`${reportMonthOf(today)}-01`, 31));
    for (const [bad, message] of [
      ['2026-13', `Give the month as YYYY-MM, for example ${reportMonthOf(today)}.`],
      ['november', `Give the month as YYYY-MM, for example ${reportMonthOf(today)}.`],
      [nextMonth, `${monthName(nextMonth)} has not started yet: reports cover the current month to date and past months.`],
    ] as const) {
      for (const url of [
        `/api/properties/${propertyId}/reports/${bad}.pdf`,
        `/api/admin/customers/${t.fixture.customerA.id}/reports/${bad}.pdf`,
      ]) {
        const response = await t.app.inject({ url, headers: t.as('staff') });
        expect(response.statusCode, url).toBe(400);
        expect(response.headers['content-type']).toMatch(/^application\/json/);
        expect(response.json()).toEqual({ message, errors: { month: message } });
      }
    }
  });

  it('reports the current month to date: today’s open visit counts, later ones do not yet', async () => {
    const propertyId = t.fixture.customerA.propertyId;
    await createTestVisit(t.app.db, { propertyId, scheduledDate: today });
    const tomorrow = addDays(today, 1);
    await createTestVisit(t.app.db, { propertyId, scheduledDate: tomorrow });
    const response = await t.app.inject({
      url: `/api/properties/${propertyId}/reports/${reportMonthOf(today)}.pdf`,
      headers: t.as('customerA'),
    });
    expect(response.statusCode).toBe(200);
    const text = pdfText(response.rawPayload);
    expect(text).toContain('Month to date');
    // The footer's period: "November 1–24, 2026" ("November 1, 2026" on the first of the month).
    const [year, , day] = today.split('-').map(Number) as [number, number, number];
    const monthDay1 = localDateText(`${today.slice(0, 8)}01`, { month: 'long', day: 'numeric' });
    expect(text).toContain(day === 1 ? `${monthDay1}, ${year}` : `${monthDay1}–${day}, ${year}`);
    expect(text).not.toContain('(day:');
    expect(text).toContain('Visits planned 1 ');
    expect(text).toContain('Still open today 1 ');
    expect(text).toContain('On-time rate — (0 of 0 completed)');
    expect(text).toContain(localDateText(today));
    expect(text).not.toContain(localDateText(tomorrow));
  });

  it('offers months from the customer’s first: when they became a customer, or their first visit if earlier', async () => {
    const { customerA, customerB } = t.fixture;
    const urls = (c: typeof customerA) => [
      `/api/admin/customers/${c.id}/reports/months`,
      `/api/admin/properties/${c.propertyId}/reports/months`,
    ];
    // Customer B became a customer today and has no visits: only the current month.
    for (const url of [...urls(customerB), `/api/properties/${customerB.propertyId}/reports/months`]) {
      const response = await t.app.inject({ url, headers: t.as(url.startsWith('/api/admin') ? 'staff' : 'customerB') });
      expect(response.statusCode, url).toBe(200);
      expect(response.json()).toEqual({ from: reportMonthOf(today) });
    }
    // Customer A was entered with a visit three months back: from that month.
    const earlier = addDays(`${reportMonthOf(today)}-01`, -70);
    await createTestVisit(t.app.db, { propertyId: customerA.propertyId, scheduledDate: earlier });
    for (const url of [...urls(customerA), `/api/properties/${customerA.propertyId}/reports/months`, '/api/customer/reports/months']) {
      const response = await t.app.inject({ url, headers: t.as(url.startsWith('/api/admin') ? 'staff' : 'customerA') });
      expect(response.json(), url).toEqual({ from: reportMonthOf(earlier) });
    }
    // Another customer's property is not found, as for its report.
    const theirs = await t.app.inject({ url: `/api/properties/${customerA.propertyId}/reports/months`, headers: t.as('customerB') });
    expect(theirs.statusCode).toBe(404);
  });
});
