import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { emailAttachments, emailOutbox, siteIssues, users, visitChecklistItems, visits } from '../../db/schema';
import { addPhoto } from '../photos/add-photo';
import { queueVisitReports, queueWeeklySummaries } from './report-emails';
import { addDays, localToday } from '../../../shared/local-dates';
import { REPORT_IMAGE_MAX_PX, REPORT_IMAGES_MAX_BYTES } from '../../../shared/reports';
import { testAppFor } from '#test/app';
import { testDatabases } from '#test/database';
import { makeJpeg } from '#test/fixtures';
import { signInAs } from '#test/sign-in';
import { createTestVisit } from '#test/visits';

/** A raw message with its folded header lines joined again. */
const unfolded = (raw: string) => raw.replace(/\r?\n[ \t]+/g, ' ');

/** The inline images of a raw MIME message: each part's Content-ID, type and decoded bytes. */
function inlineImages(raw: string) {
  const parts = raw.split(/\r?\n--/);
  return parts
    .filter((part) => /Content-Type: image\/jpeg/i.test(part))
    .map((part) => {
      const [head, ...body] = part.split(/\r?\n\r?\n/);
      return {
        contentId: /Content-ID: <([^>]+)>/i.exec(head!)?.[1],
        disposition: /Content-Disposition: (\w+)/i.exec(head!)?.[1],
        data: Buffer.from(body.join('').replace(/\s+/g, ''), 'base64'),
      };
    });
}

describe.each(testDatabases)('service report e-mails on %s', (kind) => {
  const t = testAppFor(kind, { smtp: true, env: { APP_URL: 'https://lots.example' } });
  const today = localToday();

  /** A visit at customer A's Plaza A, completed today by Rosa, verified on site, with a large before and after photo. */
  async function completedVisit() {
    const crew = await signInAs(t.app, 'crew');
    await t.app.db.update(users).set({ firstName: 'Rosa', lastName: 'Delgado' }).where(eq(users.id, crew.userId));
    const { id } = await createTestVisit(t.app.db, { propertyId: t.fixture.customerA.propertyId, crewUserIds: [crew.userId] });
    for (const [photoType, color] of [
      ['before', '#8a5a2b'],
      ['after', '#2b8a5a'],
    ] as const) {
      await addPhoto(t.app.db, t.app.photoStorage, {
        propertyId: t.fixture.customerA.propertyId,
        data: await makeJpeg({ color, width: 3000, height: 2000 }),
        caption: '',
        photoType,
        visitId: id,
      });
    }
    await t.app.db.update(visitChecklistItems).set({ doneAt: new Date() }).where(eq(visitChecklistItems.visitId, id));
    await t.app.db
      .update(visits)
      .set({
        status: 'completed',
        checkedInAt: new Date(Date.now() - 45 * 60_000),
        checkedOutAt: new Date(),
        checkInLocationStatus: 'verified',
      })
      .where(eq(visits.id, id));
    return id;
  }

  const send = async () => {
    const queued = await queueVisitReports(t.app.db, t.app.photoStorage, t.app.mail);
    await t.app.mail.worker.drain();
    return queued;
  };

  it('mails each customer user the report once: checklist, verified on site, small inline before and after images, the portal link, one-click unsubscribe', async () => {
    const visitId = await completedVisit();
    const manager = t.fixture.customerA.userEmail;
    const [user] = await t.app.db.select().from(users).where(eq(users.email, manager));
    expect(await send()).toBe(1);
    const mail = await t.smtp.nextMailTo(manager);
    expect(mail.raw).toMatch(/^Subject: Service report: Plaza A, /m);
    expect(mail.decoded).toContain('Verified on site');
    expect(mail.decoded).toContain('Checklist (3 of 3 done)');
    expect(mail.decoded).toContain('[x] Empty exterior bins');
    expect(mail.decoded).toContain('Crew: Rosa');
    expect(mail.decoded).not.toContain('Delgado');
    expect(mail.decoded).toContain(
      `https://lots.example/customer-dashboard/properties/${t.fixture.customerA.propertyId}/visits/${visitId}`,
    );
    const headers = unfolded(mail.raw);
    expect(headers).toContain(`List-Unsubscribe: <https://lots.example/api/reports/unsubscribe?token=${user!.unsubscribeToken}>`);
    expect(headers).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');

    const images = inlineImages(mail.raw);
    expect(images.map((image) => image.contentId)).toEqual([`before-${visitId}@lakeshorelotcare`, `after-${visitId}@lakeshorelotcare`]);
    expect(images.every((image) => image.disposition === 'inline')).toBe(true);
    for (const image of images) expect(mail.decoded).toContain(`cid:${image.contentId}`);
    expect(images.reduce((sum, image) => sum + image.data.length, 0)).toBeLessThan(REPORT_IMAGES_MAX_BYTES);
    for (const image of images) {
      const { width, height, format } = await sharp(image.data).metadata();
      expect(format).toBe('jpeg');
      expect(Math.max(width!, height!)).toBeLessThanOrEqual(REPORT_IMAGE_MAX_PX);
    }

    // Once per visit; the images are not kept once sent.
    expect(await send()).toBe(0);
    expect(await t.app.db.select().from(emailAttachments)).toEqual([]);
    expect((await t.app.db.select().from(emailOutbox)).filter((row) => row.toAddress === manager)).toHaveLength(1);
  });

  it('sends reports only to users who want one after every visit, and none for a visit completed long ago', async () => {
    const [manager] = await t.app.db.select().from(users).where(eq(users.email, t.fixture.customerA.userEmail));
    const [other] = await t.app.db
      .insert(users)
      .values({ email: 'weekly-reader@example.com', role: 'customer', customerId: manager!.customerId, reportFrequency: 'weekly' })
      .returning();
    await t.app.db.update(users).set({ reportFrequency: 'none' }).where(eq(users.id, manager!.id));
    await completedVisit();
    const old = await createTestVisit(t.app.db, { propertyId: t.fixture.customerA.propertyId, scheduledDate: addDays(today, -5) });
    await t.app.db
      .update(visits)
      .set({ status: 'completed', checkedInAt: new Date(Date.now() - 5 * 86_400_000), checkedOutAt: new Date(Date.now() - 5 * 86_400_000) })
      .where(eq(visits.id, old.id));
    expect(await send()).toBe(1);
    const sent = (await t.app.db.select().from(emailOutbox)).map((row) => row.toAddress);
    expect(sent).not.toContain(manager!.email);
    expect(sent).not.toContain(other!.email);
  });

  it('a one-click unsubscribe POST stops report e-mails and changes nothing else, without signing in', async () => {
    const [before] = await t.app.db.select().from(users).where(eq(users.email, t.fixture.customerA.userEmail));
    const oneClick = await t.app.inject({
      method: 'POST',
      url: `/api/reports/unsubscribe?token=${before!.unsubscribeToken}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.json()).toEqual({ email: 'ma…@example.com' });
    const [after] = await t.app.db.select().from(users).where(eq(users.id, before!.id));
    expect(after).toEqual({ ...before, reportFrequency: 'none' });
    // Still signed in, still the same account.
    expect((await t.app.inject({ url: '/api/auth/user', headers: t.as('customerA') })).statusCode).toBe(200);
    await completedVisit();
    await send();
    expect((await t.app.db.select().from(emailOutbox)).map((row) => row.toAddress)).not.toContain(before!.email);

    // A link opened (by a person, or a mail scanner) only leads to the page.
    const opened = await t.app.inject({ url: `/api/reports/unsubscribe?token=${before!.unsubscribeToken}` });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe(`/unsubscribe?token=${before!.unsubscribeToken}`);
    // Unknown, malformed, and 36 characters that only look like a UUID (they once reached the uuid column: a 500).
    for (const token of [randomUUID(), 'not-a-token', '0'.repeat(36), '-'.repeat(36), `${randomUUID().slice(0, 35)}-`, '']) {
      const refused = await t.app.inject({ method: 'POST', url: `/api/reports/unsubscribe?token=${token}` });
      expect(refused.statusCode).toBe(404);
      expect(refused.json().message).toBe(
        'This unsubscribe link is not valid. Change your report e-mails under Account Settings in the portal.',
      );
    }
  });

  it('e-mails a hazard at once when the crew reports it, and not graffiti', async () => {
    const crew = await signInAs(t.app, 'crew');
    const { id } = await createTestVisit(t.app.db, {
      propertyId: t.fixture.customerA.propertyId,
      crewUserIds: [crew.userId],
      status: 'in_progress',
    });
    const report = (type: string, note: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/crew/visits/${id}/issues`,
        headers: { cookie: crew.cookie, 'idempotency-key': randomUUID() },
        payload: { type, note, at: new Date().toISOString() },
      });
    expect((await report('graffiti', 'Tag on the east wall')).statusCode).toBe(201);
    expect((await report('hazard', 'Needles by the cart corral; bagged and removed.')).statusCode).toBe(201);
    await t.app.mail.worker.drain();
    const mail = await t.smtp.nextMailTo(t.fixture.customerA.userEmail);
    expect(mail.raw).toMatch(/^Subject: Site issue at Plaza A: Hazard \(needles, broken glass\)/m);
    expect(mail.decoded).toContain('Needles by the cart corral; bagged and removed.');
    expect(unfolded(mail.raw)).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    const subjects = (await t.app.db.select().from(emailOutbox)).map((row) => row.subject);
    expect(subjects.filter((subject) => subject.startsWith('Site issue'))).toHaveLength(1);
    expect(await t.app.db.select().from(siteIssues)).toHaveLength(2);
  });

  it('sends the weekly summary on Monday morning, once per user and week', async () => {
    const [manager] = await t.app.db
      .update(users)
      .set({ reportFrequency: 'weekly' })
      .where(eq(users.email, t.fixture.customerA.userEmail))
      .returning();
    // Monday, November 23, 2026, at 8:00 in Milwaukee; last week ran from the 16th to the 22nd.
    const monday = new Date('2026-11-23T08:00:00-06:00');
    for (const [date, status] of [
      ['2026-11-17', 'completed'],
      ['2026-11-19', 'missed'],
      ['2026-11-12', 'completed'],
    ] as const) {
      const { id } = await createTestVisit(t.app.db, { propertyId: t.fixture.customerA.propertyId, scheduledDate: date });
      await t.app.db.update(visits).set({ status }).where(eq(visits.id, id));
    }
    expect(await queueWeeklySummaries(t.app.db, t.app.mail, new Date('2026-11-22T08:00:00-06:00'))).toBe(0);
    expect(await queueWeeklySummaries(t.app.db, t.app.mail, new Date('2026-11-23T06:30:00-06:00'))).toBe(0);
    expect(await queueWeeklySummaries(t.app.db, t.app.mail, monday)).toBe(1);
    expect(await queueWeeklySummaries(t.app.db, t.app.mail, new Date('2026-11-23T09:00:00-06:00'))).toBe(0);
    await t.app.mail.worker.drain();
    const mail = await t.smtp.nextMailTo(manager!.email);
    expect(mail.raw).toMatch(/^Subject: Weekly service summary, November 16 to November 22/m);
    expect(mail.decoded).toContain('1 of 2 visits completed.');
    expect(mail.decoded).toContain('Tue, Nov 17 · Plaza A · completed');
    expect(mail.decoded).toContain('Thu, Nov 19 · Plaza A · not completed - we will contact you');
    expect(mail.decoded).not.toContain('Nov 12');
    expect(unfolded(mail.raw)).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  });

  it('sends no report, after a visit or weekly, to a user staff added but have not invited yet; once invited, they get them', async () => {
    const added = await t.app.inject({
      method: 'POST',
      url: `/api/admin/customers/${t.fixture.customerA.id}/users`,
      headers: t.as('staff'),
      payload: { email: 'new-manager@example.com', firstName: 'Noor' },
    });
    expect(added.statusCode, added.body).toBe(201);
    const userId = added.json<{ id: string }>().id;
    await t.app.db.update(users).set({ reportFrequency: 'weekly' }).where(eq(users.id, userId));
    const outboxTo = async (address: string) =>
      (await t.app.db.select().from(emailOutbox)).filter((row) => row.toAddress === address).map((row) => row.subject);

    await t.app.db.update(users).set({ reportFrequency: 'every_visit' }).where(eq(users.id, userId));
    await completedVisit();
    expect(await send()).toBe(1);
    expect(await outboxTo(t.fixture.customerA.userEmail)).toHaveLength(1);
    expect(await outboxTo('new-manager@example.com')).toEqual([]);
    await t.app.db.update(users).set({ reportFrequency: 'weekly' }).where(eq(users.id, userId));
    expect(await queueWeeklySummaries(t.app.db, t.app.mail, new Date('2026-11-23T08:00:00-06:00'))).toBe(0);

    const invited = await t.app.inject({ method: 'POST', url: `/api/admin/users/${userId}/invite`, headers: t.as('staff') });
    expect(invited.statusCode, invited.body).toBe(202);
    expect(await queueWeeklySummaries(t.app.db, t.app.mail, new Date('2026-11-23T08:00:00-06:00'))).toBe(1);
    await t.app.db.update(users).set({ reportFrequency: 'every_visit' }).where(eq(users.id, userId));
    const next = await createTestVisit(t.app.db, { propertyId: t.fixture.customerA.propertyId });
    await t.app.db
      .update(visits)
      .set({ status: 'completed', checkedInAt: new Date(Date.now() - 30 * 60_000), checkedOutAt: new Date() })
      .where(eq(visits.id, next.id));
    expect(await send()).toBe(1);
    // The outbox is read in no particular order.
    const subjects = await outboxTo('new-manager@example.com');
    expect(subjects).toHaveLength(3);
    expect(subjects).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/invited you/),
        expect.stringMatching(/^Weekly service summary/),
        expect.stringMatching(/^Service report: Plaza A/),
      ]),
    );
  });

  it('lets a customer’s user choose under Account Settings, and refuses anything else with a clear message', async () => {
    const get = () => t.app.inject({ url: '/api/account/report-emails', headers: t.as('customerA') });
    expect((await get()).json()).toEqual({ frequency: 'every_visit' });
    const put = (frequency: string) =>
      t.app.inject({ method: 'PUT', url: '/api/account/report-emails', headers: t.as('customerA'), payload: { frequency } });
    const bad = await put('daily');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Choose after every visit, a weekly summary, or none');
    expect((await get()).json()).toEqual({ frequency: 'every_visit' });
    expect((await put('weekly')).json()).toEqual({ frequency: 'weekly' });
    expect((await get()).json()).toEqual({ frequency: 'weekly' });
    // Staff have no report e-mails of their own.
    expect((await t.app.inject({ url: '/api/account/report-emails', headers: t.as('staff') })).statusCode).toBe(403);
  });
});
