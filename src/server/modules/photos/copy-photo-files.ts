import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { PhotoStorage } from './photo-store';

/** The disk store's temporary files (photo-store.ts): a write in progress or abandoned, never a photo. */
const TEMPORARY_FILE = /\.\d+\.[0-9a-f]{12}\.tmp$/;

/** Every file the disk store holds under `root`, as its storage key (`properties/<id>/<uuid>/400.webp`), sorted. */
export async function diskStorageKeys(root: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(root, { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return entries
    .filter((entry) => entry.isFile() && !TEMPORARY_FILE.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

export interface CopyReport {
  files: number;
  /** Written to the target and read back intact; `replaced` of them over a copy whose bytes differed. */
  copied: number;
  replaced: number;
  /** Already in the target with the same SHA-256 (an earlier, interrupted run). */
  alreadyThere: number;
  failed: Array<{ key: string; reason: string }>;
}

export interface CopyProgress {
  /** A file is done (after each), with the counts so far. */
  done?(report: CopyReport, doneCount: number): void;
  replaced?(key: string): void;
  failed?(key: string, reason: string): void;
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * Copies the files under `root` (the disk store's) to `target` under the same keys, and verifies
 * each by reading it back and comparing its SHA-256 with the file's. A key the target already
 * holds with the same bytes is skipped, so a run can be repeated after an interruption; one whose
 * bytes differ is copied again. The files on disk are left as they are. A few files at a time,
 * so a remote bucket's round trips overlap.
 */
export async function copyPhotoFiles(
  root: string,
  target: PhotoStorage,
  progress: CopyProgress = {},
  concurrency = 4,
): Promise<CopyReport> {
  const keys = await diskStorageKeys(root);
  const report: CopyReport = { files: keys.length, copied: 0, replaced: 0, alreadyThere: 0, failed: [] };
  let next = 0;
  let doneCount = 0;
  const copyOne = async (key: string) => {
    const data = await readFile(path.join(root, ...key.split('/')));
    const digest = sha256(data);
    const existing = await target.get(key);
    if (existing && sha256(existing) === digest) {
      report.alreadyThere += 1;
      return;
    }
    await target.put(key, data);
    const stored = await target.get(key);
    if (!stored) throw new Error('the copy is missing when read back');
    if (sha256(stored) !== digest) throw new Error('the copy read back has a different SHA-256 than the file');
    report.copied += 1;
    if (existing) {
      report.replaced += 1;
      progress.replaced?.(key);
    }
  };
  const worker = async () => {
    while (next < keys.length) {
      const key = keys[next++]!;
      try {
        await copyOne(key);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        report.failed.push({ key, reason });
        progress.failed?.(key, reason);
      }
      doneCount += 1;
      progress.done?.(report, doneCount);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, keys.length) }, worker));
  return report;
}
