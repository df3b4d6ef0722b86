/**
 * `npm run bench:pdf`: the monthly service report's render time and size (issue 12: a month of
 * 30 visits and 120 photos must render in under 5 s and be smaller than 10 MB).
 *
 * Seeds an in-memory PGlite with one customer: a property with 30 visits in one past month
 * (28 completed with two before and two after photos each, one skipped, one missed; four site
 * issues with two photos each: 120 photos), stored through the photo store as a crew's upload
 * would be, from the example photos cropped and shaded so every one differs. Then renders the
 * property's report several times, streaming to nothing, and prints the times and the size.
 *
 *   npm run bench:pdf                       5 runs
 *   BENCH_RUNS=10 npm run bench:pdf         more runs
 *   npm run bench:pdf -- --out /tmp/pdf     also writes the property's and the customer's PDFs there
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { openDatabase } from '../src/server/db/database';
import { customers, properties, siteIssues, users, visitChecklistItems, visits } from '../src/server/db/schema';
import { addPhoto } from '../src/server/modules/photos/add-photo';
import { diskStorage, type PhotoStorage } from '../src/server/modules/photos/photo-store';
import { monthlyReportPdf } from '../src/server/modules/reports/monthly-report';
import type { ReportScope } from '../src/server/modules/reports/monthly-report-data';
import type { Db } from '../src/server/db/database';
import { addDays, localToday } from '../src/shared/local-dates';
import { milwaukeeTime } from '../src/shared/photo-dates';
import { reportMonthOf } from '../src/shared/report-months';

const root = path.resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const outIndex = process.argv.indexOf('--out');
const OUT = outIndex > 0 ? process.argv[outIndex + 1] : undefined;

const CHECKLIST = [
  'Pick up litter in parking areas and landscaping',
  'Empty exterior bins and replace liners',
  'Clear the dumpster corral',
  'Blow off sidewalks and entrances',
  'Check cart corrals',
];
const ISSUES = [
  { type: 'illegal_dumping', note: 'Mattress and two bags of household trash left by the east dumpster corral. Removed; photos attached.' },
  { type: 'damage', note: 'Light pole base at stall 41 cracked, likely a vehicle strike. Coned off for your maintenance team.' },
  { type: 'graffiti', note: 'Tagging on the back of the loading dock wall, about 6 ft wide.' },
  { type: 'hazard', note: 'Broken glass across two stalls near the pharmacy entrance. Swept and bagged.' },
] as const;

/** The most recent past month with at least 30 days. */
function benchMonth(today: string): string {
  let day = addDays(`${reportMonthOf(today)}-01`, -1);
  while (Number(day.slice(8, 10)) < 30) day = addDays(`${reportMonthOf(day)}-01`, -1);
  return reportMonthOf(day);
}

/** A Central-time instant on a local date: "2026-10-03", "06:12". */
function at(date: string, time: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  return milwaukeeTime(year, month, day, hour, minute)!;
}

/** A field photo: an example scene, cropped, shaded and stamped, so every photo is its own (1600×1200 JPEG). */
async function fieldPhoto(scene: Buffer, seed: number, stamp: string): Promise<Buffer> {
  const left = (seed * 37) % 240;
  const top = (seed * 53) % 180;
  const label = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200"><text x="1560" y="1160" font-family="sans-serif" font-size="40" fill="#ffd84d" text-anchor="end">${stamp}</text></svg>`,
  );
  return sharp(scene)
    .extract({ left, top, width: 1360, height: 1020 })
    .resize(1600, 1200)
    .modulate({ brightness: 0.88 + (seed % 9) * 0.03, saturation: 0.9 + (seed % 5) * 0.05 })
    .composite([{ input: label }])
    .jpeg({ quality: 85 })
    .toBuffer();
}

async function seed(db: Db, storage: PhotoStorage, month: string) {
  const [customer] = await db
    .insert(customers)
    .values({ name: 'Southridge Commons Management', email: 'bench@southridgecommons.example', phone: '(414) 555-0110' })
    .returning();
  const crew = await db
    .insert(users)
    .values([
      { email: 'luis@bench.example', firstName: 'Luis', lastName: 'Ortega', role: 'crew' },
      { email: 'dana@bench.example', firstName: 'Dana', lastName: 'Kowalczyk', role: 'crew' },
    ])
    .returning();
  const [property, second] = await db
    .insert(properties)
    .values([
      {
        customerId: customer!.id,
        name: 'Southridge Commons Retail Center',
        address: '5300 S 76th St',
        city: 'Greendale',
        state: 'WI',
        zipCode: '53129',
        propertyType: 'Retail Center',
      },
      {
        customerId: customer!.id,
        name: 'Layton Avenue Office Park',
        address: '4811 S 76th St',
        city: 'Greenfield',
        state: 'WI',
        zipCode: '53220',
        propertyType: 'Office Park',
      },
    ])
    .returning();
  const scenes = {
    before: await readFile(path.join(root, 'docs/examples/photos/retail-lot-before.jpg')),
    after: await readFile(path.join(root, 'docs/examples/photos/retail-lot-after.jpg')),
    issue: await readFile(path.join(root, 'docs/examples/photos/dumpster-before.jpg')),
  };
  let photoCount = 0;
  for (let day = 1; day <= 30; day++) {
    const date = `${month}-${String(day).padStart(2, '0')}`;
    const status = day === 12 ? 'skipped' : day === 23 ? 'missed' : 'completed';
    const arrival = `06:${String((day * 7) % 50).padStart(2, '0')}`;
    const [visit] = await db
      .insert(visits)
      .values({
        propertyId: property!.id,
        scheduledDate: date,
        windowStart: '06:00',
        windowEnd: day === 9 ? '06:30' : '10:00',
        crewUserIds: crew.map((member) => member.id),
        status,
        skipReason: status === 'skipped' ? 'weather' : null,
        skipNote: status === 'skipped' ? 'Freezing rain; the lot was not safe to work.' : null,
        checkedInAt: status === 'completed' ? at(date, day === 9 ? '06:41' : arrival) : null,
        checkedOutAt:
          status === 'completed' ? new Date(at(date, day === 9 ? '06:41' : arrival).getTime() + (38 + ((day * 11) % 40)) * 60_000) : null,
        checkInLocationStatus: status === 'completed' ? (day === 17 ? 'not_verified' : 'verified') : null,
      })
      .returning();
    await db.insert(visitChecklistItems).values(
      CHECKLIST.map((label, position) => ({
        visitId: visit!.id,
        position,
        label,
        doneAt: status === 'completed' && !(day === 20 && position === 4) ? at(date, '06:50') : null,
      })),
    );
    if (status !== 'completed') continue;
    const stamp = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' }).format(
      new Date(`${date}T12:00:00Z`),
    );
    for (const [photoType, scene] of [
      ['before', scenes.before],
      ['before', scenes.before],
      ['after', scenes.after],
      ['after', scenes.after],
    ] as const) {
      photoCount++;
      await addPhoto(db, storage, {
        propertyId: property!.id,
        visitId: visit!.id,
        data: await fieldPhoto(scene, photoCount, stamp),
        caption: '',
        photoType,
      });
    }
    const issue = [3, 10, 18, 27].indexOf(day);
    if (issue >= 0) {
      const [row] = await db
        .insert(siteIssues)
        .values({ visitId: visit!.id, issueType: ISSUES[issue]!.type, note: ISSUES[issue]!.note })
        .returning();
      for (let i = 0; i < 2; i++) {
        photoCount++;
        await addPhoto(db, storage, {
          propertyId: property!.id,
          visitId: visit!.id,
          siteIssueId: row!.id,
          data: await fieldPhoto(scenes.issue, photoCount, stamp),
          caption: '',
          photoType: 'other',
        });
      }
    }
  }
  // A second property with a lighter schedule, for the customer's report.
  for (const day of [2, 9, 16, 23, 30]) {
    const date = `${month}-${String(day).padStart(2, '0')}`;
    await db.insert(visits).values({
      propertyId: second!.id,
      scheduledDate: date,
      crewUserIds: [crew[0]!.id],
      status: 'completed',
      checkedInAt: at(date, '13:05'),
      checkedOutAt: at(date, '13:40'),
      checkInLocationStatus: 'verified',
    });
  }
  return { customerId: customer!.id, propertyId: property!.id, photoCount };
}

/** Renders one report to bytes, timing it from the request's first query to the stream's last byte. */
async function render(db: Db, storage: PhotoStorage, scope: ReportScope, month: string) {
  const started = performance.now();
  const { pdf } = await monthlyReportPdf(db, storage, scope, month);
  const chunks: Buffer[] = [];
  for await (const chunk of pdf) chunks.push(chunk as Buffer);
  return { ms: performance.now() - started, data: Buffer.concat(chunks) };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-pdf-'));
  const database = await openDatabase({ dataDir: null });
  const storage = diskStorage(path.join(dataDir, 'photos'));
  try {
    const month = benchMonth(localToday());
    const seedStarted = performance.now();
    const seeded = await seed(database.db, storage, month);
    console.log(`Seeded ${month}: 30 visits and ${seeded.photoCount} photos in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);

    const rows: string[] = [];
    for (const [label, scope] of [
      ['Property: 30 visits, 120 photos', { propertyId: seeded.propertyId }],
      ['Customer: 2 properties, 35 visits, 120 photos', { customerId: seeded.customerId }],
    ] as const) {
      const times: number[] = [];
      let last = Buffer.alloc(0);
      for (let run = 0; run < RUNS; run++) {
        const { ms, data } = await render(database.db, storage, scope, month);
        times.push(ms);
        last = data;
      }
      const pages = last.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;
      rows.push(
        `| ${label} | ${(median(times) / 1000).toFixed(2)} s | ${(Math.max(...times) / 1000).toFixed(2)} s | ${(last.length / 1024 / 1024).toFixed(2)} MB | ${pages} |`,
      );
      if (OUT) {
        mkdirSync(OUT, { recursive: true });
        const file = path.join(OUT, 'propertyId' in scope ? 'property-report.pdf' : 'customer-report.pdf');
        writeFileSync(file, last);
        console.log(`Wrote ${file}`);
      }
    }
    console.log(`\n${RUNS} runs each (first included), Node ${process.version}:\n`);
    console.log('| Report | Median | Slowest | Size | Pages |');
    console.log('| ------ | -----: | ------: | ---: | ----: |');
    for (const row of rows) console.log(row);
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
