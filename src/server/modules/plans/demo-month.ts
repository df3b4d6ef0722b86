import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, asc, desc, eq, gte, inArray, lt } from 'drizzle-orm';
import sharp, { type OutputInfo } from 'sharp';
import { distanceMeters } from '../../../shared/geo';
import { monthBounds, previousMonth } from '../../../shared/invoices';
import { localToday } from '../../../shared/local-dates';
import { milwaukeeTime } from '../../../shared/photo-dates';
import { SITE_ISSUE_TYPE_LABELS } from '../../../shared/visits';
import type { Executor } from '../../db/executor';
import { photos, properties, servicePlans, siteIssues, visitChecklistItems, visitEvents, visits } from '../../db/schema';
import { addPhoto, type PhotoStorage } from '../photos';
import { generatePlanVisits } from './generation';

/**
 * The demo's recent work (seed-demo): the demo plans' visits from the first day of last month up to
 * yesterday, worked as a real crew would have: checked in on site, checklist ticked, photos before
 * and after, checked out; one skipped for the weather, one missed, one checked in away from the lot,
 * and a site issue. So last month is worked whole, ready to bill, and so are at least four weeks.
 * Only visits still `scheduled` are touched, so running it again changes nothing.
 */

/** The first day the demo works: the first of last month, which is always four weeks ago or earlier. */
const demoWorkFrom = (today: string): string => monthBounds(previousMonth(today)).start;

export interface DemoMonthOptions {
  /** The demo's properties. */
  propertyIds: string[];
  /** Folder of the example photos (docs/examples/photos), drawn on to make each visit's own. */
  photoDir: string;
  horizonWeeks: number;
  today?: string;
}

/** Which scene each property's photos show (the example photos' names), and what the crew wrote. */
const SCENES: Record<string, { scene: string; note: string }> = {
  'Southridge Commons Retail Center': { scene: 'retail-lot', note: 'Lot clear before opening. Cart corrals emptied.' },
  'Layton Avenue Office Park': { scene: 'office-entrance', note: 'Entrance walk swept, planters picked clean.' },
  'Oak Creek Distribution Yard': { scene: 'dumpster', note: 'Corral cleared and lids closed. Fence line done.' },
  'Fox River Apartments': { scene: 'apartment-grounds', note: 'Grounds done; mailbox kiosk area picked up.' },
};

const stamp = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/Chicago',
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** The demo's photos are this size: large enough for the portal's viewer, small enough to seed in seconds. */
const PHOTO_WIDTH = 1200;
const PHOTO_HEIGHT = 900;
const STAMP_WIDTH = 420;
const STAMP_HEIGHT = 44;

/** Each example scene decoded and sized once, as raw pixels: every visit's photo starts from it. */
const scenes = new Map<string, Promise<{ data: Buffer; info: OutputInfo }>>();
function scene(photoDir: string, file: string) {
  const key = path.join(photoDir, file);
  let decoded = scenes.get(key);
  if (!decoded) {
    decoded = readFile(key).then((data) => sharp(data).resize(PHOTO_WIDTH, PHOTO_HEIGHT).raw().toBuffer({ resolveWithObject: true }));
    scenes.set(key, decoded);
  }
  return decoded;
}

/**
 * A field photo of the visit, rendered with sharp: the example scene, a little lighter or darker
 * and warmer or cooler each time, with the camera's time stamp burnt in, as a phone's JPEG.
 */
async function fieldPhoto(photoDir: string, file: string, at: Date, variant: number): Promise<Buffer> {
  const text = stamp.format(at).replace(/&/g, '&amp;').replace(/</g, '&lt;');
  // Only the stamp's corner is drawn (a full-size overlay costs more than the photo).
  const overlay = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${STAMP_WIDTH}" height="${STAMP_HEIGHT}"><text x="${STAMP_WIDTH - 10}" y="${STAMP_HEIGHT - 10}" font-family="sans-serif" font-size="30" fill="#ffd84d" text-anchor="end">${text}</text></svg>`,
  );
  const { data, info } = await scene(photoDir, file);
  // Per-channel gains (cheap, unlike a hue rotation): lighter or darker, warmer or cooler each time.
  const light = 0.9 + (variant % 8) * 0.025;
  const warmth = (((variant * 7) % 13) - 6) * 0.01;
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .linear([light * (1 + warmth), light, light * (1 - warmth)], [0, 0, 0])
    .composite([{ input: overlay, left: PHOTO_WIDTH - STAMP_WIDTH - 20, top: PHOTO_HEIGHT - STAMP_HEIGHT - 20 }])
    .jpeg({ quality: 80 })
    .toBuffer();
}

const minutes = (instant: Date, n: number) => new Date(instant.getTime() + n * 60_000);

export async function playDemoMonth(db: Executor, storage: PhotoStorage, options: DemoMonthOptions): Promise<{ worked: number }> {
  const today = options.today ?? localToday();
  const from = demoWorkFrom(today);
  if (!options.propertyIds.length) return { worked: 0 };
  const plans = await db.select().from(servicePlans).where(inArray(servicePlans.propertyId, options.propertyIds));
  for (const plan of plans) await generatePlanVisits(db, plan.id, { horizonWeeks: options.horizonWeeks, today: from });

  const past = await db
    .select({ visit: visits, plan: servicePlans, property: properties })
    .from(visits)
    .innerJoin(servicePlans, eq(servicePlans.id, visits.planId))
    .innerJoin(properties, eq(properties.id, visits.propertyId))
    .where(
      and(
        inArray(visits.propertyId, options.propertyIds),
        eq(visits.status, 'scheduled'),
        lt(visits.scheduledDate, today),
        gte(visits.scheduledDate, from),
      ),
    )
    .orderBy(desc(visits.scheduledDate), asc(servicePlans.name));

  const seen = new Map<string, number>();
  let worked = 0;
  for (const { visit, plan, property } of past) {
    const index = seen.get(property.id) ?? 0;
    seen.set(property.id, index + 1);
    const crewId = plan.crewUserIds[0] ?? null;
    const [y, m, d] = visit.scheduledDate.split('-').map(Number) as [number, number, number];
    const [hour, minute] = (visit.windowStart ?? `0${8 + (index % 3)}:${index % 2 ? '40' : '10'}`).split(':').map(Number) as [
      number,
      number,
    ];
    const arrived = minutes(milwaukeeTime(y, m, d, hour, minute)!, 6 + (index % 4) * 3);
    // Made when the plan was, not today: the timeline reads in order.
    await db
      .update(visitEvents)
      .set({ at: minutes(arrived, -14 * 24 * 60) })
      .where(and(eq(visitEvents.visitId, visit.id), eq(visitEvents.kind, 'created')));

    if (property.name === 'Southridge Commons Retail Center' && index === 2) {
      await db
        .update(visits)
        .set({ status: 'skipped', skipReason: 'weather', skipNote: 'Freezing rain overnight; the lot was too icy to sweep safely.' })
        .where(eq(visits.id, visit.id));
      await db
        .insert(visitEvents)
        .values({ visitId: visit.id, kind: 'skipped', actorId: null, at: minutes(arrived, -90), detail: { reason: 'weather' } });
      worked++;
      continue;
    }
    if (property.name === 'Layton Avenue Office Park' && index === 2) {
      await db.update(visits).set({ status: 'missed' }).where(eq(visits.id, visit.id));
      await db
        .insert(visitEvents)
        .values({ visitId: visit.id, kind: 'missed', actorId: null, at: milwaukeeTime(y, m, d, 23, 59)!, detail: {} });
      worked++;
      continue;
    }

    const site = property.latitude !== null && property.longitude !== null ? { lat: property.latitude, lng: property.longitude } : null;
    const away = property.name === 'Fox River Apartments' && index === 0;
    const phone = site ? { lat: site.lat + (away ? 0.0192 : 0.00018 * ((index % 3) + 1)), lng: site.lng - 0.00011 * (index % 4) } : null;
    const distance = site && phone ? distanceMeters(site, phone) : null;
    const locationStatus = !site ? ('not_verified' as const) : away ? ('away' as const) : ('verified' as const);
    const events: Array<typeof visitEvents.$inferInsert> = [
      {
        visitId: visit.id,
        kind: 'checked_in',
        actorId: crewId,
        at: arrived,
        detail: { location: locationStatus, distanceMeters: distance && Math.round(distance) },
      },
    ];

    // Every completed visit has its before and after photos: proof in the portal from the first minute.
    const photo = async (kind: 'before' | 'after' | 'other', at: Date, file: string, siteIssueId: string | null = null) => {
      const added = await addPhoto(db, storage, {
        propertyId: property.id,
        data: await fieldPhoto(options.photoDir, file, at, index * 3 + (kind === 'before' ? 0 : kind === 'after' ? 1 : 2)),
        caption:
          kind === 'before' ? `${plan.name}: on arrival` : kind === 'after' ? `${plan.name}: done` : 'Dumped by the east gate overnight',
        photoType: kind,
        takenAt: at,
        visitId: visit.id,
        siteIssueId,
        uploadedBy: crewId,
        idempotencyKey: `demo:${visit.id}:${kind}`,
      });
      // Sent from the phone as it was taken, so the portal lists the month's photos newest first.
      await db.update(photos).set({ uploadDate: at }).where(eq(photos.id, added.id));
      events.push({
        visitId: visit.id,
        kind: 'photo_added',
        actorId: crewId,
        at,
        detail: { photoId: added.id, kind: kind === 'other' ? 'issue' : kind },
      });
    };
    const sceneName = SCENES[property.name]?.scene ?? 'retail-lot';

    const items = await db
      .select()
      .from(visitChecklistItems)
      .where(eq(visitChecklistItems.visitId, visit.id))
      .orderBy(visitChecklistItems.position);
    let at = minutes(arrived, 4);
    for (const item of items) {
      at = minutes(at, 6 + ((index + item.position) % 4) * 2);
      await db
        .update(visitChecklistItems)
        .set({ doneAt: at, doneBy: crewId })
        .where(and(eq(visitChecklistItems.visitId, visit.id), eq(visitChecklistItems.position, item.position)));
      events.push({
        visitId: visit.id,
        kind: 'checklist_item',
        actorId: crewId,
        at,
        detail: { position: item.position, label: item.label, done: true },
      });
    }

    if (property.name === 'Oak Creek Distribution Yard' && index === 0) {
      const reportedAt = minutes(arrived, 12);
      const [issue] = await db
        .insert(siteIssues)
        .values({
          visitId: visit.id,
          issueType: 'illegal_dumping',
          note: 'Two mattresses and a couch dumped by the east gate overnight. Too big for the truck: needs a bulk pickup.',
          reportedBy: crewId,
          reportedAt,
          idempotencyKey: `demo:${visit.id}:issue`,
        })
        .returning({ id: siteIssues.id });
      events.push({
        visitId: visit.id,
        kind: 'issue_reported',
        actorId: crewId,
        at: reportedAt,
        detail: { issueId: issue!.id, type: 'illegal_dumping', label: SITE_ISSUE_TYPE_LABELS.illegal_dumping },
      });
      await photo('other', minutes(reportedAt, 1), 'dumpster-before.jpg', issue!.id);
    }

    const left = minutes(at, 5);
    // Both at once (sharp works on its own threads); the timeline orders events by their time.
    await Promise.all([
      photo('before', minutes(arrived, 1), `${sceneName}-before.jpg`),
      photo('after', minutes(left, -1), `${sceneName}-after.jpg`),
    ]);
    events.push({ visitId: visit.id, kind: 'checked_out', actorId: crewId, at: left, detail: {} });
    await db
      .update(visits)
      .set({
        status: 'completed',
        checkedInAt: arrived,
        checkedInBy: crewId,
        checkInLatitude: phone?.lat ?? null,
        checkInLongitude: phone?.lng ?? null,
        checkInAccuracyMeters: phone ? 8 + (index % 5) * 3 : null,
        checkInDistanceMeters: distance,
        checkInLocationStatus: locationStatus,
        checkedOutAt: left,
        checkedOutBy: crewId,
        // A month already past: its reports are not e-mailed now.
        reportQueuedAt: new Date(),
        note: away
          ? 'No signal at the gate, so I checked in from the truck at the light on Northview Rd.'
          : (SCENES[property.name]?.note ?? ''),
      })
      .where(eq(visits.id, visit.id));
    await db.insert(visitEvents).values(events);
    worked++;
  }
  return { worked };
}
