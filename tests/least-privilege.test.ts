import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { postContact } from '#test/load';
import { freePort, nodeArgs, startServer, stopServers, waitUntilReady } from '#test/server-process';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..');
const superuserUrl = process.env.TEST_DATABASE_URL;
const psql = ['/usr/bin/psql', '/usr/local/bin/psql'].find((file) => existsSync(file));

/** `npm run admin -- <args>` as the deploy guide runs it, with these settings. */
const admin = (env: Record<string, string>, ...args: string[]) =>
  run(process.execPath, [...nodeArgs('admin'), ...args], {
    cwd: root,
    env: { ...process.env, ...env },
  });

describe.runIf(superuserUrl && psql)('PostgreSQL with the deploy guide’s least-privilege roles', () => {
  it('migrates as the owner, refuses to start the app role on a schema behind its release, then serves as the app role', async () => {
    const suffix = randomBytes(4).toString('hex');
    const names = { owner_role: `lk_owner_${suffix}`, app_role: `lk_app_${suffix}`, database: `lk_deploy_${suffix}` };
    const variables = Object.entries({ ...names, owner_password: 'owner-pw', app_password: 'app-pw' }).flatMap(([name, value]) => [
      '-v',
      `${name}=${value}`,
    ]);
    // deploy/postgres-roles.sql, exactly as docs/deploy.md runs it.
    await run(psql!, [
      '-X',
      '-q',
      '-v',
      'ON_ERROR_STOP=1',
      ...variables,
      '-d',
      superuserUrl!,
      '-f',
      path.join(root, 'deploy/postgres-roles.sql'),
    ]);
    const urlAs = (role: string, password: string) => {
      const url = new URL(superuserUrl!);
      url.username = role;
      url.password = password;
      url.pathname = `/${names.database}`;
      return url.toString();
    };
    const ownerUrl = urlAs(names.owner_role, 'owner-pw');
    const appUrl = urlAs(names.app_role, 'app-pw');
    const app = new pg.Client({ connectionString: appUrl });
    try {
      const settings = { DATABASE_URL: appUrl, MIGRATE_AT_START: 'false', LOG_LEVEL: 'warn' };

      // Before any migration, the app role's instance refuses to start, and says what to do.
      const early = startServer(settings, await freePort());
      expect(await early.exited).toBe(1);
      expect(early.output()).toMatch(
        /The database lacks \d+ migrations this release needs \(0000_init, .*Run them as the database owner, `npm run admin -- migrate`/s,
      );

      // The app role may not migrate…
      await expect(admin({ DATABASE_URL: appUrl }, 'migrate')).rejects.toThrow(
        /This database role may not change the schema.*MIGRATE_AT_START=false/s,
      );
      // …the owner does, once; a second run finds nothing to do.
      const migrated = await admin({ DATABASE_URL: ownerUrl }, 'migrate');
      expect(migrated.stdout).toMatch(/^Applied \d+ migrations: 0000_init, /m);
      expect((await admin({ DATABASE_URL: ownerUrl }, 'migrate')).stdout).toMatch(/already up to date/);

      // Two instances as the app role start without migrating, and take and list quote requests.
      const servers = [startServer(settings, await freePort()), startServer(settings, await freePort())];
      try {
        await Promise.all(servers.map((server) => waitUntilReady(server)));
        for (const server of servers) expect((await postContact(server.url)).status).toBe(201);
      } finally {
        expect(await stopServers(...servers)).toEqual([0, 0]);
      }

      // The app role reads and writes rows, and cannot change the schema or make databases or roles.
      await app.connect();
      expect(Number((await app.query('select count(*) as n from quote_requests')).rows[0].n)).toBe(2);
      await expect(app.query('create table intruder (id int)')).rejects.toThrow(/permission denied/);
      await expect(app.query('drop table quote_requests')).rejects.toThrow(/must be owner/);
      await expect(app.query('alter table users add column is_admin boolean')).rejects.toThrow(/must be owner/);
      await expect(app.query('create database intruder')).rejects.toThrow(/permission denied to create database/);
      await expect(app.query('create role intruder')).rejects.toThrow(/permission denied to create role/);
    } finally {
      await app.end().catch(() => {});
      const superuser = new pg.Client({ connectionString: superuserUrl });
      await superuser.connect();
      await superuser.query(`drop database if exists "${names.database}" with (force)`);
      await superuser.query(`drop role if exists "${names.app_role}"`);
      await superuser.query(`drop role if exists "${names.owner_role}"`);
      await superuser.end();
    }
  }, 120_000);
});
