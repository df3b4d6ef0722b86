import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../db/database';
import { monthBounds, previousMonth } from '../../shared/invoices';
import { localToday } from '../../shared/local-dates';
import { VISIT_HORIZON_WEEKS_DEFAULT } from '../../shared/visits';
import { approveAndSendInvoice, listInvoices, prepareInvoices } from '../modules/billing';
import { findCustomerByEmail } from '../modules/customers';
import type { MailContext } from '../modules/mail';
import type { PhotoStorage } from '../modules/photos';
import { playDemoMonth } from '../modules/plans';
import { propertiesOfCustomer } from '../modules/properties';
import { seedDemoAgreement } from './demo-agreement';
import { importPortalData, importSchema, type ImportReport } from './portal-data';

/** The example import that ships with the project, found from here or from the built bundle. */
function demoFile(): string {
  for (let dir = import.meta.dirname; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'docs', 'examples', 'demo-import.json');
    if (existsSync(candidate)) return candidate;
  }
  throw new Error('docs/examples/demo-import.json was not found next to the project.');
}

/** What the demo shows: its work, its agreement and last month's invoice. */
export interface SeedDemoOptions {
  /** APP_URL: the links in the invoice's e-mail. */
  appUrl: URL;
  horizonWeeks?: number;
  today?: string;
}

/**
 * Loads the demo customer, its crew and plans (docs/examples/demo-import.json); gives it a service
 * agreement with prices for those plans (demo-agreement.ts); plays its work from the first day of
 * last month up to yesterday (visits done with photos, one skipped, one missed, a site issue); and
 * bills last month as the console's "Prepare invoices" and "Approve and send" do, so the demo
 * shows a company that has been running for a month, with a real invoice. Run again, it adds
 * nothing. Returns the customer user's address.
 */
export async function seedDemo(
  db: Db,
  storage: PhotoStorage,
  options: SeedDemoOptions,
): Promise<{ email: string; report: ImportReport; visitsWorked: number; invoiceNumbers: string[] }> {
  const file = demoFile();
  const data = importSchema.parse(JSON.parse(await readFile(file, 'utf8')));
  const horizonWeeks = options.horizonWeeks ?? VISIT_HORIZON_WEEKS_DEFAULT;
  const today = options.today ?? localToday();
  const report = await importPortalData(db, storage, data, path.dirname(file), { horizonWeeks });
  const demoCustomer = data.customers[0]!;
  const email = demoCustomer.users![0]!.email;
  await seedDemoAgreement(db, { customerEmail: demoCustomer.email, signerEmail: email, today });
  const customer = await findCustomerByEmail(db, demoCustomer.email);
  const propertyIds = customer ? (await propertiesOfCustomer(db, customer.id)).map((property) => property.id) : [];
  const { worked } = await playDemoMonth(db, storage, {
    propertyIds,
    photoDir: path.join(path.dirname(file), 'photos'),
    horizonWeeks,
    today,
  });
  const invoiceNumbers = customer ? await billLastMonth(db, options.appUrl, customer.id, today) : [];
  return { email, report, visitsWorked: worked, invoiceNumbers };
}

/**
 * Last month's billing run (every customer's draft, as the console's "Prepare invoices" makes
 * them), then the demo customer's drafts approved and sent: numbered, with the e-mail queued for
 * the server to send. An invoice sent already is left as it is; with no work to bill last month
 * (a clock before the plans start) there is none. Answers the numbers of the demo's invoices.
 */
async function billLastMonth(db: Db, appUrl: URL, customerId: string, today: string): Promise<string[]> {
  const month = previousMonth(today);
  await prepareInvoices(db, monthBounds(month));
  // The operator command only queues the e-mail: the running server sends it within seconds, a stopped one when it starts.
  const mail: MailContext = { appUrl, staffNotifyEmails: [], queued: () => {} };
  for (const invoice of await listInvoices(db, { customerId, month }, today)) {
    if (invoice.status === 'draft') await approveAndSendInvoice(db, mail, invoice.id, null, today);
  }
  return (await listInvoices(db, { customerId, month }, today)).flatMap((invoice) => (invoice.number ? [invoice.number] : []));
}
