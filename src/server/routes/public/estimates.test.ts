import { execFileSync } from 'node:child_process';
import { count, eq, inArray } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { addBusinessDays, termEndDate } from '../../../shared/agreement-dates';
import type { PublicEstimate } from '../../../shared/api/estimates';
import { addDays, localToday } from '../../../shared/local-dates';
import {
  agreementLines,
  auditEvents,
  customers,
  emailOutbox,
  estimates,
  photos,
  properties,
  quoteRequests,
  serviceAgreements,
  servicePlans,
  users,
  visits,
} from '../../db/schema';
import { getEstimate } from '../../modules/estimates';
import { setEstimatePhotos } from '../../modules/estimates/estimate-photos';
import { testAppFor, type TestAppContext } from '#test/app';
import { auditRowsAbout, auditWordsAbout } from '#test/audit';
import { testDatabases } from '#test/database';
import { createTestEstimate, lineId, reviseTestEstimate, type TestEstimate } from '#test/estimates';
import { pdfImages } from '#test/pdf';
import { validContact } from '#test/fixtures';
import { mimeParts } from '#test/smtp';

const json = { 'content-type': 'application/json' };
const STAFF = 'crew@lakeshorelotcare.com';
const SIGNER = 'dana.ruiz@lakefrontretail.example';

/** A well-formed token no estimate has. */
const UNKNOWN_TOKEN = 'A'.repeat(43);
/** The token with its last character changed. */
const tampered = (token: string) => token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');

/** A PDF's text, as poppler's pdftotext reads it. */
const pdfText = (pdf: Buffer) => execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: pdf, encoding: 'utf8' });

/** A message's folded header lines joined. */
const unfolded = (text: string) => text.replace(/\r?\n[ \t]+/g, ' ');

const post = (t: TestAppContext, url: string, body: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, headers: { ...json, ...headers }, payload: JSON.stringify(body) });

/** The 12-month term, the Dumpster line ticked on at Oak Creek, a PO number for two sites. */
function acceptance(estimate: TestEstimate) {
  return {
    term: '12-months',
    optionalLineIds: [lineId(estimate, 'Oak Creek Medical Center', 'Dumpster & Waste Areas')],
    poNumbers: { [estimate.sites[0]!.id]: 'PO-4471', [estimate.sites[2]!.id]: ' OC-2026-18 ', [estimate.sites[1]!.id]: '' },
    name: 'Dana Marie Ruiz',
    title: 'Property Manager',
    agree: true,
  };
}

async function rowCount(
  t: TestAppContext,
  table: typeof customers | typeof serviceAgreements | typeof emailOutbox | typeof properties | typeof auditEvents,
) {
  return (await t.app.db.select({ n: count() }).from(table))[0]!.n;
}

describe.each(testDatabases)('the prospect’s estimate page on %s', (kind) => {
  const t = testAppFor(kind, { smtp: true });
  // Mail a test left unread (the worker may deliver it before the app closes) is not the next test's.
  beforeEach(() => t.smtp.received.splice(0));

  describe('reading it', () => {
    it('answers an unknown, tampered, malformed or unsent token with the same 404 as any not-found', async () => {
      const estimate = await createTestEstimate(t.app.db);
      const draft = await createTestEstimate(t.app.db, { sent: false });
      for (const token of [UNKNOWN_TOKEN, tampered(estimate.token), 'short', `${estimate.token}x`, draft.token]) {
        const response = await t.app.inject({ url: `/api/estimates/${token}` });
        expect(response.statusCode, token).toBe(404);
        expect(response.json()).toEqual({ message: 'Not found' });
      }
      expect((await t.app.inject({ url: '/api/estimates/nope/accept', method: 'POST', headers: json, payload: '{}' })).statusCode).toBe(
        404,
      );
    });

    it('shows the estimate without crew or staff notes, and the first view marks it viewed without e-mailing anyone', async () => {
      const estimate = await createTestEstimate(t.app.db);
      const first = await t.app.inject({ url: `/api/estimates/${estimate.token}` });
      expect(first.statusCode).toBe(200);
      expect(first.headers['cache-control']).toBe('private, no-store');
      const page = first.json<PublicEstimate>();
      expect(page).toMatchObject({
        number: estimate.number,
        version: 1,
        status: 'viewed',
        companyName: 'Lakefront Retail Partners',
        termsOffered: ['month-to-month', '6-months', '12-months'],
        termDiscounts: { 'month-to-month': 0, '6-months': 500, '12-months': 1000 },
        replacement: null,
        acceptance: null,
        pdfUrl: `/api/estimates/${estimate.token}/pdf?version=1`,
      });
      expect(page.properties.map((site) => site.name)).toEqual(['Harbor Point Plaza', 'Brookfield Commons', 'Oak Creek Medical Center']);
      expect(page.properties[0]!.lines[0]).toMatchObject({
        name: 'Parking Lot Cleaning',
        unitPriceCents: 8500,
        frequency: 'Every Monday and Thursday',
      });
      expect(page.properties[1]!.lines[1]).toMatchObject({ name: 'Emergency Callout', unit: 'hour', frequency: 'As needed' });
      expect(JSON.stringify(page)).not.toMatch(/crewUserIds|requestMessage|checklist/);

      const [row] = await t.app.db.select().from(estimates).where(eq(estimates.id, estimate.id));
      expect(row!.status).toBe('viewed');
      expect(row!.firstViewedAt).toBeInstanceOf(Date);
      const again = await t.app.inject({ url: `/api/estimates/${estimate.token}` });
      expect(again.json<PublicEstimate>().status).toBe('viewed');
      const [still] = await t.app.db.select().from(estimates).where(eq(estimates.id, estimate.id));
      expect(still!.firstViewedAt).toEqual(row!.firstViewedAt);
      expect(await rowCount(t, emailOutbox)).toBe(0);
    });

    it('downloads the estimate as a PDF through the same link, and nothing for another token', async () => {
      const estimate = await createTestEstimate(t.app.db);
      const response = await t.app.inject({ url: `/api/estimates/${estimate.token}/pdf?version=1` });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['cache-control']).toBe('private, no-store');
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="Estimate-${estimate.number}-Lakefront-Retail-Partners.pdf"`,
      );
      const words = pdfText(response.rawPayload);
      expect(words).toContain('Lakefront Retail Partners');
      expect(words).toContain('Harbor Point Plaza');
      for (const url of [`/api/estimates/${tampered(estimate.token)}/pdf`, `/api/estimates/${estimate.token}/pdf?version=2`]) {
        const refused = await t.app.inject({ url });
        expect(refused.statusCode, url).toBe(404);
        expect(refused.json()).toEqual({ message: 'Not found' });
      }
    });

    it('shows the photos from the property visit with their property and day, serves each only through its own link, and prints them in the PDF', async () => {
      const { customerA, customerB } = t.fixture;
      const takenAt = new Date('2026-03-24T14:05:00.000Z');
      await t.app.db.update(photos).set({ takenAt }).where(eq(photos.id, customerA.photoId));
      const estimate = await createTestEstimate(t.app.db, { customerId: customerA.id });
      await setEstimatePhotos(t.app.db, estimate.id, [customerA.photoId]);

      const page = (await t.app.inject({ url: `/api/estimates/${estimate.token}` })).json<PublicEstimate>();
      expect(page.photoBase).toBe(`/api/estimates/${estimate.token}/photos`);
      expect(page.photos).toEqual([
        expect.objectContaining({ id: customerA.photoId, caption: 'Lot a', propertyName: 'Plaza A', takenAt: takenAt.toISOString() }),
      ]);
      const [photo] = page.photos;
      for (const width of photo!.variantWidths) {
        const image = await t.app.inject({ url: `${page.photoBase}/${photo!.id}/${width}.webp` });
        expect(image.statusCode, String(width)).toBe(200);
        expect(image.headers['content-type']).toBe('image/webp');
        expect(image.headers['cache-control']).toBe('private, no-store');
      }

      // A tampered photo id, another customer's photo, a width not stored, a path that is no photo's, or another
      // estimate's link: the same 404 as any not-found, with nothing of the photo in it.
      const width = photo!.variantWidths[0]!;
      const flipped = photo!.id.slice(0, -1) + (photo!.id.endsWith('0') ? '1' : '0');
      const other = await createTestEstimate(t.app.db, { customerId: customerB.id });
      await setEstimatePhotos(t.app.db, other.id, [customerB.photoId]);
      for (const url of [
        `${page.photoBase}/${flipped}/${width}.webp`,
        `${page.photoBase}/${customerB.photoId}/${width}.webp`,
        `${page.photoBase}/${photo!.id}/${width + 1}.webp`,
        `${page.photoBase}/${photo!.id}/${width}.png`,
        `${page.photoBase}/${photo!.id.toUpperCase().replace(/-/g, '')}/${width}.webp`,
        `${page.photoBase}/..%2F..%2Fphotos%2F${photo!.id}/${width}.webp`,
        `/api/estimates/${other.token}/photos/${photo!.id}/${width}.webp`,
        `/api/estimates/${tampered(estimate.token)}/photos/${photo!.id}/${width}.webp`,
      ]) {
        const refused = await t.app.inject({ url });
        expect(refused.statusCode, url).toBe(404);
        expect(refused.json(), url).toEqual({ message: 'Not found' });
      }

      // The PDF draws the photo (a JPEG of its smallest width) under its heading, with the property and the day.
      const pdf = (await t.app.inject({ url: `/api/estimates/${estimate.token}/pdf?version=1` })).rawPayload;
      const words = pdfText(pdf);
      expect(words).toContain('Photos from the property visit');
      expect(words).toContain('Plaza A, taken Mar 24, 2026');
      expect(pdfImages(pdf)).toEqual([expect.objectContaining({ type: 'image', encoding: 'jpeg' })]);
    });

    it('says a superseded estimate was replaced, links to the new version on the same token, and opens nothing else', async () => {
      const old = await createTestEstimate(t.app.db);
      const revised = await reviseTestEstimate(t.app.db, old);
      const page = (await t.app.inject({ url: `/api/estimates/${old.token}` })).json<PublicEstimate>();
      expect(page.status).toBe('superseded');
      expect(page.replacement).toEqual({ version: 2, url: `/estimates/${old.token}?version=2` });

      const second = await t.app.inject({ url: `/api/estimates/${old.token}?version=2` });
      expect(second.statusCode).toBe(200);
      expect(second.json<PublicEstimate>()).toMatchObject({ number: old.number, version: 2, status: 'viewed', replacement: null });
      // The new link does not open the old version; no version 3 exists; a draft version 3 is not served.
      expect((await t.app.inject({ url: `/api/estimates/${revised.token}?version=1` })).statusCode).toBe(404);
      expect((await t.app.inject({ url: `/api/estimates/${old.token}?version=3` })).statusCode).toBe(404);
      await createTestEstimate(t.app.db, { number: old.number, version: 3, sent: false });
      expect((await t.app.inject({ url: `/api/estimates/${old.token}?version=3` })).statusCode).toBe(404);
      // Another estimate's version is never reached through this token.
      const other = await createTestEstimate(t.app.db);
      expect((await t.app.inject({ url: `/api/estimates/${other.token}?version=2` })).statusCode).toBe(404);
      // The old version itself can no longer be answered.
      const refused = await post(t, `/api/estimates/${old.token}/decline`, {});
      expect(refused.statusCode).toBe(409);
    });
  });

  describe('accepting it', () => {
    it('makes the customer, its 3 properties with PO numbers, the portal user with one invitation, the agreement, its plans and first visits', async () => {
      const [request] = await t.app.db
        .insert(quoteRequests)
        .values({ ...validContact, consentText: 'test', consentedAt: new Date(), submittedAt: new Date(), status: 'quoted' })
        .returning({ id: quoteRequests.id });
      const estimate = await createTestEstimate(t.app.db, { quoteRequestId: request!.id });
      const customersBefore = await rowCount(t, customers);
      const propertiesBefore = await rowCount(t, properties);

      const response = await post(t, `/api/estimates/${estimate.token}/accept`, acceptance(estimate), {
        'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1',
      });
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json<PublicEstimate>();
      expect(page.status).toBe('accepted');
      expect(page.acceptance).toMatchObject({
        name: 'Dana Marie Ruiz',
        title: 'Property Manager',
        term: '12-months',
        optionalLineIds: [lineId(estimate, 'Oak Creek Medical Center', 'Dumpster & Waste Areas')],
        poNumbers: { [estimate.sites[0]!.id]: 'PO-4471', [estimate.sites[2]!.id]: 'OC-2026-18' },
      });

      // Exactly one new customer, linked from the estimate and the quote request (now won).
      expect(await rowCount(t, customers)).toBe(customersBefore + 1);
      const [row] = await t.app.db.select().from(estimates).where(eq(estimates.id, estimate.id));
      const [customer] = await t.app.db.select().from(customers).where(eq(customers.id, row!.customerId!));
      expect(customer).toMatchObject({ name: 'Lakefront Retail Partners', contactName: 'Dana Ruiz', email: SIGNER });
      const [won] = await t.app.db.select().from(quoteRequests).where(eq(quoteRequests.id, request!.id));
      expect(won).toMatchObject({ status: 'won', customerId: customer!.id });

      // The evidence.
      expect(row).toMatchObject({
        status: 'accepted',
        acceptedName: 'Dana Marie Ruiz',
        acceptedTitle: 'Property Manager',
        acceptedIp: '127.0.0.1',
        acceptedUserAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1',
      });
      expect(row!.acceptedHash).toMatch(/^[0-9a-f]{64}$/);
      expect(row!.respondedAt).toBeInstanceOf(Date);
      // Staff see where it came from; the prospect's page never shows it.
      const staffView = await getEstimate(t.app.db, estimate.id);
      expect(staffView.acceptance).toMatchObject({
        ip: '127.0.0.1',
        userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1',
        hash: row!.acceptedHash,
      });
      expect(page.acceptance).not.toHaveProperty('ip');
      expect(page.acceptance).not.toHaveProperty('userAgent');

      // Its properties, with their PO numbers and tax jurisdictions.
      expect(await rowCount(t, properties)).toBe(propertiesBefore + 3);
      const sites = await t.app.db.select().from(properties).where(eq(properties.customerId, customer!.id)).orderBy(properties.name);
      expect(sites.map((site) => [site.name, site.poNumber, site.taxJurisdiction])).toEqual([
        ['Brookfield Commons', null, 'waukesha-county'],
        ['Harbor Point Plaza', 'PO-4471', 'milwaukee-city'],
        ['Oak Creek Medical Center', 'OC-2026-18', 'milwaukee-county'],
      ]);
      const siteId = (name: string) => sites.find((site) => site.name === name)!.id;

      // The portal user, named from what the signer typed, invited once through the real SMTP server.
      const [user] = await t.app.db.select().from(users).where(eq(users.email, SIGNER));
      expect(user).toMatchObject({ role: 'customer', customerId: customer!.id, firstName: 'Dana Marie', lastName: 'Ruiz' });
      expect(user!.invitedAt).toBeInstanceOf(Date);
      const mails = [await t.smtp.nextMailTo(SIGNER), await t.smtp.nextMailTo(SIGNER)];
      const invitation = mails.find((mail) => /invit/i.test(mail.decoded) && /\/login\/verify\?token=/.test(mail.decoded));
      expect(invitation).toBeDefined();
      const signedCopy = mails.find((mail) => mail !== invitation)!;
      expect(signedCopy.decoded).toMatch(new RegExp(`Your signed estimate ${estimate.number}`));
      expect(signedCopy.decoded).toContain('Dana Marie Ruiz, Property Manager');
      expect(signedCopy.decoded).toContain('PO number PO-4471');
      const attachment = mimeParts(signedCopy.raw).find((part) => part.contentType === 'application/pdf')!;
      expect(attachment.filename).toBe(`Estimate-${estimate.number}-Lakefront-Retail-Partners-signed.pdf`);
      const signedWords = pdfText(attachment.data);
      expect(signedWords).toContain('Dana Marie Ruiz');
      expect(signedWords.replace(/\s+/g, '')).toContain(row!.acceptedHash!);
      const staffNotice = await t.smtp.nextMailTo(STAFF);
      expect(staffNotice.decoded).toContain(`Estimate ${estimate.number} accepted`);
      expect(staffNotice.decoded).toContain('Dana Marie Ruiz, Property Manager');
      expect(staffNotice.decoded).toContain(`/admin/estimates/${estimate.id}`);
      expect(mimeParts(staffNotice.raw).some((part) => part.filename === attachment.filename)).toBe(true);
      // The page's PDF is now the signed copy.
      const download = await t.app.inject({ url: `/api/estimates/${estimate.token}/pdf` });
      expect(download.headers['content-disposition']).toBe(`attachment; filename="${attachment.filename}"`);

      // The agreement: 12 months at 10 % off, the included lines and the chosen option, with their prices and tax rates.
      const [agreement] = await t.app.db.select().from(serviceAgreements).where(eq(serviceAgreements.estimateId, estimate.id));
      expect(agreement).toMatchObject({ customerId: customer!.id, term: '12-months', discountBp: 1000, status: 'active', endsOn: null });
      expect(agreement!.startDate).toBe(addDays(localToday(), 1));
      expect(agreement!.termEndDate).toBe(termEndDate('12-months', agreement!.startDate));
      const lines = await t.app.db
        .select()
        .from(agreementLines)
        .where(eq(agreementLines.agreementId, agreement!.id))
        .orderBy(agreementLines.position);
      expect(lines.map((line) => [line.name, line.propertyId, line.unitPriceCents, line.taxRateBp])).toEqual([
        ['Parking Lot Cleaning', siteId('Harbor Point Plaza'), 8500, 790],
        ['Initial Cleanup', siteId('Harbor Point Plaza'), 35000, 790],
        ['Parking Lot Cleaning', siteId('Brookfield Commons'), 9500, 550],
        ['Emergency Callout', siteId('Brookfield Commons'), 12500, 550],
        ['Sidewalks & Building Entrances', siteId('Oak Creek Medical Center'), 4500, 590],
        ['Dumpster & Waste Areas', siteId('Oak Creek Medical Center'), 4000, 590],
      ]);

      // A plan per recurring line, linked from its agreement line; none for one-time or hourly work.
      const plans = await t.app.db
        .select()
        .from(servicePlans)
        .where(
          inArray(
            servicePlans.propertyId,
            sites.map((site) => site.id),
          ),
        );
      expect(plans.map((plan) => plan.name).sort()).toEqual([
        'Dumpster & Waste Areas',
        'Parking Lot Cleaning',
        'Parking Lot Cleaning',
        'Sidewalks & Building Entrances',
      ]);
      for (const line of lines) {
        expect(Boolean(line.planId), line.name).toBe(line.rrule !== null);
      }
      const harborPlan = plans.find((plan) => plan.propertyId === siteId('Harbor Point Plaza'))!;
      expect(harborPlan).toMatchObject({ rrule: 'FREQ=WEEKLY;BYDAY=MO,TH', startDate: agreement!.startDate });
      expect(harborPlan.checklist).toEqual(['Sweep the parking rows', 'Pick up litter along the curbs']);

      // The first visit at each property within 2 business days; the initial cleanup is a one-off visit.
      const byDay = agreement!.startDate; // from tomorrow
      for (const site of sites) {
        const [first] = await t.app.db
          .select({ day: visits.scheduledDate })
          .from(visits)
          .where(eq(visits.propertyId, site.id))
          .orderBy(visits.scheduledDate)
          .limit(1);
        expect(first!.day >= byDay, site.name).toBe(true);
        expect(first!.day <= addBusinessDays(localToday(), 2), site.name).toBe(true);
      }
      const oneOffs = await t.app.db
        .select()
        .from(visits)
        .where(eq(visits.propertyId, siteId('Harbor Point Plaza')));
      expect(oneOffs.filter((visit) => visit.planId === null).map((visit) => visit.instructions)).toEqual(['Initial Cleanup']);
    });

    it('answers a double click, a second tab and a retry with the same confirmation, and makes one of everything', async () => {
      const estimate = await createTestEstimate(t.app.db);
      const customersBefore = await rowCount(t, customers);
      const url = `/api/estimates/${estimate.token}/accept`;
      const [one, two] = await Promise.all([post(t, url, acceptance(estimate)), post(t, url, acceptance(estimate))]);
      expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
      expect(two.json()).toEqual(one.json());
      const retry = await post(t, url, { ...acceptance(estimate), name: 'Dana Ruiz' });
      expect(retry.statusCode).toBe(200);
      expect(retry.json()).toEqual(one.json());
      expect(await rowCount(t, customers)).toBe(customersBefore + 1);
      expect(await rowCount(t, serviceAgreements)).toBe(1);
      expect((await t.app.db.select().from(users).where(eq(users.email, SIGNER))).length).toBe(1);
      // One invitation, one signed copy, one staff notice.
      expect(await rowCount(t, emailOutbox)).toBe(3);

      const changed = await post(t, url, { ...acceptance(estimate), term: '6-months' });
      expect(changed.statusCode).toBe(409);
      expect(changed.json()).toEqual({ message: 'This estimate was already accepted' });
      const declined = await post(t, `/api/estimates/${estimate.token}/decline`, { reason: 'Changed my mind' });
      expect(declined.statusCode).toBe(409);
      expect(await rowCount(t, serviceAgreements)).toBe(1);

      // One "accepted" in the audit log: nobody is signed in, so the name typed and the IP, and never the token.
      const logged = await auditRowsAbout(t, estimate.id);
      expect(logged).toEqual([
        expect.objectContaining({
          kind: 'write',
          actorId: null,
          actorRole: null,
          ip: '127.0.0.1',
          action: 'estimate.accept',
          targetType: 'estimates',
          outcome: 'ok',
          summary: 'by=link, term=12-months, signer=Dana Marie Ruiz',
        }),
      ]);
      expect(JSON.stringify(await t.app.db.select().from(auditEvents))).not.toContain(estimate.token);
      expect(await auditWordsAbout(t, estimate.id)).toEqual([
        `Dana Marie Ruiz accepted estimate ${estimate.number} for Lakefront Retail Partners, 12 months, by the estimate’s link`,
      ]);
    });

    it('refuses choices that are not the estimate’s, with field errors, and stores nothing', async () => {
      const estimate = await createTestEstimate(t.app.db, { termsOffered: ['month-to-month', '12-months'] });
      const good = acceptance(estimate);
      const included = lineId(estimate, 'Harbor Point Plaza', 'Parking Lot Cleaning');
      const cases: Array<[unknown, Record<string, string>]> = [
        [{ ...good, agree: false }, { agree: 'Tick “I agree to the terms above” to accept' }],
        [{ ...good, agree: undefined }, { agree: 'Tick “I agree to the terms above” to accept' }],
        [{ ...good, name: '  ' }, { name: 'Your full name is required' }],
        [{ ...good, optionalLineIds: ['00000000-0000-4000-8000-000000000000'] }, { optionalLineIds: 'Choose options from the estimate' }],
        [{ ...good, optionalLineIds: [included] }, { optionalLineIds: 'Choose options from the estimate' }],
        [{ ...good, term: '6-months' }, { term: 'Choose one of the terms offered' }],
        [{ ...good, term: 'forever' }, { term: 'Choose a term' }],
        [
          { ...good, poNumbers: { '00000000-0000-4000-8000-000000000000': 'PO-1' } },
          { poNumbers: 'PO numbers go with the estimate’s properties' },
        ],
      ];
      for (const [body, errors] of cases) {
        const response = await post(t, `/api/estimates/${estimate.token}/accept`, body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(response.json<{ errors: Record<string, string> }>().errors, JSON.stringify(body)).toMatchObject(errors);
      }
      const [row] = await t.app.db.select().from(estimates).where(eq(estimates.id, estimate.id));
      expect(row).toMatchObject({ status: 'sent', customerId: null, acceptedHash: null, respondedAt: null });
      expect(await rowCount(t, serviceAgreements)).toBe(0);
      expect((await t.app.db.select().from(customers).where(eq(customers.email, SIGNER))).length).toBe(0);
      expect(await rowCount(t, emailOutbox)).toBe(0);
      expect(await rowCount(t, auditEvents)).toBe(0);
    });
  });

  describe('asking for changes and declining', () => {
    it('tells staff at once through the real SMTP server, in the prospect’s words escaped, and once only', async () => {
      const estimate = await createTestEstimate(t.app.db);
      const message = 'Can the Brookfield sweep move to Wednesdays? <b>Also</b> drop the callout & add salt.';
      const asked = await post(t, `/api/estimates/${estimate.token}/request-changes`, { message });
      expect(asked.statusCode).toBe(200);
      expect(asked.json<PublicEstimate>().status).toBe('changes_requested');
      const notice = await t.smtp.nextMailTo(STAFF);
      expect(unfolded(notice.decoded)).toContain(
        `Subject: Estimate ${estimate.number}: Dana Ruiz (Lakefront Retail Partners) asks for changes`,
      );
      const html = mimeParts(notice.raw)
        .find((part) => part.contentType === 'text/html')!
        .data.toString('utf8');
      expect(html).toContain('&lt;b&gt;Also&lt;/b&gt; drop the callout &amp; add salt.');
      expect(html).not.toContain('<b>Also</b>');
      const [row] = await t.app.db.select().from(estimates).where(eq(estimates.id, estimate.id));
      expect(row).toMatchObject({ status: 'changes_requested', responseMessage: message });
      expect(row!.respondedAt).toBeInstanceOf(Date);

      const again = await post(t, `/api/estimates/${estimate.token}/request-changes`, { message });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(asked.json());
      expect(await rowCount(t, emailOutbox)).toBe(1);
      const empty = await post(t, `/api/estimates/${estimate.token}/request-changes`, { message: ' ' });
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toMatchObject({ errors: { message: 'Tell us what to change' } });

      const declined = await post(t, `/api/estimates/${estimate.token}/decline`, { reason: 'We went with our landscaper' });
      expect(declined.statusCode).toBe(200);
      expect(declined.json<PublicEstimate>().status).toBe('declined');
      const declineNotice = await t.smtp.nextMailTo(STAFF);
      expect(unfolded(declineNotice.decoded)).toContain(`Subject: Estimate ${estimate.number} declined by Lakefront Retail Partners`);
      expect(declineNotice.decoded).toContain('We went with our landscaper');
      expect((await post(t, `/api/estimates/${estimate.token}/decline`, {})).statusCode).toBe(200);
      expect(await rowCount(t, emailOutbox)).toBe(2);
      const late = await post(t, `/api/estimates/${estimate.token}/accept`, acceptance(estimate));
      expect(late.statusCode).toBe(409);
      expect(await rowCount(t, serviceAgreements)).toBe(0);

      // The audit log has each answer once, and names the message and the reason without copying them.
      expect((await auditRowsAbout(t, estimate.id)).map((event) => [event.actorId, event.action, event.summary])).toEqual([
        [null, 'estimate.request-changes', 'by=link, message'],
        [null, 'estimate.decline', 'by=link, reason'],
      ]);
      expect(await auditWordsAbout(t, estimate.id)).toEqual([
        `Someone asked for changes to estimate ${estimate.number} for Lakefront Retail Partners, by the estimate’s link`,
        `Someone declined estimate ${estimate.number} for Lakefront Retail Partners (with a reason), by the estimate’s link`,
      ]);
    });
  });

  describe('after "valid until"', () => {
    it('says the estimate expired and refuses all three answers with a 410', async () => {
      const estimate = await createTestEstimate(t.app.db, {
        proposedStartDate: addDays(localToday(), -40),
        validUntil: addDays(localToday(), -1),
      });
      expect((await t.app.inject({ url: `/api/estimates/${estimate.token}` })).json<PublicEstimate>().status).toBe('expired');
      for (const [path, body] of [
        ['accept', acceptance(estimate)],
        ['request-changes', { message: 'Is the price still good?' }],
        ['decline', {}],
      ] as const) {
        const response = await post(t, `/api/estimates/${estimate.token}/${path}`, body);
        expect(response.statusCode, path).toBe(410);
        expect(response.json()).toEqual({ message: 'This estimate has expired. Ask us for a new one.' });
      }
      expect(await rowCount(t, serviceAgreements)).toBe(0);
      expect(await rowCount(t, emailOutbox)).toBe(0);
      expect(await rowCount(t, auditEvents)).toBe(0);
    });
  });
});

describe('the estimate page’s rate limit', () => {
  const t = testAppFor('pglite', { seed: false, config: { signInRateLimit: { perEmail: 5, perIp: 1 } } });

  it('is per IP like the sign-in link’s token routes: over it, 429 with the usual message', async () => {
    const estimate = await createTestEstimate(t.app.db);
    const url = `/api/estimates/${estimate.token}`;
    expect((await t.app.inject({ url })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/estimates/${UNKNOWN_TOKEN}` })).statusCode).toBe(404);
    const limited = await t.app.inject({ url });
    expect(limited.statusCode).toBe(429);
    expect(limited.json<{ message: string }>().message).toMatch(/^Too many requests\. Please try again in /);
    // Another address has its own count.
    expect((await t.app.inject({ url, remoteAddress: '203.0.113.9' })).statusCode).toBe(200);
  });
});
