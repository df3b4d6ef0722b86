import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailOutbox, serviceRequests, servicePlans, users, visits } from '../../db/schema';
import { addDays, localDateText, localToday } from '../../../shared/local-dates';
import type { ServiceRequest } from '../../../shared/api/service-requests';
import { testAppFor, type TestAppContext } from '#test/app';
import { testDatabases } from '#test/database';
import { makeJpeg } from '#test/fixtures';
import { multipartFiles } from '#test/multipart';
import { signInAs } from '#test/sign-in';
import { createTestVisit } from '#test/visits';

/*
 * Customer requests as staff handle them (issue 22): who on staff hears of a new one and what the
 * e-mail shows, Scheduled putting the request on a real visit, and a reply with any status.
 */

const OFFICE = 'office@lakeshorelotcare.com';
const DISABLED_OFFICE = 'former-office@lakeshorelotcare.com';

/** The app's requests from customer A's user, and the staff answers to them. */
function requestCalls(t: TestAppContext) {
  const propertyId = () => t.fixture.customerA.propertyId;
  return {
    propertyId,
    async reportProblem(note: string, colors: string[] = []) {
      const files = await Promise.all(
        colors.map(async (color, index) => ({ name: `IMG_${index}.jpg`, type: 'image/jpeg', data: await makeJpeg({ color }) })),
      );
      const body = multipartFiles({ note }, files, 'photos');
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/properties/${propertyId()}/requests/problem`,
        headers: { ...body.headers, ...t.as('customerA') },
        payload: body.payload,
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<ServiceRequest>();
    },
    async requestCleanup(preferredDates: string[], note = '') {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/properties/${propertyId()}/requests/cleanup`,
        headers: t.as('customerA'),
        payload: { preferredDates, note },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<ServiceRequest>();
    },
    setStatus: (id: string, payload: object) =>
      t.app.inject({ method: 'PATCH', url: `/api/admin/service-requests/${id}`, headers: t.as('staff'), payload }),
    async customerSees(id: string) {
      const response = await t.app.inject({ url: `/api/properties/${propertyId()}/requests`, headers: t.as('customerA') });
      return response.json<ServiceRequest[]>().find((request) => request.id === id)!;
    },
    async outboxTo(address: string) {
      return t.app.db.select({ subject: emailOutbox.subject }).from(emailOutbox).where(eq(emailOutbox.toAddress, address));
    },
  };
}

describe.each(testDatabases)('staff notices of customer requests, without STAFF_NOTIFY_EMAIL, on %s', (kind) => {
  const t = testAppFor(kind, { smtp: true, env: { APP_URL: 'https://lots.example' } });
  const calls = requestCalls(t);
  const owner = () => t.fixture.staffEmail;
  const addOfficeAndCrew = () =>
    t.app.db.insert(users).values([
      { email: OFFICE, firstName: 'Ana', role: 'office' },
      { email: 'crew-member@lakeshorelotcare.com', firstName: 'Lee', role: 'crew' },
      { email: DISABLED_OFFICE, firstName: 'Former', role: 'office', disabledAt: new Date() },
    ]);

  it('tells every owner and office user of a problem report: the property, the note, the photos inline and the inbox', async () => {
    await addOfficeAndCrew();
    await calls.reportProblem('Someone dumped a mattress by the dumpster enclosure.', ['#334155', '#a16207', '#334155']);
    for (const to of [owner(), OFFICE]) {
      const mail = await t.smtp.nextMailTo(to);
      expect(mail.decoded).toMatch(/^Subject: Problem report: Plaza A \(Customer A Properties\)/m);
      expect(mail.raw).toMatch(/^Reply-To: manager-a@example\.com/m);
      for (const value of [
        'Plaza A',
        '200 Oak Ave, West Allis, WI 53214',
        'Someone dumped a mattress by the dumpster enclosure.',
        'https://lots.example/admin/submissions?view=requests',
      ]) {
        expect(mail.decoded, value).toContain(value);
      }
      // The two different photos (the third is the first again) as inline JPEG thumbnails the HTML shows.
      const contentIds = [...mail.raw.matchAll(/^Content-ID: <([^>]+)>/gim)].map((match) => match[1]!);
      expect(contentIds).toHaveLength(2);
      for (const id of contentIds) expect(mail.decoded).toContain(`src="cid:${id}"`);
      expect(mail.raw.match(/^Content-Type: image\/jpeg/gim)).toHaveLength(2);
      expect(mail.decoded).not.toContain('URGENT');
    }
    expect(await calls.outboxTo('crew-member@lakeshorelotcare.com')).toEqual([]);
    expect(await calls.outboxTo(DISABLED_OFFICE), 'a disabled account hears nothing').toEqual([]);
  });

  it('tells them of an extra cleanup request too, with its preferred dates', async () => {
    await addOfficeAndCrew();
    const date = addDays(localToday(), 5);
    await calls.requestCleanup([date], 'Before the farmers market');
    for (const to of [owner(), OFFICE]) {
      const mail = await t.smtp.nextMailTo(to);
      expect(mail.decoded).toMatch(/^Subject: Extra cleanup: Plaza A/m);
      expect(mail.decoded).toContain(localDateText(date));
      expect(mail.decoded).toContain('Before the farmers market');
    }
  });

  it('marks a problem report of a hazard URGENT, as an emergency quote request is', async () => {
    await calls.reportProblem('Needles and broken glass by the bus shelter, near the playground path.', ['#7c2d12']);
    const mail = await t.smtp.nextMailTo(owner());
    expect(mail.decoded).toMatch(/^Subject: URGENT: Problem report: Plaza A/m);
    expect(mail.decoded).toContain('>URGENT</p>');
    expect(mail.decoded).toContain('Customer A Properties reported a hazard at Plaza A');
  });
});

describe.each(testDatabases)('a customer request scheduled from the inbox on %s', (kind) => {
  const t = testAppFor(kind, { smtp: true, env: { APP_URL: 'https://lots.example', STAFF_NOTIFY_EMAIL: OFFICE } });
  const calls = requestCalls(t);
  const today = localToday();
  const customer = () => t.fixture.customerA.userEmail;
  const visitCount = async () => (await t.app.db.select({ n: count() }).from(visits))[0]!.n;

  it('makes the one-off visit on that day in the same step, and the e-mail names it', async () => {
    const report = await calls.reportProblem('Shopping carts piled against the loading dock');
    await t.smtp.nextMailTo(OFFICE);
    const crew = await signInAs(t.app, 'crew');
    const date = addDays(today, 3);
    const response = await calls.setStatus(report.id, { status: 'scheduled', scheduledDate: date, crewUserIds: [crew.userId] });
    expect(response.statusCode, response.body).toBe(200);
    const scheduled = response.json<ServiceRequest>();
    expect(scheduled).toMatchObject({ status: 'scheduled', scheduledDate: date });
    const [visit] = await t.app.db.select().from(visits).where(eq(visits.id, scheduled.visitId!));
    expect(visit).toMatchObject({
      propertyId: calls.propertyId(),
      scheduledDate: date,
      planId: null,
      crewUserIds: [crew.userId],
      instructions: 'Shopping carts piled against the loading dock',
    });
    const mail = await t.smtp.nextMailTo(customer());
    expect(mail.decoded).toMatch(/^Subject: Your problem report for Plaza A: scheduled/m);
    expect(mail.decoded).toContain(`We added a visit for it on ${localDateText(date)}.`);

    // Saved again for the same day: the same visit, no second one.
    const again = await calls.setStatus(report.id, { status: 'scheduled', scheduledDate: date, reply: 'We will bring the truck.' });
    expect(again.json<ServiceRequest>().visitId).toBe(scheduled.visitId);
    expect(await visitCount()).toBe(1);
    expect((await t.smtp.nextMailTo(customer())).decoded).toContain('We will bring the truck.');

    // Another day while that visit is still planned: refused, the visit is moved in the schedule.
    const moved = await calls.setStatus(report.id, { status: 'scheduled', scheduledDate: addDays(today, 6) });
    expect(moved.statusCode).toBe(409);
    expect(moved.json()).toMatchObject({
      errors: {
        scheduledDate: `This request's visit is on ${localDateText(date)}: move that visit in the schedule, then save the new date here`,
      },
    });
    expect(await calls.customerSees(report.id)).toMatchObject({ scheduledDate: date, visitId: scheduled.visitId });
  });

  it('puts the request on the regular visit the property already has that day, and says so', async () => {
    const date = addDays(today, 4);
    const [plan] = await t.app.db
      .insert(servicePlans)
      .values({ propertyId: calls.propertyId(), name: 'Weekly litter pick-up', rrule: 'FREQ=WEEKLY', startDate: today })
      .returning();
    const [regular] = await t.app.db
      .insert(visits)
      .values({
        propertyId: calls.propertyId(),
        planId: plan!.id,
        occurrenceDate: date,
        scheduledDate: date,
        windowStart: '06:00',
        windowEnd: '09:00',
      })
      .returning();
    const cleanup = await calls.requestCleanup([date], 'Extra sweep before the open house');
    await t.smtp.nextMailTo(OFFICE);
    const response = await calls.setStatus(cleanup.id, { status: 'scheduled', scheduledDate: date });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<ServiceRequest>().visitId).toBe(regular!.id);
    expect(await visitCount()).toBe(1);
    const mail = await t.smtp.nextMailTo(customer());
    expect(mail.decoded).toContain(`We will take care of it on your regular visit on ${localDateText(date)}, 6:00 AM – 9:00 AM.`);
    expect(mail.decoded).toContain('your regular visit: Weekly litter pick-up');
  });

  it('links a one-off visit already planned that day rather than making another', async () => {
    const date = addDays(today, 2);
    const planned = await createTestVisit(t.app.db, { propertyId: calls.propertyId(), scheduledDate: date });
    const cleanup = await calls.requestCleanup([date]);
    await t.smtp.nextMailTo(OFFICE);
    const response = await calls.setStatus(cleanup.id, { status: 'scheduled', scheduledDate: date });
    expect(response.json<ServiceRequest>().visitId).toBe(planned.id);
    expect(await visitCount()).toBe(1);
    expect((await t.smtp.nextMailTo(customer())).decoded).toContain(
      `We will take care of it on the visit already planned for ${localDateText(date)}.`,
    );
  });

  it('changes nothing when the visit cannot be made: no visit, the request as it was, no e-mail', async () => {
    const cleanup = await calls.requestCleanup([addDays(today, 2)]);
    await t.smtp.nextMailTo(OFFICE);
    const outboxBefore = (await calls.outboxTo(customer())).length;
    const notCrew = await calls.setStatus(cleanup.id, {
      status: 'scheduled',
      scheduledDate: addDays(today, 2),
      crewUserIds: [(await signInAs(t.app, 'office')).userId],
    });
    expect(notCrew.statusCode).toBe(400);
    expect(notCrew.json()).toMatchObject({ errors: { crewUserIds: 'One of the people chosen is not a crew member' } });
    const past = await calls.setStatus(cleanup.id, { status: 'scheduled', scheduledDate: addDays(today, -1) });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ errors: { scheduledDate: 'Choose today or a later day for the work' } });
    expect(await visitCount()).toBe(0);
    const [row] = await t.app.db.select().from(serviceRequests).where(eq(serviceRequests.id, cleanup.id));
    expect(row).toMatchObject({ status: 'received', scheduledDate: null, visitId: null });
    expect((await calls.outboxTo(customer())).length).toBe(outboxBefore);
  });
});

describe.each(testDatabases)('a reply to the customer on %s', (kind) => {
  const t = testAppFor(kind, { smtp: true, env: { APP_URL: 'https://lots.example', STAFF_NOTIFY_EMAIL: OFFICE } });
  const calls = requestCalls(t);
  const customer = () => t.fixture.customerA.userEmail;

  it('goes with every status: in the status e-mail and on the request in the portal', async () => {
    const report = await calls.reportProblem('Graffiti on the north wall of the garage');
    await t.smtp.nextMailTo(OFFICE);
    const date = addDays(localToday(), 5);
    const replies: Array<[object, string]> = [
      [{ status: 'received' }, 'We are asking the painter for a quote and will write again by Friday.'],
      [{ status: 'scheduled', scheduledDate: date }, 'Our crew brings the pressure washer that morning.'],
      [{ status: 'done' }, 'Washed off; the wall may need a coat of paint in spring.'],
    ];
    for (const [status, reply] of replies) {
      const response = await calls.setStatus(report.id, { ...status, reply });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<ServiceRequest>().reply).toBe(reply);
      const mail = await t.smtp.nextMailTo(customer());
      expect(mail.decoded).toContain(`Our reply: ${reply}`);
      expect(await calls.customerSees(report.id)).toMatchObject({ ...status, reply });
    }
  });

  it('refuses a reply that is too long, and keeps the request as it was', async () => {
    const report = await calls.reportProblem('Oil stain across three stalls');
    const response = await calls.setStatus(report.id, { status: 'done', reply: 'x'.repeat(2001) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errors: { reply: 'The reply must be at most 2000 characters' } });
    expect(await calls.customerSees(report.id)).toMatchObject({ status: 'received', reply: null });
  });
});
