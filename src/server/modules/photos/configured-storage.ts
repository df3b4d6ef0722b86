import path from 'node:path';
import type { Config } from '../../config';
import { diskStorage, type PhotoStorage } from './photo-store';

/** Where the disk store keeps photos: DATA_DIR/photos. */
export const photosDir = (dataDir: string) => path.join(dataDir, 'photos');

/**
 * The store the settings name: the S3 bucket when S3_BUCKET is set, else the files under
 * DATA_DIR/photos. The AWS SDK is loaded only when a bucket is configured.
 */
export async function configuredPhotoStorage(config: Pick<Config, 'dataDir' | 's3'>): Promise<PhotoStorage> {
  if (!config.s3) return diskStorage(photosDir(config.dataDir));
  const { s3Storage } = await import('./s3-storage');
  return s3Storage(config.s3);
}

/** At start, with S3_BUCKET set: the bucket answers, or an Error that says which setting to check. */
export async function checkConfiguredPhotoStorage(config: Pick<Config, 's3'>): Promise<void> {
  if (!config.s3) return;
  const { checkS3Bucket } = await import('./s3-storage');
  await checkS3Bucket(config.s3);
}
