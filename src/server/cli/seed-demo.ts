import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../db/database';
import type { PhotoStorage } from '../modules/photos/photo-store';
import { importPortalData, importSchema, type ImportReport } from './portal-data';

/** The example import that ships with the project, found from here or from the built bundle. */
function demoFile(): string {
  for (let dir = import.meta.dirname; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'docs', 'examples', 'demo-import.json');
    if (existsSync(candidate)) return candidate;
  }
  throw new Error('docs/examples/demo-import.json was not found next to the project.');
}

/** Loads the demo customer (docs/examples/demo-import.json) and returns its user's address. */
export async function seedDemo(db: Db, storage: PhotoStorage): Promise<{ email: string; report: ImportReport }> {
  const file = demoFile();
  const data = importSchema.parse(JSON.parse(await readFile(file, 'utf8')));
  const report = await importPortalData(db, storage, data, path.dirname(file));
  return { email: data.customers[0]!.users![0]!.email, report };
}
