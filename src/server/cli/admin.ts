/**
 * Operator commands: `npm run admin -- <command>`.
 *   create-staff <email> [--role owner|office|crew] [--first-name F] [--last-name L] [--no-invite]
 *   sign-in-link <email> [--return-to /path]
 *   reset-passkeys <email>
 *   import <file.json>
 *   seed-demo
 *   move-photos-to-s3
 *   migrate
 * They work with the server running or not, on PGlite and with DATABASE_URL. Only the commands that
 * set up a fresh install (create-staff, seed-demo, migrate) may make a new database, and say so;
 * the others refuse, saying where they looked (connect.ts).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod/mini';
import { STAFF_ROLES, isStaffRole, type StaffRole } from '../../shared/policy';
import {
  createSignInLink,
  findUserByEmail,
  homeOfRole,
  inviteStaffMember,
  landingFor,
  normalizeEmail,
  resetPasskeys,
  saveStaffUser,
} from '../modules/accounts';
import { recordAuditEvent } from '../modules/audit';
import { type EmailMessage, enqueueEmail } from '../modules/mail';
import {
  checkConfiguredPhotoStorage,
  configuredPhotoStorage,
  copyPhotoFiles,
  type CopyReport,
  photosDir,
  type PhotoStorage,
} from '../modules/photos';
import { INVITATION_DAYS, SIGN_IN_LINK_MINUTES } from '../../shared/constants';
import { loadConfig, type Config } from '../config';
import { MATCH_THE_SERVER, connectForCommand, type CommandDatabase } from './connect';
import { importPortalData, importSchema, type ImportReport } from './portal-data';
import { seedDemo } from './seed-demo';

class UsageError extends Error {}

const USAGE = `Usage: npm run admin -- <command>

Commands:
  create-staff <email> [--role owner|office|crew] [--first-name F] [--last-name L] [--no-invite]
                                                          create or update a staff user (role: office by
                                                          default; the first staff user is an owner); a new
                                                          one is e-mailed an invitation (7 days, once), and
                                                          its link is printed too
  sign-in-link <email> [--return-to /path]                print a one-time sign-in URL (to the user's home:
                                                          /crew, /admin or /customer-dashboard, unless
                                                          --return-to names one of their own pages)
  reset-passkeys <email>                                  for a staff member locked out (an owner whose
                                                          passkey is lost, with no other owner to reset
                                                          it): remove their passkeys and recovery codes,
                                                          end their sessions, and print a sign-in link;
                                                          the console then asks for a new passkey
  import <file.json>                                      import customers, properties and photos
  seed-demo                                               load a demo customer (a month of work, an agreement
                                                          and last month's invoice) and print a sign-in link
  move-photos-to-s3                                       copy every photo file under DATA_DIR/photos to the
                                                          S3 bucket (S3_BUCKET), read each back to check its
                                                          SHA-256, skip those already there; run it again
                                                          after an interruption. The disk copies are kept
  migrate                                                 run the database migrations this release needs
                                                          (as the database owner when the servers run with
                                                          MIGRATE_AT_START=false; see docs/deploy.md)

Give every command the server's DATA_DIR (by default ./data in the current folder) or DATABASE_URL.
Only create-staff, seed-demo and migrate make a database where there is none, and say so.`;

const COMMANDS = ['create-staff', 'sign-in-link', 'reset-passkeys', 'import', 'seed-demo', 'move-photos-to-s3', 'migrate'];

const MOVE_NEEDS_BUCKET =
  'move-photos-to-s3 copies the photos to the bucket that S3_BUCKET names, and S3_BUCKET is not set. Set it with ' +
  'S3_REGION (and S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE as your service needs; ' +
  'see docs/operations.md), the same settings the servers will use. Nothing was copied.';

const count = (n: number) => n.toLocaleString('en-US');

/** move-photos-to-s3: every file of the disk store into the bucket, verified, with progress and a summary. */
async function movePhotosToS3(config: Config, print: (line: string) => void, target?: PhotoStorage): Promise<void> {
  const s3 = config.s3;
  if (!s3) throw new UsageError(MOVE_NEEDS_BUCKET);
  await checkConfiguredPhotoStorage(config);
  const root = photosDir(config.dataDir);
  const where = `S3 bucket "${s3.bucket}"${s3.endpoint ? ` at ${s3.endpoint}` : ''}${s3.prefix ? ` under "${s3.prefix}"` : ''}`;
  print(`Copying the photo files under ${root} to ${where}.`);
  const tally = (report: CopyReport) =>
    `${count(report.copied)} copied, ${count(report.alreadyThere)} already there, ${count(report.failed.length)} failed`;
  const report = await copyPhotoFiles(root, target ?? (await configuredPhotoStorage(config)), {
    done: (soFar, done) => {
      if (done % 100 === 0 && done < soFar.files) print(`  ${count(done)} of ${count(soFar.files)} files: ${tally(soFar)}`);
    },
    replaced: (key) => print(`  replaced ${key}: the bucket held different bytes`),
    failed: (key, reason) => print(`  failed ${key}: ${reason}`),
  });
  print(
    `Done: ${count(report.files)} files, ${tally(report)}` +
      (report.replaced ? ` (${count(report.replaced)} of the copied replaced a different copy in the bucket).` : '.'),
  );
  if (report.copied > 0) print('Each copy was read back from the bucket and its SHA-256 matched the file on disk.');
  print(`The files under ${root} were not deleted. Remove them yourself once every server runs with S3_BUCKET set.`);
  if (report.failed.length > 0)
    throw new Error(
      `${count(report.failed.length)} of ${count(report.files)} files were not copied (listed above). ` +
        'Run move-photos-to-s3 again: the files already in the bucket are skipped.',
    );
}

/** Commands whose job includes setting up a fresh install: they may make a new database (and say so). */
const MAY_CREATE_DATABASE = ['create-staff', 'seed-demo', 'migrate'];

function noteCreated({ created, where, database }: CommandDatabase, print: (line: string) => void) {
  if (!created) return;
  print(
    (database.kind === 'postgres'
      ? `The database had none of the app's tables yet, so this made them: ${where}.`
      : `There was no database yet, so this made a new one: ${where}.`) +
      ' Start the server with the same settings (DATA_DIR or DATABASE_URL), or it will not see it.',
  );
}

/** migrate: the pending migrations, under the lock the servers take at start; it says which ran. */
async function migrate(config: Config, print: (line: string) => void): Promise<void> {
  const connected = await connectForCommand(config, 'migrate', { migrate: true, mayCreate: true });
  const { database } = connected;
  noteCreated(connected, print);
  try {
    const ran = database.migrated;
    if (ran === undefined) print('The embedded database (PGlite) runs its migrations itself when it opens: it is up to date.');
    else if (ran.length === 0) print('The database is already up to date: no migration to run.');
    else print(`Applied ${ran.length === 1 ? '1 migration' : `${ran.length} migrations`}: ${ran.join(', ')}.`);
  } finally {
    await database.close();
  }
}

const emailSchema = z.string().check(z.trim(), z.email());

function requireEmail(value: string | undefined): string {
  const parsed = emailSchema.safeParse(value ?? '');
  if (!parsed.success) throw new UsageError(value ? `"${value}" is not a valid e-mail address.` : 'An e-mail address is required.');
  return normalizeEmail(parsed.data);
}

function requireStaffRole(value: string): StaffRole {
  if (!(STAFF_ROLES as readonly string[]).includes(value)) throw new UsageError(`--role must be one of ${STAFF_ROLES.join(', ')}.`);
  return value as StaffRole;
}

function describeReport(report: ImportReport): string {
  const part = (label: string, counts: Record<string, number>) =>
    `${label}: ${Object.entries(counts)
      .map(([key, n]) => `${n} ${key}`)
      .join(', ')}`;
  return [
    part('customers', report.customers),
    part('users', report.users),
    part('properties', report.properties),
    part('photos', report.photos),
    part('crew members', report.crew),
    part('service plans', report.plans),
  ].join('\n');
}

export interface CommandOptions {
  /** The photo store; by default the configured one (the S3 bucket, or DATA_DIR/photos). Tests pass one that fails. */
  photoStorage?: PhotoStorage;
}

export async function runCommand(
  argv: string[],
  config: Config,
  print: (line: string) => void,
  { photoStorage }: CommandOptions = {},
): Promise<void> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      'no-invite': { type: 'boolean' },
      'return-to': { type: 'string' },
      role: { type: 'string' },
    },
  });
  const [command, ...rest] = positionals;
  if (!command) throw new UsageError('A command is required.');
  if (!COMMANDS.includes(command)) throw new UsageError(`Unknown command "${command}".`);
  // The files and the bucket only: no database.
  if (command === 'move-photos-to-s3') return movePhotosToS3(config, print, photoStorage);

  let importFile: { data: z.infer<typeof importSchema>; dir: string } | undefined;
  if (command === 'import') {
    if (!rest[0]) throw new UsageError('import needs the path of a JSON file.');
    const file = path.resolve(rest[0]);
    let raw: string;
    try {
      raw = await readFile(file, 'utf8');
    } catch {
      throw new UsageError(`Cannot read ${file}.`);
    }
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch (error) {
      throw new UsageError(`${file} is not valid JSON: ${(error as Error).message}`);
    }
    const parsed = importSchema.safeParse(json);
    if (!parsed.success) {
      const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n');
      throw new UsageError(`${file} does not match the import format (docs/import-format.md):\n${problems}`);
    }
    importFile = { data: parsed.data, dir: path.dirname(file) };
  }
  const email = ['create-staff', 'sign-in-link', 'reset-passkeys'].includes(command) ? requireEmail(rest[0]) : undefined;
  const role = values.role === undefined ? undefined : requireStaffRole(values.role);

  if (command === 'migrate') return migrate(config, print);
  const connected = await connectForCommand(config, command, { mayCreate: MAY_CREATE_DATABASE.includes(command) });
  const { database, where } = connected;
  try {
    if (command === 'import' || command === 'seed-demo') await checkConfiguredPhotoStorage(config);
    const storage = photoStorage ?? (await configuredPhotoStorage(config));
    noteCreated(connected, print);
    switch (command) {
      case 'create-staff': {
        const saved = await saveStaffUser(database.db, {
          email: email!,
          role,
          firstName: values['first-name'] ?? null,
          lastName: values['last-name'] ?? null,
        });
        print(saved.created ? `Created staff user ${email} as ${saved.role}.` : `Updated ${email} as staff (${saved.role}).`);
        if (saved.overruled)
          print(`Kept as owner rather than ${saved.overruled}: someone must be able to manage staff, and there is no other owner.`);
        if (saved.signedOut) print(`Signed ${email} out everywhere: the new role applies from their next sign-in.`);
        if (saved.created && !values['no-invite']) {
          // Into the outbox: the running server sends it within seconds, a stopped one when it starts.
          const outbox = { send: (message: EmailMessage) => enqueueEmail(database.db, message) };
          const { link } = await inviteStaffMember(database.db, outbox, config.appUrl, saved.id, null);
          print(`Invitation to ${email} queued: the server e-mails it within seconds, or as soon as it starts.`);
          print(`It works once, for ${INVITATION_DAYS} days. Its link, if you would rather hand it over yourself:`);
          print(link);
        }
        break;
      }
      case 'sign-in-link': {
        const user = await findUserByEmail(database.db, email!);
        if (!user)
          throw new UsageError(
            `No user has the address ${email} in ${where}. ${MATCH_THE_SERVER} If it is, create the user with create-staff or import.`,
          );
        print(`This link signs in once and expires in ${SIGN_IN_LINK_MINUTES} minutes:`);
        print(await createSignInLink(database.db, config.appUrl, user.id, landingFor(user.role, values['return-to'])));
        break;
      }
      case 'reset-passkeys': {
        const user = await findUserByEmail(database.db, email!);
        if (!user || !isStaffRole(user.role))
          throw new UsageError(`No staff member has the address ${email} in ${where}. ${MATCH_THE_SERVER}`);
        const { passkeys } = await resetPasskeys(database.db, user.id);
        await recordAuditEvent(
          database.db,
          { id: null, role: null, ip: 'operator command', userAgent: '' },
          {
            kind: 'passkey',
            action: 'operator.reset-passkeys',
            outcome: 'ok',
            statusCode: 200,
            targetType: 'users',
            targetId: user.id,
            summary: `Reset by the operator (${passkeys} removed)`,
          },
        );
        print(
          `Removed ${passkeys} passkey${passkeys === 1 ? '' : 's'} and the recovery codes of ${email}, and signed them out everywhere.`,
        );
        print(`This link signs in once and expires in ${SIGN_IN_LINK_MINUTES} minutes; the console then asks for a new passkey:`);
        print(await createSignInLink(database.db, config.appUrl, user.id, homeOfRole(user.role)));
        break;
      }
      case 'import': {
        const report = await importPortalData(database.db, storage, importFile!.data, importFile!.dir, {
          horizonWeeks: config.visitHorizonWeeks,
        });
        print(describeReport(report));
        break;
      }
      case 'seed-demo': {
        const demo = await seedDemo(database.db, storage, { appUrl: config.appUrl, horizonWeeks: config.visitHorizonWeeks });
        print(describeReport(demo.report));
        if (demo.invoiceNumbers.length)
          print(`Last month's invoice: ${demo.invoiceNumbers.join(', ')}, sent (in the console's Invoices and the portal's).`);
        const user = await findUserByEmail(database.db, demo.email);
        print(`Demo customer ready. Sign in as ${demo.email} with this link (valid ${SIGN_IN_LINK_MINUTES} minutes, once):`);
        print(await createSignInLink(database.db, config.appUrl, user!.id, '/customer-dashboard'));
        break;
      }
    }
  } finally {
    await database.close();
  }
}

async function main() {
  try {
    // The commands only queue e-mails for the server to send, so they need no SMTP_URL of their own.
    await runCommand(process.argv.slice(2), loadConfig(process.env, { sendsMail: false }), (line) => console.log(line));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(error instanceof UsageError ? `${message}\n\n${USAGE}` : `Error: ${message}`);
    process.exitCode = error instanceof UsageError ? 2 : 1;
  }
}

if (process.argv[1] && /admin\.(ts|js)$/.test(process.argv[1])) void main();
