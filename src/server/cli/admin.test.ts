import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { emailOutbox, signInTokens, users } from '../db/schema';
import { hashToken } from '../modules/accounts/tokens';
import { runCommand } from './admin';
import { createTestDatabase } from '#test/database';
import { freePort, startServer, waitUntilReady } from '#test/server-process';

const root = path.resolve(import.meta.dirname, '../../..');
const exampleFile = path.join(root, 'docs/examples/demo-import.json');

async function run(args: string[], env: Record<string, string>) {
  const lines: string[] = [];
  await runCommand(args, loadConfig({ APP_URL: 'http://localhost:3000', ...env }), (line) => lines.push(line));
  return lines;
}

const targets: Array<[string, () => Promise<{ env: Record<string, string>; done(): Promise<void> }>]> = [
  ['PGlite', async () => ({ env: { DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cli-')) }, done: async () => {} })],
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
      'customers: 1 created, 0 updated, 0 unchanged\nusers: 1 created, 0 updated, 0 unchanged\nproperties: 4 created, 0 updated, 0 unchanged\nphotos: 6 created, 0 unchanged',
    ]);
    const second = await run(['import', exampleFile], env);
    expect(second).toEqual([
      'customers: 0 created, 0 updated, 1 unchanged\nusers: 0 created, 0 updated, 1 unchanged\nproperties: 0 created, 0 updated, 4 unchanged\nphotos: 0 created, 6 unchanged',
    ]);
    await done();
  });

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
    ]);
    // With another owner, an owner may step down; the last owner may not.
    expect(await run(['create-staff', 'jo@lakeshorelotcare.com', '--role', 'office'], env)).toEqual([
      'Updated jo@lakeshorelotcare.com as staff (office).',
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

describe('operator command errors', () => {
  const env = () => ({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cli-')) });

  it.each([
    [[], 'A command is required.'],
    [['frobnicate'], 'Unknown command "frobnicate".'],
    [['create-staff'], 'An e-mail address is required.'],
    [['create-staff', 'not-an-email'], '"not-an-email" is not a valid e-mail address.'],
    [['create-staff', 'boss@lakeshorelotcare.com', '--role', 'boss'], '--role must be one of owner, office, crew.'],
    [['sign-in-link', 'nobody@example.com'], 'No user has the address nobody@example.com.'],
    [['import'], 'import needs the path of a JSON file.'],
    [['import', '/nonexistent/file.json'], 'Cannot read /nonexistent/file.json.'],
  ])('%j fails with a clear message', async (args, message) => {
    await expect(run(args, env())).rejects.toThrow(message);
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
    await expect(run(['import', path.join(dir, 'photo.json')], env())).rejects.toThrow('note.jpg: This file is not an image we can read.');
  });

  it('exits non-zero from the command line', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'src/server/cli/admin.ts'), 'frobnicate'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, ...env() },
    });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('Unknown command "frobnicate".');
    expect(result.stderr).toContain('Usage: npm run admin -- <command>');
  });
});

describe('operator commands while the server runs on PGlite', () => {
  it('go through the server’s socket, and imported photos are served without their GPS data', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'cli-live-'));
    const server = startServer({ DATA_DIR: dataDir }, await freePort());
    await waitUntilReady(server);
    try {
      const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'src/server/cli/admin.ts'), 'seed-demo'], {
        cwd: root,
        encoding: 'utf8',
        env: { ...process.env, DATA_DIR: dataDir, APP_URL: server.url },
      });
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
      const link = result.stdout.trim().split('\n').at(-1)!;
      expect(link).toMatch(/\/login\/verify\?token=/);

      // Sign in through the running server with that link and fetch a photo.
      const token = new URL(link).searchParams.get('token');
      const signIn = await fetch(`${server.url}/api/auth/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token }),
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
      expect(list).toHaveLength(2);
      const image = Buffer.from(await (await fetch(`${server.url}${list[0]!.imageUrl}`, { headers: { cookie } })).arrayBuffer());
      const metadata = await sharp(image).metadata();
      expect(metadata.format).toBe('webp');
      expect(metadata.exif).toBeUndefined();
      expect(image.includes(Buffer.from('Lakeshore Field Phone'))).toBe(false);
    } finally {
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    }
    // The example photos did carry GPS before import.
    const original = await sharp(path.join(root, 'docs/examples/photos/retail-lot-before.jpg')).metadata();
    expect(original.exif).toBeDefined();
  }, 90_000); // it starts a server and runs three commands through tsx: slow on a busy machine
});
