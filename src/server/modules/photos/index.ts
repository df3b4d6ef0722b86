/** The photos module's public surface: what routes, jobs, the CLI, plugins and other modules may use. */
export { addPhoto } from './add-photo';
export { checkConfiguredPhotoStorage, configuredPhotoStorage, photosDir } from './configured-storage';
export { copyPhotoFiles } from './copy-photo-files';
export type { CopyReport } from './copy-photo-files';
export { photoJpeg } from './photo-jpeg';
export { MAX_UPLOAD_BYTES, PhotoRejectedError, processPhoto, variantKey } from './photo-store';
export type { PhotoStorage, ProcessedPhoto } from './photo-store';
export { photoDownload, photoFile, photosOfProperty, readPhotoFile, toPropertyPhoto, updatePhoto } from './photos.service';
export {
  BoundedQueue,
  PHOTO_PROCESSING_DEFAULTS,
  photoProcessing,
  PHOTOS_BUSY_MESSAGE,
  PHOTOS_BUSY_RETRY_SECONDS,
} from './processing-queue';
export type { PhotoProcessingLimits } from './processing-queue';
export type { S3Settings } from './s3-storage';
