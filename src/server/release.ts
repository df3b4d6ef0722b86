import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { clientManifestFile } from './first-screen-page';

/**
 * The name of a client build (shared/release.ts): the start of the SHA-256 of Vite's manifest,
 * which lists every file of the build by its hashed name. scripts/build.ts writes it into each
 * entry's shell; the server works it out again at start from the same file.
 */
export const releaseOfManifest = (manifestText: string) => createHash('sha256').update(manifestText).digest('hex').slice(0, 12);

/** The release in `clientDir`, or null without a build (API-only tests, development). */
export function readRelease(clientDir: string): string | null {
  const file = clientManifestFile(clientDir);
  return existsSync(file) ? releaseOfManifest(readFileSync(file, 'utf8')) : null;
}
