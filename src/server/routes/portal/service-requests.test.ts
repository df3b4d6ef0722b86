import { count, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { photos, serviceRequests, visits } from '../../db/schema';
import { addDays, localToday } from '../../../shared/local-dates';
import type { ServiceRequest } from '../../../shared/api/service-requests';
import { testAppFor } from '#test/app';
import { testDatabases } from '#test/database';
import { makeJpeg } from '#test/fixtures';
import { MULTIPART_BOUNDARY, multipartFiles, multipartHeaders } from '#test/multipart';
import { signInAs } from '#test/sign-in';

const STAFF_INBOX = 'requests@lakeshorelotcare.com';

describe.each(testDatabases)('requests from the portal on %s', (kind) => {
  const t = testAppFor(kind, { smtp: true, env: { APP_URL: 'https://lots.example', STAFF_NOTIFY_EMAIL: STAFF_INBOX } });
  const today = localToday();
  const propertyId = () => t.fixture.customerA.propertyId;

  const jpeg = async (color: string) => ({ name: 'IMG_0001.jpg', type: 'image/jpeg', data: await makeJpeg({ color }) });
  const reportProblem = (
    fields: Record<string, string>,
    files: Array<{ name: string; type: string; data: Buffer }>,
    caller = 'customerA' as const,
  ) => {
    const body = multipartFiles(fields, files, 'photos');
    return t.app.inject({
      method: 'POST',
      url: `/api/properties/${propertyId()}/requests/problem`,
      headers: { ...body.headers, ...t.as(caller) },
      payload: body.payload,
    });
  };
  const requestCleanup = (payload: unknown, caller: 'customerA' | 'customerB' | 'staff' = 'customerA') =>
    t.app.inject({
      method: 'POST',
      url: `/api/properties/${propertyId()}/requests/cleanup`,
      headers: t.as(caller),
      payload: payload as object,
    });
  const stored = async () => {
    const [requests] = await t.app.db.select({ n: count() }).from(serviceRequests);
    const [photoRows] = await t.app.db.select({ n: count() }).from(photos);
    return { requests: requests!.n, photos: photoRows!.n };
  };
  const customerList = async () => {
    const response = await t.app.inject({ url: `/api/properties/${propertyId()}/requests`, headers: t.as('customerA') });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ServiceRequest[]>();
  };

  it('takes a problem report with photos from the portal to the staff inbox, and back to the customer as a status change', async () => {
    const sent = await reportProblem({ note: 'Someone dumped a mattress by the dumpster enclosure.' }, [
      await jpeg('#334155'),
      await jpeg('#a16207'),
    ]);
    expect(sent.statusCode, sent.body).toBe(201);
    const report = sent.json<ServiceRequest>();
    expect(report).toMatchObject({
      kind: 'problem_report',
      status: 'received',
      propertyId: propertyId(),
      customerId: t.fixture.customerA.id,
    });
    expect(report.photos).toHaveLength(2);

    // Staff hear of it as they do of a quote request: an e-mail with Reply-To the customer's user.
    const notice = await t.smtp.nextMailTo(STAFF_INBOX);
    expect(notice.decoded).toMatch(/Subject: Problem report: /);
    expect(notice.decoded).toContain('Someone dumped a mattress');
    expect(notice.decoded).toMatch(new RegExp(`Reply-To: ${t.fixture.customerA.userEmail}`, 'i'));
    expect(notice.decoded).toContain('https://lots.example/admin/submissions?view=requests');

    // In the inbox, with its type, customer, property and photos.
    const inbox = await t.app.inject({ url: '/api/admin/service-requests', headers: t.as('staff') });
    expect(inbox.statusCode).toBe(200);
    const [listed] = inbox.json<ServiceRequest[]>();
    expect(listed).toMatchObject({ id: report.id, kind: 'problem_report', customerId: t.fixture.customerA.id });
    expect(listed!.photos.map((photo) => photo.id).sort()).toEqual(report.photos.map((photo) => photo.id).sort());
    expect(listed!.requestedBy?.email).toBe(t.fixture.customerA.userEmail);

    // Its photos are in the photo store, readable by the customer and staff, and not in the property's grid.
    const image = await t.app.inject({ url: report.photos[0]!.imageUrl, headers: t.as('customerA') });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect((await t.app.inject({ url: report.photos[0]!.imageUrl, headers: t.as('customerB') })).statusCode).toBe(404);
    const grid = await t.app.inject({ url: `/api/properties/${propertyId()}/photos`, headers: t.as('customerA') });
    const gridIds = grid.json<Array<{ id: string }>>().map((photo) => photo.id);
    expect(gridIds).toContain(t.fixture.customerA.photoId);
    for (const photo of report.photos) expect(gridIds).not.toContain(photo.id);

    // Staff decline it with a reply: the customer is e-mailed and sees the status with the reply.
    const declined = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/service-requests/${report.id}`,
      headers: t.as('staff'),
      payload: { status: 'declined', reply: 'The city removes bulk items; we reported it for you.' },
    });
    expect(declined.statusCode, declined.body).toBe(200);
    const mail = await t.smtp.nextMailTo(t.fixture.customerA.userEmail);
    expect(mail.decoded).toMatch(/Subject: Your problem report for .+: declined/);
    expect(mail.decoded).toContain('The city removes bulk items; we reported it for you.');
    expect(mail.decoded).toContain(`https://lots.example/customer-dashboard/properties/${propertyId()}`);
    const [seen] = await customerList();
    expect(seen).toMatchObject({ id: report.id, status: 'declined', reply: 'The city removes bulk items; we reported it for you.' });

    // Scheduled with a date, then done: each change is the customer's to see.
    const date = addDays(today, 3);
    const scheduled = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/service-requests/${report.id}`,
      headers: t.as('staff'),
      payload: { status: 'scheduled', scheduledDate: date },
    });
    expect(scheduled.json()).toMatchObject({ status: 'scheduled', scheduledDate: date, reply: null });
    expect((await t.smtp.nextMailTo(t.fixture.customerA.userEmail)).decoded).toMatch(/Subject: Your problem report for .+: scheduled/);
  });

  it('shows every photo the customer chose: one the property already had, and a second report of the same file, stay linked', async () => {
    const first = (
      await reportProblem({ note: 'Broken glass across the loading dock.' }, [await jpeg('#0f766e'), await jpeg('#0f766e')])
    ).json<ServiceRequest>();
    expect(first.photos).toHaveLength(1);
    const before = await stored();
    const again = await reportProblem({ note: 'The glass is back, same spot by the dock.' }, [
      await jpeg('#0f766e'),
      await jpeg('#7c2d12'),
    ]);
    expect(again.statusCode, again.body).toBe(201);
    const second = again.json<ServiceRequest>();
    // The file sent before is stored once, and shown with both reports, in the order sent.
    expect(second.photos).toHaveLength(2);
    expect(second.photos[0]!.id).toBe(first.photos[0]!.id);
    expect(await stored()).toEqual({ requests: before.requests + 1, photos: before.photos + 1 });
    const listed = await customerList();
    expect(listed.find((request) => request.id === first.id)!.photos.map((photo) => photo.id)).toEqual([first.photos[0]!.id]);
    expect(listed.find((request) => request.id === second.id)!.photos.map((photo) => photo.id)).toEqual(
      second.photos.map((photo) => photo.id),
    );
  });

  it('refuses a problem report without a note, with too many photos or with a file that is not an image, and stores nothing', async () => {
    const before = await stored();
    const noNote = await reportProblem({ note: '  ' }, [await jpeg('#111111')]);
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json()).toMatchObject({ errors: { note: 'Please describe the problem' } });

    const six = await Promise.all(['#101010', '#202020', '#303030', '#404040', '#505050', '#606060'].map(jpeg));
    const tooMany = await reportProblem({ note: 'Graffiti on the north wall' }, six);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ errors: { photos: 'Add at most 5 photos' } });

    const notImage = await reportProblem({ note: 'Graffiti on the north wall' }, [
      await jpeg('#707070'),
      { name: 'notes.txt', type: 'image/jpeg', data: Buffer.from('not a picture at all') },
    ]);
    // The photo store's own answer: 415, not a photo it takes.
    expect(notImage.statusCode).toBe(415);
    expect(notImage.json<{ errors: { photos: string } }>().errors.photos).toMatch(/^Photo 2: /);

    const longNote = await reportProblem({ note: 'x'.repeat(2001) }, []);
    expect(longNote.json()).toMatchObject({ errors: { note: 'The note must be at most 2000 characters' } });
    expect(await stored()).toEqual(before);
  });

  /**
   * Sends a problem report with the note and these files, each under its own part name, as a browser
   * would; with the largest buffer joined while the server read it (a part held whole is one such join).
   */
  async function reportWithParts(files: Array<{ field: string; data: Buffer }>) {
    const payload = Buffer.concat([
      Buffer.from(`--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="note"\r\n\r\nGraffiti on the north wall\r\n`),
      ...files.flatMap(({ field, data }) => [
        Buffer.from(
          `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="x.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
        ),
        data,
        Buffer.from('\r\n'),
      ]),
      Buffer.from(`--${MULTIPART_BOUNDARY}--\r\n`),
    ]);
    const joins = vi.spyOn(Buffer, 'concat');
    try {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/properties/${propertyId()}/requests/problem`,
        headers: { ...multipartHeaders, ...t.as('customerA') },
        payload,
      });
      return { response, largestJoin: Math.max(0, ...joins.mock.results.map((result) => (result.value as Buffer).length)) };
    } finally {
      joins.mockRestore();
    }
  }

  it('drains a file part of another name as it arrives, never holding it in memory, and keeps the photos', async () => {
    const unknown = Buffer.alloc(4 * 1024 * 1024, 0x41);
    const { response, largestJoin } = await reportWithParts([
      { field: 'photos', data: (await jpeg('#123456')).data },
      { field: 'attachment', data: unknown },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<ServiceRequest>().photos).toHaveLength(1);
    expect(largestJoin).toBeLessThan(unknown.length);
  });

  it('refuses a sixth file, of any name, without reading it into memory, and stores nothing', async () => {
    const five = (await Promise.all(['#101010', '#202020', '#303030', '#404040', '#505050'].map(jpeg))).map(({ data }) => ({
      field: 'photos',
      data,
    }));
    const sixth = Buffer.alloc(4 * 1024 * 1024, 0x41);
    for (const field of ['photos', 'attachment']) {
      const before = await stored();
      const { response, largestJoin } = await reportWithParts([...five, { field, data: sixth }]);
      expect(response.statusCode, `${field}: ${response.body}`).toBe(400);
      expect(response.json()).toMatchObject({ errors: { photos: 'Add at most 5 photos' } });
      expect(largestJoin, field).toBeLessThan(sixth.length);
      expect(await stored()).toEqual(before);
    }
  });

  it('checks an extra cleanup’s preferred dates: 1 to 3, from today to 90 days ahead', async () => {
    const before = await stored();
    const cases: Array<[unknown, string]> = [
      [{ preferredDates: [] }, 'Choose at least one preferred date'],
      [{ preferredDates: [addDays(today, -1)] }, 'Choose a date from today to 90 days ahead'],
      [{ preferredDates: [addDays(today, 91)] }, 'Choose a date from today to 90 days ahead'],
      [{ preferredDates: [1, 2, 3, 4].map((n) => addDays(today, n)) }, 'Choose at most 3 preferred dates'],
      [{ preferredDates: [addDays(today, 2), addDays(today, 2)] }, 'Choose different dates'],
      [{ preferredDates: ['next Tuesday'] }, 'Each preferred date must be a date, such as 2026-11-23'],
    ];
    for (const [payload, message] of cases) {
      const response = await requestCleanup(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json(), JSON.stringify(payload)).toMatchObject({ errors: { preferredDates: message } });
    }
    expect(await stored()).toEqual(before);
  });

  it('finds requests in the inbox by status, type and words, and counts the waiting ones on the overview', async () => {
    const cleanup = (
      await requestCleanup({ preferredDates: [addDays(today, 3)], note: 'Sweep before the Brookfield farmers market' })
    ).json<ServiceRequest>();
    const problem = (await reportProblem({ note: 'Shopping carts piled against the loading dock' }, [])).json<ServiceRequest>();
    const done = (
      await requestCleanup({ preferredDates: [addDays(today, 5)], note: 'Leaves along the north fence' })
    ).json<ServiceRequest>();
    await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/service-requests/${done.id}`,
      headers: t.as('staff'),
      payload: { status: 'declined', reply: 'Covered on Tuesday’s visit.' },
    });
    // Its e-mails are taken here (three staff notices, one status change), so none reaches a later test.
    for (let i = 0; i < 3; i++) await t.smtp.nextMailTo(STAFF_INBOX);
    expect((await t.smtp.nextMailTo(t.fixture.customerA.userEmail)).decoded).toMatch(/: declined/);

    const ids = async (query: string) => {
      const response = await t.app.inject({ url: `/api/admin/service-requests?${query}`, headers: t.as('staff') });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<ServiceRequest[]>().map((request) => request.id);
    };
    expect(await ids('kind=problem_report')).toEqual([problem.id]);
    expect(await ids('kind=extra_cleanup&status=received')).toEqual([cleanup.id]);
    expect(await ids('q=farmers')).toEqual([cleanup.id]);
    expect(await ids(`q=${encodeURIComponent('LOADING DOCK')}`)).toEqual([problem.id]);
    // The property, the customer and the sender find all three; a wildcard is only a character.
    const propertyName = cleanup.propertyName.slice(0, 6);
    expect((await ids(`q=${encodeURIComponent(propertyName)}`)).sort()).toEqual([cleanup.id, problem.id, done.id].sort());
    expect((await ids(`q=${encodeURIComponent(t.fixture.customerA.userEmail)}`)).length).toBe(3);
    expect(await ids('q=%25')).toEqual([]);
    expect(await ids('q=nothing%20like%20this')).toEqual([]);

    const wrongKind = await t.app.inject({ url: '/api/admin/service-requests?kind=compliment', headers: t.as('staff') });
    expect(wrongKind.statusCode).toBe(400);
    expect(wrongKind.body).toContain('Choose a type: extra_cleanup, problem_report');

    const stats = await t.app.inject({ url: '/api/admin/stats', headers: t.as('staff') });
    expect(stats.json()).toMatchObject({ customerRequests: { count: 2, problemReports: 1 } });
  });

  it('turns an extra cleanup into a one-off visit in one step: the request shows as scheduled for that day', async () => {
    const first = addDays(today, 4);
    const sent = await requestCleanup({ preferredDates: [addDays(today, 9), first, addDays(today, 90)], note: 'Before the open house' });
    expect(sent.statusCode, sent.body).toBe(201);
    const created = sent.json<ServiceRequest>();
    expect(created.preferredDates).toEqual([first, addDays(today, 9), addDays(today, 90)]);
    await t.smtp.nextMailTo(STAFF_INBOX);

    const crew = await signInAs(t.app, 'crew');
    const made = await t.app.inject({
      method: 'POST',
      url: `/api/admin/service-requests/${created.id}/visit`,
      headers: t.as('staff'),
      payload: { date: first, crewUserIds: [crew.userId] },
    });
    expect(made.statusCode, made.body).toBe(200);
    const scheduled = made.json<ServiceRequest>();
    expect(scheduled).toMatchObject({ status: 'scheduled', scheduledDate: first });
    const [visit] = await t.app.db.select().from(visits).where(eq(visits.id, scheduled.visitId!));
    expect(visit).toMatchObject({ propertyId: propertyId(), scheduledDate: first, planId: null, instructions: 'Before the open house' });
    expect((await t.smtp.nextMailTo(t.fixture.customerA.userEmail)).decoded).toMatch(
      /Subject: Your extra cleanup request for .+: scheduled/,
    );
    expect((await customerList())[0]).toMatchObject({ status: 'scheduled', scheduledDate: first });

    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin/service-requests/${created.id}/visit`,
      headers: t.as('staff'),
      payload: { date: first, crewUserIds: [crew.userId] },
    });
    expect(again.statusCode).toBe(409);
  });

  it('keeps a visit and the request unchanged when the visit cannot be made', async () => {
    const created = (await requestCleanup({ preferredDates: [addDays(today, 2)] })).json<ServiceRequest>();
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/admin/service-requests/${created.id}/visit`,
      headers: t.as('staff'),
      payload: { date: addDays(today, -1), crewUserIds: [(await signInAs(t.app, 'crew')).userId] },
    });
    expect(refused.statusCode).toBe(400);
    expect((await customerList())[0]).toMatchObject({ status: 'received', scheduledDate: null, visitId: null });
    const [visitCount] = await t.app.db.select({ n: count() }).from(visits);
    expect(visitCount!.n).toBe(0);
  });

  it('keeps another customer’s property and requests out of reach, as "not found"', async () => {
    await requestCleanup({ preferredDates: [addDays(today, 2)] });
    const theirs = await t.app.inject({ url: `/api/properties/${propertyId()}/requests`, headers: t.as('customerB') });
    expect(theirs.statusCode).toBe(404);
    const send = await requestCleanup({ preferredDates: [addDays(today, 2)] }, 'customerB');
    expect(send.statusCode).toBe(404);
    expect((await stored()).requests).toBe(1);
  });
});

describe.each(testDatabases)('the portal’s request rate limit on %s', (kind) => {
  const t = testAppFor(kind, { env: { CONTACT_RATE_LIMIT_MAX: '2' } });

  it('answers 429 past the public form’s limit', async () => {
    const codes = [];
    for (let i = 0; i < 3; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/properties/${t.fixture.customerA.propertyId}/requests/cleanup`,
        headers: t.as('customerA'),
        payload: { preferredDates: [addDays(localToday(), 1 + i)] },
      });
      codes.push(response.statusCode);
    }
    expect(codes).toEqual([201, 201, 429]);
  });
});
