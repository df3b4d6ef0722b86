import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { and, eq, gte, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import {
  agreementLines,
  auditEvents,
  customers,
  emailOutbox,
  estimates,
  invoiceLines,
  invoices,
  passkeys,
  photos,
  priceBookServices,
  properties,
  recoveryCodes,
  serviceAgreements,
  servicePlans,
  sessions,
  signInTokens,
  siteIssues,
  users,
  visitChecklistItems,
  visits,
} from '../db/schema';
import { monthBounds, previousMonth } from '../../shared/invoices';
import { addDays, localToday } from '../../shared/local-dates';
import { hashToken } from '../modules/accounts/tokens';
import { createRecoveryCodes } from '../modules/accounts/recovery-codes';
import { createSession } from '../modules/accounts/sessions';
import { diskStorage, type PhotoStorage } from '../modules/photos/photo-store';
import { s3Storage } from '../modules/photos/s3-storage';
import { acceptedEstimateHash, hashedVersion, propertiesOfEstimates } from '../modules/estimates';
import { runCommand } from './admin';
import { createTestDatabase, createTestDataDir } from '#test/database';
import { createEmptyPostgresDatabase } from '../../../scripts/lib/postgres-database';
import { startS3, type S3Server } from '#test/s3';
import { freePort, nodeArgs, startServer, waitUntilReady } from '#test/server-process';

const root = path.resolve(import.meta.dirname, '../../..');
const exampleFile = path.join(root, 'docs/examples/demo-import.json');

async function run(args: string[], env: Record<string, string>) {
  const lines: string[] = [];
  await runCommand(args, loadConfig({ APP_URL: 'http://localhost:3000', ...env }), (line) => lines.push(line));
  return lines;
}

/** A DATA_DIR whose database exists, as a first server start (or `migrate`) leaves it. */
async function createdDataDir(): Promise<{ DATA_DIR: string }> {
  const where = { DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cli-')) };
  await createTestDataDir(where.DATA_DIR);
  return where;
}

const targets: Array<[string, () => Promise<{ env: Record<string, string>; done(): Promise<void> }>]> = [
  ['PGlite', async () => ({ env: await createdDataDir(), done: async () => {} })],
];
if (process.env.TEST_DATABASE_URL) {
  targets.push([
    'PostgreSQL',
    async () => {
      const database = await createTestDatabase('postgres');
      await database.close();
      return { env: { DATABASE_URL: database.url!, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cli-')) }, done: () => database.drop() };
    },
  ]);
}

describe.each(targets)('operator commands on %s', (_name, setup) => {
  it('imports idempotently: a second run reports nothing new', async () => {
    const { env, done } = await setup();
    const first = await run(['import', exampleFile], env);
    expect(first).toEqual([
      'customers: 1 created, 0 updated, 0 unchanged\nusers: 1 created, 0 updated, 0 unchanged\nproperties: 4 created, 0 updated, 0 unchanged\nphotos: 6 created, 0 unchanged\ncrew members: 2 created, 0 updated, 0 unchanged\nservice plans: 5 created, 0 updated, 0 unchanged',
    ]);
    const second = await run(['import', exampleFile], env);
    expect(second).toEqual([
      'customers: 0 created, 0 updated, 1 unchanged\nusers: 0 created, 0 updated, 1 unchanged\nproperties: 0 created, 0 updated, 4 unchanged\nphotos: 0 created, 6 unchanged\ncrew members: 0 created, 0 updated, 2 unchanged\nservice plans: 0 created, 0 updated, 5 unchanged',
    ]);
    await done();
  }, 60_000); // it processes every demo photo with sharp: slow on a busy machine

  it('creates staff with an invitation (queued and printed), and prints a sign-in link as the last line', async () => {
    const { env, done } = await setup();
    const created = await run(['create-staff', 'Crew@LakeshoreLotCare.com', '--first-name', 'Sam'], env);
    expect(created.slice(0, 3)).toEqual([
      'Created staff user crew@lakeshorelotcare.com as owner.',
      'Invitation to crew@lakeshorelotcare.com queued: the server e-mails it within seconds, or as soon as it starts.',
      'It works once, for 7 days. Its link, if you would rather hand it over yourself:',
    ]);
    expect(created).toHaveLength(4);
    const invitation = created[3]!;
    expect(invitation).toMatch(/^http:\/\/localhost:3000\/login\/verify\?token=[\w-]{43}$/);
    // An update sends nothing new.
    expect(await run(['create-staff', 'crew@lakeshorelotcare.com', '--last-name', 'Nowak'], env)).toEqual([
      'Updated crew@lakeshorelotcare.com as staff (owner).',
    ]);
    {
      const database = await openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR! });
      const tokens = await database.db.select().from(signInTokens);
      const mail = await database.db.select().from(emailOutbox);
      await database.close();
      // One invitation, from the company (no staff member sent it), to the console, for 7 days.
      expect(tokens).toHaveLength(1);
      expect(tokens[0]).toMatchObject({
        tokenHash: hashToken(new URL(invitation).searchParams.get('token')!),
        purpose: 'invitation',
        invitedBy: null,
        returnTo: '/admin',
      });
      expect((tokens[0]!.expiresAt.getTime() - tokens[0]!.createdAt.getTime()) / 86_400_000).toBeCloseTo(7, 2);
      expect(mail).toHaveLength(1);
      expect(mail[0]).toMatchObject({
        toAddress: 'crew@lakeshorelotcare.com',
        status: 'pending',
        subject: 'Lakeshore Lot Care invited you to the Lakeshore Lot Care staff console',
      });
      expect(mail[0]!.textBody).toContain(invitation);
      expect(mail[0]!.textBody).toContain('Hello Sam,');
      expect(mail[0]!.textBody).not.toMatch(/did not ask to sign in/i);
    }
    const lines = await run(['sign-in-link', 'crew@lakeshorelotcare.com'], env);
    expect(lines.at(-1)).toMatch(/^http:\/\/localhost:3000\/login\/verify\?token=[\w-]{43}$/);
    const database = await openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR! });
    const [staff] = await database.db.select().from(users);
    await database.close();
    expect(staff).toMatchObject({ email: 'crew@lakeshorelotcare.com', role: 'owner', firstName: 'Sam', lastName: 'Nowak' });
    await done();
  });

  it('resets a locked-out owner’s passkeys: removed with the recovery codes, sessions ended, a sign-in link printed, and audited', async () => {
    const { env, done } = await setup();
    await run(['create-staff', 'olivia@lakeshorelotcare.com', '--first-name', 'Olivia', '--no-invite'], env);
    let database = await openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR! });
    const [owner] = await database.db.select().from(users).where(eq(users.email, 'olivia@lakeshorelotcare.com'));
    await database.db
      .insert(passkeys)
      .values({ userId: owner!.id, credentialId: 'lost-phone', publicKey: 'unused', deviceType: 'singleDevice', name: 'Lost phone' });
    await createRecoveryCodes(database.db, owner!.id);
    await createSession(database.db, owner!.id, { secondFactor: 'passkey' });
    await database.close();

    const lines = await run(['reset-passkeys', 'olivia@lakeshorelotcare.com'], env);
    expect(lines[0]).toBe('Removed 1 passkey and the recovery codes of olivia@lakeshorelotcare.com, and signed them out everywhere.');
    expect(lines.at(-1)).toMatch(/^http:\/\/localhost:3000\/login\/verify\?token=[\w-]{43}$/);

    database = await openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR! });
    expect(await database.db.select().from(passkeys).where(eq(passkeys.userId, owner!.id))).toHaveLength(0);
    expect(await database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, owner!.id))).toHaveLength(0);
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, owner!.id))).toHaveLength(0);
    const [event] = await database.db.select().from(auditEvents).where(eq(auditEvents.action, 'operator.reset-passkeys'));
    expect(event).toMatchObject({ kind: 'passkey', targetId: owner!.id, actorId: null, ip: 'operator command' });
    const [token] = await database.db.select().from(signInTokens).where(eq(signInTokens.userId, owner!.id));
    expect(token).toMatchObject({ returnTo: '/admin' });
    await database.close();
    await done();
  });

  it('gives staff a role: the first is an owner whatever was asked, later ones office unless --role says otherwise, and the last owner stays one', async () => {
    const { env, done } = await setup();
    expect(await run(['create-staff', 'jo@lakeshorelotcare.com', '--role', 'crew', '--no-invite'], env)).toEqual([
      'Created staff user jo@lakeshorelotcare.com as owner.',
      'Kept as owner rather than crew: someone must be able to manage staff, and there is no other owner.',
    ]);
    expect(await run(['create-staff', 'ana@lakeshorelotcare.com', '--no-invite'], env)).toEqual([
      'Created staff user ana@lakeshorelotcare.com as office.',
    ]);
    // The existing lines come first, then the invitation.
    const crew = await run(['create-staff', 'sam@lakeshorelotcare.com', '--role', 'crew'], env);
    expect(crew.slice(0, 2)).toEqual([
      'Created staff user sam@lakeshorelotcare.com as crew.',
      'Invitation to sam@lakeshorelotcare.com queued: the server e-mails it within seconds, or as soon as it starts.',
    ]);
    // Updating keeps the role unless a new one is given.
    expect(await run(['create-staff', 'sam@lakeshorelotcare.com', '--last-name', 'Nowak'], env)).toEqual([
      'Updated sam@lakeshorelotcare.com as staff (crew).',
    ]);
    expect(await run(['create-staff', 'ana@lakeshorelotcare.com', '--role', 'owner'], env)).toEqual([
      'Updated ana@lakeshorelotcare.com as staff (owner).',
      'Signed ana@lakeshorelotcare.com out everywhere: the new role applies from their next sign-in.',
    ]);
    // With another owner, an owner may step down; the last owner may not.
    expect(await run(['create-staff', 'jo@lakeshorelotcare.com', '--role', 'office'], env)).toEqual([
      'Updated jo@lakeshorelotcare.com as staff (office).',
      'Signed jo@lakeshorelotcare.com out everywhere: the new role applies from their next sign-in.',
    ]);
    expect(await run(['create-staff', 'ana@lakeshorelotcare.com', '--role', 'crew'], env)).toEqual([
      'Updated ana@lakeshorelotcare.com as staff (owner).',
      'Kept as owner rather than crew: someone must be able to manage staff, and there is no other owner.',
    ]);
    const database = await openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR! });
    const rows = await database.db.select({ email: users.email, role: users.role }).from(users).orderBy(users.email);
    // --no-invite sent nothing; the crew member's invitation leads to the crew page.
    const mail = await database.db.select({ to: emailOutbox.toAddress, subject: emailOutbox.subject }).from(emailOutbox);
    const tokens = await database.db.select({ returnTo: signInTokens.returnTo }).from(signInTokens);
    await database.close();
    expect(rows).toEqual([
      { email: 'ana@lakeshorelotcare.com', role: 'owner' },
      { email: 'jo@lakeshorelotcare.com', role: 'office' },
      { email: 'sam@lakeshorelotcare.com', role: 'crew' },
    ]);
    expect(mail).toEqual([
      { to: 'sam@lakeshorelotcare.com', subject: 'Lakeshore Lot Care invited you to the Lakeshore Lot Care crew page' },
    ]);
    expect(tokens).toEqual([{ returnTo: '/crew' }]);
    await done();
  });
});

describe.each(targets)('create-staff on an existing account, on %s', (_name, setup) => {
  it('ends the sessions of someone whose role it changes, as the console does, and leaves the others signed in', async () => {
    const { env, done } = await setup();
    await run(['create-staff', 'jo@lakeshorelotcare.com', '--no-invite'], env);
    await run(['create-staff', 'ana@lakeshorelotcare.com', '--role', 'office', '--no-invite'], env);
    const open = () => openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR! });
    let database = await open();
    const idOf = async (email: string) => (await database.db.select().from(users).where(eq(users.email, email)))[0]!.id;
    const [jo, ana] = [await idOf('jo@lakeshorelotcare.com'), await idOf('ana@lakeshorelotcare.com')];
    for (const userId of [jo, ana, ana]) await createSession(database.db, userId, { secondFactor: 'passkey' });
    await database.close();

    expect(await run(['create-staff', 'ana@lakeshorelotcare.com', '--role', 'crew'], env)).toEqual([
      'Updated ana@lakeshorelotcare.com as staff (crew).',
      'Signed ana@lakeshorelotcare.com out everywhere: the new role applies from their next sign-in.',
    ]);
    // A change of name alone keeps the sessions.
    expect(await run(['create-staff', 'jo@lakeshorelotcare.com', '--last-name', 'Nowak'], env)).toEqual([
      'Updated jo@lakeshorelotcare.com as staff (owner).',
    ]);
    database = await open();
    const left = await database.db.select({ userId: sessions.userId }).from(sessions);
    const [changed] = await database.db.select({ role: users.role }).from(users).where(eq(users.id, ana));
    await database.close();
    expect(left).toEqual([{ userId: jo }]);
    expect(changed).toEqual({ role: 'crew' });
    await done();
  });
});

describe('operator command errors', () => {
  const env = () => ({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cli-')) });

  it.each([
    [[], 'A command is required.'],
    [['frobnicate'], 'Unknown command "frobnicate".'],
    [['create-staff'], 'An e-mail address is required.'],
    [['create-staff', 'not-an-email'], '"not-an-email" is not a valid e-mail address.'],
    [['create-staff', 'boss@lakeshorelotcare.com', '--role', 'boss'], '--role must be one of owner, office, crew.'],
    [['import'], 'import needs the path of a JSON file.'],
    [['import', '/nonexistent/file.json'], 'Cannot read /nonexistent/file.json.'],
  ])('%j fails with a clear message', async (args, message) => {
    await expect(run(args, env())).rejects.toThrow(message);
  });

  it.each([
    [['sign-in-link', 'nobody@example.com'], 'No user has the address nobody@example.com in the embedded database (PGlite) in '],
    [['reset-passkeys', 'nobody@example.com'], 'No staff member has the address nobody@example.com in the embedded database (PGlite) in '],
  ])('%j says where it looked, and that DATA_DIR or DATABASE_URL must be the server’s', async (args, message) => {
    const where = await createdDataDir();
    const refused = run(args, where);
    await expect(refused).rejects.toThrow(`${message}${where.DATA_DIR} (DATA_DIR). DATA_DIR or DATABASE_URL must be the server's`);
  });

  it('holds an import to the console’s rules: the fixed property types, two-letter states, valid e-mails', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'import-'));
    const property = { name: 'Bluemound Plaza', address: '1 Bluemound Rd', city: 'Brookfield', state: 'WI', zipCode: '53045' };
    writeFileSync(
      path.join(dir, 'types.json'),
      JSON.stringify({
        customers: [
          {
            name: 'Bluemound Partners',
            email: 'office@bluemound.example',
            users: [{ email: 'not-an-address' }],
            properties: [
              { ...property, propertyType: 'Strip Mall' },
              { ...property, name: 'Second lot', state: 'Wisconsin', propertyType: 'Office' },
            ],
          },
        ],
      }),
    );
    const refused = run(['import', path.join(dir, 'types.json')], env());
    await expect(refused).rejects.toThrow(/customers\.0\.properties\.0\.propertyType: Property type must be one of: Retail Center, Office/);
    await expect(refused).rejects.toThrow(/customers\.0\.properties\.1\.state: State must be two letters, such as WI/);
    await expect(refused).rejects.toThrow(/customers\.0\.users\.0\.email: Please enter a valid email address/);
  });

  it('never moves a person: an import that lists a staff member, or another customer’s user, writes nothing', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'import-'));
    const where = env();
    await run(['create-staff', 'sam@lakeshorelotcare.com'], where);
    await run(['import', exampleFile], where);
    const customer = (name: string, email: string, users: string[]) => ({
      name,
      email,
      users: users.map((address) => ({ email: address })),
    });
    writeFileSync(
      path.join(dir, 'takeover.json'),
      JSON.stringify({
        customers: [
          customer('Mayfair Holdings', 'office@mayfair.example', ['sam@lakeshorelotcare.com', 'demo@southridgecommons.example']),
          customer('Bayshore Group', 'office@bayshore.example', ['new@bayshore.example', 'NEW@bayshore.example']),
        ],
      }),
    );
    const refused = run(['import', path.join(dir, 'takeover.json')], where);
    await expect(refused).rejects.toThrow(/Nothing was imported/);
    await expect(refused).rejects.toThrow(/customers\.0\.users\.0\.email: sam@lakeshorelotcare\.com signs in as staff/);
    await expect(refused).rejects.toThrow(/customers\.0\.users\.1\.email: demo@southridgecommons\.example signs in for another customer/);
    await expect(refused).rejects.toThrow(/customers\.1\.users\.1\.email: NEW@bayshore\.example is listed twice/);
    const database = await openDatabase({ dataDir: where.DATA_DIR });
    const rows = await database.db.select({ email: users.email, role: users.role }).from(users).orderBy(users.email);
    await database.close();
    expect(rows).toEqual([
      { email: 'demo@southridgecommons.example', role: 'customer' },
      // The example's two crew members.
      { email: 'jada.williams@lakeshorelotcare.com', role: 'crew' },
      { email: 'luis.ortega@lakeshorelotcare.com', role: 'crew' },
      { email: 'sam@lakeshorelotcare.com', role: 'owner' },
    ]);
  });

  it('rejects an import file that does not match the format, and one whose photo is not an image', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'import-'));
    writeFileSync(path.join(dir, 'bad.json'), JSON.stringify({ customers: [{ name: 'X', email: 'nope' }] }));
    await expect(run(['import', path.join(dir, 'bad.json')], env())).rejects.toThrow(
      /does not match the import format[\s\S]*customers\.0\.email/,
    );

    writeFileSync(path.join(dir, 'note.jpg'), 'not really a jpeg');
    writeFileSync(
      path.join(dir, 'photo.json'),
      JSON.stringify({
        customers: [
          {
            name: 'X Co',
            email: 'x@example.com',
            properties: [
              {
                name: 'Lot',
                address: '1 Main St',
                city: 'Waukesha',
                state: 'WI',
                zipCode: '53186',
                propertyType: 'Parking Lot',
                photos: [{ file: 'note.jpg', photoType: 'before' }],
              },
            ],
          },
        ],
      }),
    );
    await expect(run(['import', path.join(dir, 'photo.json')], await createdDataDir())).rejects.toThrow(
      'note.jpg: This file is not an image we can read.',
    );
  });

  const planFile = (dir: string, overrides: { plans?: unknown[]; crew?: unknown[] } = {}) => {
    const file = path.join(dir, `plans-${Math.random().toString(36).slice(2)}.json`);
    writeFileSync(
      file,
      JSON.stringify({
        crew: overrides.crew ?? [{ email: 'Rosa.Diaz@lakeshorelotcare.com', firstName: 'Rosa', lastName: 'Diaz' }],
        customers: [
          {
            name: 'Bluemound Partners',
            email: 'office@bluemound.example',
            properties: [
              {
                name: 'Bluemound Plaza',
                address: '17800 W Bluemound Rd',
                city: 'Brookfield',
                state: 'WI',
                zipCode: '53045',
                propertyType: 'Retail Center',
                location: { lat: 43.0334, lng: -88.1256 },
                plans: overrides.plans ?? [
                  {
                    name: 'Morning sweep',
                    rrule: 'FREQ=WEEKLY;BYDAY=MO,TH',
                    startDate: '2026-01-05',
                    window: { from: '06:00', to: '10:00' },
                    checklist: ['Pick up litter in parking areas', 'Empty exterior bins'],
                    crew: ['rosa.diaz@lakeshorelotcare.com'],
                  },
                  { rrule: 'FREQ=MONTHLY;BYMONTHDAY=15', startDate: '2026-01-15', checklist: ['Walk the fence line'] },
                ],
              },
            ],
          },
        ],
      }),
    );
    return file;
  };
  const tableCounts = async (dataDir: string) => {
    const database = await openDatabase({ dataDir });
    const tables = {
      plans: servicePlans,
      visits,
      items: visitChecklistItems,
      estimates,
      agreements: serviceAgreements,
      agreementLines,
      invoices,
      invoiceLines,
      mail: emailOutbox,
    };
    const count = async (table: (typeof tables)[keyof typeof tables]) =>
      ((await database.db.select({ n: sql<number>`count(*)::int` }).from(table)) as [{ n: number }])[0].n;
    const result = {} as Record<keyof typeof tables, number>;
    for (const name of Object.keys(tables) as Array<keyof typeof tables>) result[name] = await count(tables[name]);
    await database.close();
    return result;
  };

  it('imports crew, a location and plans whose visits are made at once; a second run changes nothing', async () => {
    const where = await createdDataDir();
    const file = planFile(mkdtempSync(path.join(tmpdir(), 'import-')));
    expect((await run(['import', file], where))[0]).toContain('crew members: 1 created, 0 updated, 0 unchanged\nservice plans: 2 created');
    const first = await tableCounts(where.DATA_DIR);
    expect(first.plans).toBe(2);
    expect(first.visits).toBeGreaterThanOrEqual(16);
    expect(first.items).toBeGreaterThan(first.visits);

    const database = await openDatabase({ dataDir: where.DATA_DIR });
    const [rosa] = await database.db.select().from(users).where(eq(users.email, 'rosa.diaz@lakeshorelotcare.com'));
    expect(rosa).toMatchObject({ role: 'crew', firstName: 'Rosa', lastName: 'Diaz', customerId: null });
    const [lot] = await database.db.select().from(properties);
    expect(lot).toMatchObject({ latitude: 43.0334, longitude: -88.1256, locationSource: 'typed' });
    const plans = await database.db.select().from(servicePlans).orderBy(servicePlans.name);
    expect(plans.map((plan) => [plan.name, plan.rrule, plan.crewUserIds])).toEqual([
      ['Monthly on the 15th', 'FREQ=MONTHLY;BYMONTHDAY=15', []],
      ['Morning sweep', 'FREQ=WEEKLY;BYDAY=MO,TH', [rosa!.id]],
    ]);
    const sweep = await database.db.select().from(visits).where(eq(visits.planId, plans[1]!.id));
    expect(sweep.every((visit) => visit.crewUserIds[0] === rosa!.id && visit.windowStart === '06:00:00')).toBe(true);
    await database.close();

    expect((await run(['import', file], where))[0]).toContain(
      'crew members: 0 created, 0 updated, 1 unchanged\nservice plans: 0 created, 0 updated, 2 unchanged',
    );
    expect(await tableCounts(where.DATA_DIR)).toEqual(first);

    // A changed checklist updates the plan in place: its untouched visits are made again, not doubled.
    const changed = planFile(mkdtempSync(path.join(tmpdir(), 'import-')), {
      plans: [
        {
          name: 'Morning sweep',
          rrule: 'FREQ=WEEKLY;BYDAY=MO,TH',
          startDate: '2026-01-05',
          window: { from: '06:00', to: '10:00' },
          checklist: ['Pick up litter in parking areas', 'Empty exterior bins', 'Clear the dumpster corral'],
          crew: ['rosa.diaz@lakeshorelotcare.com'],
        },
        { rrule: 'FREQ=MONTHLY;BYMONTHDAY=15', startDate: '2026-01-15', checklist: ['Walk the fence line'] },
      ],
    });
    expect((await run(['import', changed], where))[0]).toContain('service plans: 0 created, 1 updated, 1 unchanged');
    const after = await tableCounts(where.DATA_DIR);
    expect(after.plans).toBe(2);
    expect(after.visits).toBe(first.visits);
    expect(after.items).toBeGreaterThan(first.items);

    // Renamed in the file, the plan would be made a second time beside the first: refused, with what to do.
    const renamed = planFile(mkdtempSync(path.join(tmpdir(), 'import-')), {
      plans: [
        {
          name: 'Early sweep',
          rrule: 'FREQ=WEEKLY;BYDAY=MO,TH',
          startDate: '2026-01-05',
          checklist: ['Pick up litter in parking areas'],
        },
      ],
    });
    const refused = run(['import', renamed], where);
    await expect(refused).rejects.toThrow(/Nothing was imported/);
    await expect(refused).rejects.toThrow(
      'customers.0.properties.0.plans.0.name: "Early sweep" would be a second plan beside "Morning sweep", which has the same rule and start date. Use "Morning sweep" to update that plan, or rename it in the console first',
    );
    expect(await tableCounts(where.DATA_DIR)).toEqual(after);
  });

  it('refuses plans the console would refuse, and crew it does not know, writing nothing', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'import-'));
    const plan = { name: 'Sweep', startDate: '2026-01-05', checklist: ['Pick up litter in parking areas'] };
    const badRule = planFile(dir, { plans: [{ ...plan, rrule: 'FREQ=DAILY', window: { from: '10:00', to: '06:00' } }] });
    const refused = run(['import', badRule], env());
    await expect(refused).rejects.toThrow(
      /customers\.0\.properties\.0\.plans\.0\.rrule: Plans repeat weekly or monthly \(FREQ=WEEKLY or FREQ=MONTHLY\), not DAILY/,
    );
    await expect(refused).rejects.toThrow(/customers\.0\.properties\.0\.plans\.0\.window: The window must end after it starts/);

    const where = await createdDataDir();
    await run(['import', exampleFile], where);
    const strangers = planFile(dir, {
      crew: [{ email: 'demo@southridgecommons.example' }],
      plans: [{ ...plan, rrule: 'FREQ=WEEKLY;BYDAY=MO', crew: ['nobody@lakeshorelotcare.com'] }],
    });
    const unknown = run(['import', strangers], where);
    await expect(unknown).rejects.toThrow(/Nothing was imported/);
    await expect(unknown).rejects.toThrow(/crew\.0\.email: demo@southridgecommons\.example already signs in as customer/);
    await expect(unknown).rejects.toThrow(
      /customers\.0\.properties\.0\.plans\.0\.crew\.0: nobody@lakeshorelotcare\.com is not a crew member \(list them under "crew" to add them\)/,
    );
    const database = await openDatabase({ dataDir: where.DATA_DIR });
    expect(await database.db.select().from(customers).where(eq(customers.email, 'office@bluemound.example'))).toEqual([]);
    await database.close();
  });

  it('seeds a demo company that has been working since last month, with an agreement and last month’s invoice', async () => {
    const where = env();
    const printed = await run(['seed-demo'], where);
    const database = await openDatabase({ dataDir: where.DATA_DIR });
    const today = localToday();
    const lastMonth = monthBounds(previousMonth(today));
    const past = await database.db.select().from(visits).where(lt(visits.scheduledDate, today));
    const byStatus = (status: string) => past.filter((visit) => visit.status === status);
    expect(byStatus('completed').length).toBeGreaterThanOrEqual(16);
    expect(byStatus('scheduled')).toEqual([]);
    expect(byStatus('skipped')).toMatchObject([{ skipReason: 'weather' }]);
    expect(byStatus('missed')).toHaveLength(1);
    // Worked from the first day of last month (four weeks ago or earlier), so last month is worked whole.
    expect(lastMonth.start <= addDays(today, -28)).toBe(true);
    expect(past.every((visit) => visit.scheduledDate >= lastMonth.start)).toBe(true);
    const done = byStatus('completed');
    expect(done.every((visit) => visit.checkedInAt! < visit.checkedOutAt! && visit.checkInLocationStatus)).toBe(true);
    expect(done.filter((visit) => visit.checkInLocationStatus === 'away')).toHaveLength(1);
    const unticked = await database.db
      .select()
      .from(visitChecklistItems)
      .where(
        and(
          inArray(
            visitChecklistItems.visitId,
            done.map((visit) => visit.id),
          ),
          isNull(visitChecklistItems.doneAt),
        ),
      );
    expect(unticked).toEqual([]);
    const visitPhotos = await database.db.select().from(photos).where(isNotNull(photos.visitId));
    // Proof from the first minute: every completed visit has its before and after photo, each a real
    // image through the photo pipeline (WebP variants), listed in the portal by when it was taken.
    for (const visit of done) {
      const own = visitPhotos.filter((photo) => photo.visitId === visit.id);
      expect(
        own.filter((photo) => photo.photoType === 'before'),
        visit.scheduledDate,
      ).toHaveLength(1);
      expect(
        own.filter((photo) => photo.photoType === 'after'),
        visit.scheduledDate,
      ).toHaveLength(1);
      for (const photo of own) {
        expect(photo.variantWidths).toEqual([400, 1200]);
        expect(photo.uploadDate.getTime()).toBe(photo.takenAt!.getTime());
        expect(photo.takenAt! > visit.checkedInAt! && photo.takenAt! < visit.checkedOutAt!).toBe(true);
      }
    }
    const [issue] = await database.db.select().from(siteIssues);
    expect(issue).toMatchObject({ issueType: 'illegal_dumping' });
    expect(visitPhotos.filter((photo) => photo.siteIssueId === issue!.id)).toHaveLength(1);
    expect((await database.db.select().from(visits).where(gte(visits.scheduledDate, today))).length).toBeGreaterThan(20);
    const crew = await database.db.select().from(users).where(eq(users.role, 'crew'));
    expect(crew.map((member) => member.firstName).sort()).toEqual(['Jada', 'Luis']);

    // One agreement, accepted by the demo's signer for 12 months, whose lines are the demo's own
    // plans (no second set), each priced per visit at its price-book service's price.
    const [customer] = await database.db.select().from(customers).where(eq(customers.email, 'office@southridgecommons.example'));
    const plans = await database.db.select().from(servicePlans);
    expect(plans).toHaveLength(5);
    const agreements = await database.db.select().from(serviceAgreements);
    expect(agreements).toMatchObject([{ customerId: customer!.id, term: '12-months', status: 'active' }]);
    const [agreement] = agreements;
    const firstPlanDay = plans.map((plan) => plan.startDate).sort()[0]!;
    expect(agreement!.startDate).toBe(lastMonth.start > firstPlanDay ? lastMonth.start : firstPlanDay);
    const [estimate] = await database.db.select().from(estimates).where(eq(estimates.id, agreement!.estimateId));
    expect(estimate).toMatchObject({ status: 'accepted', acceptedName: 'Dana Kowalski', acceptedTitle: 'Property Manager' });
    expect(estimate!.sentAt).not.toBeNull();
    // The evidence is the one acceptSentEstimate keeps: the hash of exactly this version with the choices.
    const sites = (await propertiesOfEstimates(database.db, [estimate!.id])).get(estimate!.id)!;
    expect(estimate!.acceptedHash).toBe(acceptedEstimateHash(hashedVersion(estimate!, sites), estimate!.acceptedChoices!));
    const lines = await database.db
      .select({ line: agreementLines, servicePrice: priceBookServices.priceCents })
      .from(agreementLines)
      .innerJoin(priceBookServices, eq(priceBookServices.id, agreementLines.serviceId))
      .where(eq(agreementLines.agreementId, agreement!.id));
    expect(lines.map(({ line }) => line.planId).sort()).toEqual(plans.map((plan) => plan.id).sort());
    for (const { line, servicePrice } of lines) {
      const plan = plans.find((candidate) => candidate.id === line.planId)!;
      expect(line).toMatchObject({ unit: 'visit', rrule: plan.rrule, propertyId: plan.propertyId, unitPriceCents: servicePrice });
      expect(line.unitPriceCents).toBeGreaterThan(0);
    }

    // Last month's invoice: sent with its number, a line for each of last month's completed visits
    // (from the agreement's start), its totals the sum of its lines, and its e-mail queued.
    const sent = await database.db.select().from(invoices).where(eq(invoices.customerId, customer!.id));
    expect(sent).toMatchObject([{ status: 'sent', periodStart: lastMonth.start, periodEnd: lastMonth.end, issuedOn: today }]);
    const [invoice] = sent;
    expect(invoice!.number).toMatch(/^\d{4}-\d{5}$/);
    expect(printed).toContain(`Last month's invoice: ${invoice!.number}, sent (in the console's Invoices and the portal's).`);
    const billed = await database.db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, invoice!.id));
    const lastMonthDone = done.filter((visit) => visit.scheduledDate >= agreement!.startDate && visit.scheduledDate <= lastMonth.end);
    expect(lastMonthDone.length).toBeGreaterThan(0);
    expect(billed.map((line) => line.visitId).sort()).toEqual(lastMonthDone.map((visit) => visit.id).sort());
    for (const line of billed) {
      const visit = lastMonthDone.find((candidate) => candidate.id === line.visitId)!;
      expect(line).toMatchObject({ kind: 'visit', serviceDate: visit.scheduledDate, verified: visit.checkInLocationStatus === 'verified' });
      expect(line.agreementLineId).toBe(lines.find(({ line: own }) => own.planId === visit.planId)!.line.id);
    }
    const sum = (pick: (line: (typeof billed)[number]) => number) => billed.reduce((total, line) => total + pick(line), 0);
    expect(invoice).toMatchObject({
      subtotalCents: sum((line) => line.amountCents),
      discountCents: sum((line) => line.discountCents),
      taxCents: sum((line) => line.taxCents),
      totalCents: sum((line) => line.amountCents) - sum((line) => line.discountCents) + sum((line) => line.taxCents),
    });
    expect(invoice!.totalCents).toBeGreaterThan(0);
    const mail = await database.db.select().from(emailOutbox);
    expect(mail).toMatchObject([{ toAddress: 'demo@southridgecommons.example', subject: expect.stringContaining(invoice!.number!) }]);
    await database.close();

    // Again: nothing new, and the invoice is not approved again.
    const before = await tableCounts(where.DATA_DIR);
    await run(['seed-demo'], where);
    expect(await tableCounts(where.DATA_DIR)).toEqual(before);
    const again = await openDatabase({ dataDir: where.DATA_DIR });
    expect(await again.db.select().from(invoices)).toEqual(sent);
    await again.close();
  }, 180_000); // it processes every demo photo (two months of visits) with sharp: slow on a busy machine

  it('exits non-zero from the command line', () => {
    const result = spawnSync(process.execPath, [...nodeArgs('admin'), 'frobnicate'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, ...env() },
    });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('Unknown command "frobnicate".');
    expect(result.stderr).toContain('Usage: npm run admin -- <command>');
  });
});

describe('operator commands and the server’s database', () => {
  const MATCH = "DATA_DIR or DATABASE_URL must be the server's";
  /** A DATA_DIR no server has used: the folder does not even exist. */
  const unused = () => ({ DATA_DIR: path.join(mkdtempSync(path.join(tmpdir(), 'cli-none-')), 'data') });

  it.each([
    [['sign-in-link', 'owner@lakeshorelotcare.com']],
    [['reset-passkeys', 'owner@lakeshorelotcare.com']],
    [['import', exampleFile]],
  ])('%j refuses to make a database, says where it looked, and leaves no folder behind', async (args) => {
    const where = unused();
    const refused = run(args, where);
    await expect(refused).rejects.toThrow(
      `${args[0]} found no database to use: the embedded database (PGlite) in ${where.DATA_DIR} (DATA_DIR) does not exist`,
    );
    await expect(refused).rejects.toThrow(MATCH);
    await expect(refused).rejects.toThrow(/Nothing was changed\.$/);
    expect(existsSync(where.DATA_DIR)).toBe(false);
  });

  it('lets create-staff, seed-demo and migrate set up a fresh install, saying they made a new database', async () => {
    const where = unused();
    const created = await run(['create-staff', 'owner@lakeshorelotcare.com', '--no-invite'], where);
    expect(created).toEqual([
      `There was no database yet, so this made a new one: the embedded database (PGlite) in ${where.DATA_DIR} (DATA_DIR). ` +
        'Start the server with the same settings (DATA_DIR or DATABASE_URL), or it will not see it.',
      'Created staff user owner@lakeshorelotcare.com as owner.',
    ]);
    // The next command finds it, and says nothing about making one.
    const link = await run(['sign-in-link', 'owner@lakeshorelotcare.com'], where);
    expect(link[0]).toMatch(/^This link signs in once and expires in \d+ minutes:$/);
    for (const command of ['migrate', 'seed-demo']) {
      const lines = await run([command], unused());
      expect(lines[0]).toMatch(/^There was no database yet, so this made a new one: the embedded database \(PGlite\) in /);
    }
  }, 120_000); // seed-demo processes every demo photo (two months of visits) with sharp

  it('from the command line, without DATA_DIR in a folder with no data, exits 1 and names ./data', () => {
    const cwd = mkdtempSync(path.join(tmpdir(), 'cli-cwd-'));
    const env: NodeJS.ProcessEnv = { ...process.env };
    delete env.DATA_DIR;
    delete env.DATABASE_URL;
    const result = spawnSync(process.execPath, [...nodeArgs('admin'), 'sign-in-link', 'owner@lakeshorelotcare.com'], {
      cwd,
      encoding: 'utf8',
      env,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      `Error: sign-in-link found no database to use: the embedded database (PGlite) in ${path.join(cwd, 'data')}`,
    );
    expect(result.stderr).toContain(MATCH);
    expect(result.stdout).toBe('');
    expect(existsSync(path.join(cwd, 'data'))).toBe(false);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'on PostgreSQL, refuses a database no server has set up, and names it without the password',
    async () => {
      const empty = await createEmptyPostgresDatabase(process.env.TEST_DATABASE_URL!, 'cli_empty');
      try {
        const name = new URL(empty.url).pathname.slice(1);
        const where = { DATABASE_URL: empty.url };
        const refused = run(['sign-in-link', 'owner@lakeshorelotcare.com'], where);
        await expect(refused).rejects.toThrow(`sign-in-link found no database to use: the PostgreSQL database "${name}" on `);
        await expect(refused).rejects.toThrow(/has none of the app's tables/);
        await expect(refused).rejects.toThrow(MATCH);
        const created = await run(['create-staff', 'owner@lakeshorelotcare.com', '--no-invite'], where);
        expect(created[0]).toMatch(
          new RegExp(`^The database had none of the app's tables yet, so this made them: the PostgreSQL database "${name}" on `),
        );
        expect(created[1]).toBe('Created staff user owner@lakeshorelotcare.com as owner.');
      } finally {
        await empty.drop();
      }
    },
  );
});

describe('operator commands while the server runs on PGlite', () => {
  it('go through the server’s socket, and imported photos are served without their GPS data', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'cli-live-'));
    await createTestDataDir(dataDir);
    const server = startServer({ DATA_DIR: dataDir }, await freePort());
    await waitUntilReady(server);
    try {
      const result = spawnSync(process.execPath, [...nodeArgs('admin'), 'seed-demo'], {
        cwd: root,
        encoding: 'utf8',
        env: { ...process.env, DATA_DIR: dataDir, APP_URL: server.url },
      });
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
      const link = result.stdout.trim().split('\n').at(-1)!;
      expect(link).toMatch(/\/login\/verify\?token=/);
      const email = /Sign in as (\S+) with this link/.exec(result.stdout)![1];

      // Sign in through the running server with that link (no browser asked for it, so with the
      // account's address, as the verify page sends it) and fetch a photo.
      const token = new URL(link).searchParams.get('token');
      const signIn = await fetch(`${server.url}/api/auth/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token, email }),
      });
      expect(signIn.status).toBe(200);
      const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
      const properties = (await (await fetch(`${server.url}/api/customer/properties`, { headers: { cookie } })).json()) as Array<{
        id: string;
        name: string;
      }>;
      const retail = properties.find((p) => p.name === 'Southridge Commons Retail Center')!;
      const list = (await (await fetch(`${server.url}/api/properties/${retail.id}/photos`, { headers: { cookie } })).json()) as Array<{
        imageUrl: string;
      }>;
      // The demo's own two, and a before and an after for each completed visit of its month.
      expect(list.length).toBeGreaterThanOrEqual(2);
      for (const { imageUrl } of list) {
        const image = Buffer.from(await (await fetch(`${server.url}${imageUrl}`, { headers: { cookie } })).arrayBuffer());
        const metadata = await sharp(image).metadata();
        expect(metadata.format).toBe('webp');
        expect(metadata.exif).toBeUndefined();
        expect(image.includes(Buffer.from('Lakeshore Field Phone'))).toBe(false);
      }
    } finally {
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    }
    // The example photos did carry GPS before import.
    const original = await sharp(path.join(root, 'docs/examples/photos/retail-lot-before.jpg')).metadata();
    expect(original.exif).toBeDefined();
  }, 150_000); // it starts a server and seeds the demo through it (two months of visits): slow on a busy machine
});

describe('move-photos-to-s3', () => {
  let s3: S3Server;
  beforeAll(async () => {
    s3 = await startS3();
  });
  afterAll(async () => {
    await s3.stop();
  });

  /** A DATA_DIR whose disk store holds these files (and one abandoned temporary write). */
  async function dataDirWith(files: Record<string, string>) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'cli-move-'));
    const disk = diskStorage(path.join(dataDir, 'photos'));
    for (const [key, content] of Object.entries(files)) await disk.put(key, Buffer.from(content));
    writeFileSync(path.join(dataDir, 'photos', 'abandoned.webp.4242.0123456789ab.tmp'), 'half a write');
    return dataDir;
  }
  /** The bucket's bytes of each key (null when absent). */
  const inBucket = async (keys: string[]) => {
    const bucket = s3Storage(loadConfig(s3.env).s3!);
    return Object.fromEntries(await Promise.all(keys.map(async (key) => [key, (await bucket.get(key))?.toString() ?? null])));
  };

  it('copies every file, skips those already there, re-copies a damaged one, verifies each, and keeps the disk copies', async () => {
    const prefix = `run-${Date.now()}`;
    const files = {
      [`${prefix}/properties/p1/u1/400.webp`]: 'p1 small',
      [`${prefix}/properties/p1/u1/1200.webp`]: 'p1 large',
      [`${prefix}/properties/p2/u2/400.webp`]: 'p2 small',
      [`${prefix}/notes/kept-by-hand.txt`]: 'not a photo, still the store’s',
    };
    const dataDir = await dataDirWith(files);
    const root = path.join(dataDir, 'photos');
    // An earlier run that was interrupted: one file arrived whole, one damaged.
    const bucket = s3Storage(loadConfig(s3.env).s3!);
    await bucket.put(`${prefix}/properties/p1/u1/400.webp`, Buffer.from('p1 small'));
    await bucket.put(`${prefix}/properties/p1/u1/1200.webp`, Buffer.from('p1 lar'));

    const first = await run(['move-photos-to-s3'], { DATA_DIR: dataDir, ...s3.env });
    expect(first).toEqual([
      `Copying the photo files under ${root} to S3 bucket "photos" at ${s3.endpoint}.`,
      `  replaced ${prefix}/properties/p1/u1/1200.webp: the bucket held different bytes`,
      'Done: 4 files, 3 copied, 1 already there, 0 failed (1 of the copied replaced a different copy in the bucket).',
      'Each copy was read back from the bucket and its SHA-256 matched the file on disk.',
      `The files under ${root} were not deleted. Remove them yourself once every server runs with S3_BUCKET set.`,
    ]);
    expect(await inBucket(Object.keys(files))).toEqual(files);
    expect(await s3.keys(`${prefix}/properties/p1/u1/`)).toEqual([
      `${prefix}/properties/p1/u1/1200.webp`,
      `${prefix}/properties/p1/u1/400.webp`,
    ]);
    for (const key of Object.keys(files)) expect(existsSync(path.join(root, key))).toBe(true);

    const again = await run(['move-photos-to-s3'], { DATA_DIR: dataDir, ...s3.env });
    expect(again.slice(1)).toEqual([
      'Done: 4 files, 0 copied, 4 already there, 0 failed.',
      `The files under ${root} were not deleted. Remove them yourself once every server runs with S3_BUCKET set.`,
    ]);
  });

  it('prints progress every 100 files, and puts the keys under S3_PREFIX', async () => {
    const files = Object.fromEntries(Array.from({ length: 103 }, (_, i) => [`properties/p3/u${i}/400.webp`, `photo ${i}`]));
    const dataDir = await dataDirWith(files);
    const env = { DATA_DIR: dataDir, ...s3.env, S3_PREFIX: `progress-${Date.now()}` };
    const lines = await run(['move-photos-to-s3'], env);
    expect(lines[0]).toBe(
      `Copying the photo files under ${path.join(dataDir, 'photos')} to S3 bucket "photos" at ${s3.endpoint} under "${env.S3_PREFIX}/".`,
    );
    expect(lines[1]).toMatch(/^ {2}100 of 103 files: \d+ copied, 0 already there, 0 failed$/);
    expect(lines[2]).toBe('Done: 103 files, 103 copied, 0 already there, 0 failed.');
    expect(await s3.keys(`${env.S3_PREFIX}/`)).toHaveLength(103);
  });

  it('reports each file that failed, exits with an error, and copies the rest; a second run finishes the job', async () => {
    const prefix = `failing-${Date.now()}`;
    const files = {
      [`${prefix}/properties/p1/u1/400.webp`]: 'one',
      [`${prefix}/properties/p1/u1/1200.webp`]: 'two',
      [`${prefix}/properties/p1/u1/2048.webp`]: 'three',
    };
    const dataDir = await dataDirWith(files);
    const env = { DATA_DIR: dataDir, ...s3.env };
    const bucket = s3Storage(loadConfig(s3.env).s3!);
    // A bucket that loses one write, and one that keeps damaged bytes.
    const flaky: PhotoStorage = {
      ...bucket,
      async put(key, data) {
        if (key.endsWith('/400.webp')) throw new Error('connect ETIMEDOUT');
        await bucket.put(key, key.endsWith('/2048.webp') ? Buffer.concat([data, Buffer.from('!')]) : data);
      },
    };
    const lines: string[] = [];
    await expect(runCommand(['move-photos-to-s3'], loadConfig(env), (line) => lines.push(line), { photoStorage: flaky })).rejects.toThrow(
      '2 of 3 files were not copied (listed above). Run move-photos-to-s3 again: the files already in the bucket are skipped.',
    );
    expect(lines.filter((line) => line.startsWith('  failed')).sort()).toEqual([
      `  failed ${prefix}/properties/p1/u1/2048.webp: the copy read back has a different SHA-256 than the file`,
      `  failed ${prefix}/properties/p1/u1/400.webp: connect ETIMEDOUT`,
    ]);
    expect(lines).toContain('Done: 3 files, 1 copied, 0 already there, 2 failed.');
    expect(await inBucket(Object.keys(files))).toEqual({
      [`${prefix}/properties/p1/u1/400.webp`]: null,
      [`${prefix}/properties/p1/u1/1200.webp`]: 'two',
      [`${prefix}/properties/p1/u1/2048.webp`]: 'three!',
    });

    const again = await run(['move-photos-to-s3'], env);
    expect(again).toContain(`  replaced ${prefix}/properties/p1/u1/2048.webp: the bucket held different bytes`);
    expect(again).toContain(
      'Done: 3 files, 2 copied, 1 already there, 0 failed (1 of the copied replaced a different copy in the bucket).',
    );
    expect(await inBucket(Object.keys(files))).toEqual(files);
  });

  it('says so when the bucket cannot be used, before copying anything', async () => {
    const dataDir = await dataDirWith({ 'properties/p1/u1/400.webp': 'x' });
    await expect(run(['move-photos-to-s3'], { DATA_DIR: dataDir, ...s3.env, S3_BUCKET: 'no-such-bucket' })).rejects.toThrow(
      'It does not exist (404): create it, or correct S3_BUCKET or S3_ENDPOINT.',
    );
  });

  it('refuses without S3_BUCKET, from the command line, saying what to set', () => {
    const result = spawnSync(process.execPath, [...nodeArgs('admin'), 'move-photos-to-s3'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cli-move-')), S3_BUCKET: '' },
    });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('move-photos-to-s3 copies the photos to the bucket that S3_BUCKET names, and S3_BUCKET is not set.');
    expect(result.stderr).toContain('Nothing was copied.');
    expect(result.stdout).toBe('');
  });
});
