/**
 * Operator commands: `npm run admin -- <command>`.
 *   create-staff <email> [--role owner|office|crew] [--first-name F] [--last-name L] [--no-invite]
 *   sign-in-link <email> [--return-to /path]
 *   reset-passkeys <email>
 *   import <file.json>
 *   seed-demo
 * They work with the server running or not, on PGlite and with DATABASE_URL.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod/mini';
import { STAFF_ROLES, isStaffRole, type StaffRole } from '../../shared/policy';
import { resetPasskeys } from '../modules/accounts/passkeys';
import { recordAuditEvent } from '../modules/audit/audit-log';
import { createSignInLink, findUserByEmail, normalizeEmail } from '../modules/accounts/sign-in-links';
import { saveStaffUser } from '../modules/accounts/staff';
import { inviteStaffMember } from '../modules/accounts/users.service';
import { enqueueEmail, type EmailMessage } from '../modules/mail/outbox';
import { INVITATION_DAYS, SIGN_IN_LINK_MINUTES } from '../../shared/constants';
import { loadConfig, type Config } from '../config';
import type { Database } from '../db/database';
import { diskStorage } from '../modules/photos/photo-store';
import { connectForCommand } from './connect';
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
  sign-in-link <email> [--return-to /path]                print a one-time sign-in URL
  reset-passkeys <email>                                  for a staff member locked out (an owner whose
                                                          passkey is lost, with no other owner to reset
                                                          it): remove their passkeys and recovery codes,
                                                          end their sessions, and print a sign-in link;
                                                          the console then asks for a new passkey
  import <file.json>                                      import customers, properties and photos
  seed-demo                                               load a demo customer and print a sign-in link`;

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

export async function runCommand(argv: string[], config: Config, print: (line: string) => void): Promise<void> {
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
  if (!['create-staff', 'sign-in-link', 'reset-passkeys', 'import', 'seed-demo'].includes(command))
    throw new UsageError(`Unknown command "${command}".`);

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

  const database: Database = await connectForCommand(config);
  const storage = diskStorage(path.join(config.dataDir, 'photos'));
  try {
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
        if (!user) throw new UsageError(`No user has the address ${email}. Create one with create-staff or import.`);
        print(`This link signs in once and expires in ${SIGN_IN_LINK_MINUTES} minutes:`);
        print(await createSignInLink(database.db, config.appUrl, user.id, values['return-to'] ?? '/customer-dashboard'));
        break;
      }
      case 'reset-passkeys': {
        const user = await findUserByEmail(database.db, email!);
        if (!user || !isStaffRole(user.role)) throw new UsageError(`No staff member has the address ${email}.`);
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
        print(await createSignInLink(database.db, config.appUrl, user.id, user.role === 'crew' ? '/crew' : '/admin'));
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
        const { email: demoEmail, report } = await seedDemo(database.db, storage, { horizonWeeks: config.visitHorizonWeeks });
        print(describeReport(report));
        const user = await findUserByEmail(database.db, demoEmail);
        print(`Demo customer ready. Sign in as ${demoEmail} with this link (valid ${SIGN_IN_LINK_MINUTES} minutes, once):`);
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
