import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../db/database';
import { VISIT_HORIZON_WEEKS_DEFAULT } from '../../shared/visits';
import { findCustomerByEmail } from '../modules/customers';
import type { PhotoStorage } from '../modules/photos';
import { playDemoMonth } from '../modules/plans';
import { propertiesOfCustomer } from '../modules/properties';
import { importPortalData, importSchema, type ImportReport } from './portal-data';

/** The example import that ships with the project, found from here or from the built bundle. */
function demoFile(): string {
  for (let dir = import.meta.dirname; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'docs', 'examples', 'demo-import.json');
    if (existsSync(candidate)) return candidate;
  }
  throw new Error('docs/examples/demo-import.json was not found next to the project.');
}

/**
 * Loads the demo customer, its crew and plans (docs/examples/demo-import.json), then plays the last
 * four weeks of their work (visits done with photos, one skipped, one missed, a site issue), so the
 * demo looks like a company that has been running for a month. Returns the customer user's address.
 */
export async function seedDemo(
  db: Db,
  storage: PhotoStorage,
  options: { horizonWeeks?: number; today?: string } = {},
): Promise<{ email: string; report: ImportReport; visitsWorked: number }> {
  const file = demoFile();
  const data = importSchema.parse(JSON.parse(await readFile(file, 'utf8')));
  const horizonWeeks = options.horizonWeeks ?? VISIT_HORIZON_WEEKS_DEFAULT;
  const report = await importPortalData(db, storage, data, path.dirname(file), { horizonWeeks });
  const customer = await findCustomerByEmail(db, data.customers[0]!.email);
  const propertyIds = customer ? (await propertiesOfCustomer(db, customer.id)).map((property) => property.id) : [];
  const { worked } = await playDemoMonth(db, storage, {
    propertyIds,
    photoDir: path.join(path.dirname(file), 'photos'),
    horizonWeeks,
    today: options.today,
  });
  return { email: data.customers[0]!.users![0]!.email, report, visitsWorked: worked };
}
