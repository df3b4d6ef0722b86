import { createHash } from 'node:crypto';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { PhotoStorage } from './photo-store';

/** The S3_* settings (config.ts reads and checks them). */
export interface S3Settings {
  bucket: string;
  region: string;
  /** S3_ENDPOINT: an S3-compatible service's URL; undefined for Amazon S3 itself. */
  endpoint: string | undefined;
  /** S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY; undefined for the AWS SDK's default credential chain. */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** S3_FORCE_PATH_STYLE: `endpoint/bucket/key` rather than `bucket.endpoint/key` (most self-hosted services need it). */
  forcePathStyle: boolean;
  /** S3_PREFIX: put before every key, as `prefix/` ("" for none). */
  prefix: string;
}

/** S3 answers at most 1000 keys a page, and DeleteObjects takes at most 1000 keys. */
const MAX_KEYS = 1000;

export function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    // Without these the SDK waits on a silent endpoint for as long as the OS does (minutes).
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  });
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('base64');

const statusOf = (error: unknown) => (error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined);

/**
 * Photos in an S3-compatible bucket, under the same keys as on disk (after S3_PREFIX). Every put
 * carries the bytes' SHA-256, which S3 checks before it stores them (a damaged upload is refused
 * with BadDigest, never stored) and keeps beside the object; every get asks for it back, and the
 * SDK checks the bytes it receives against it.
 */
export function s3Storage(settings: S3Settings, { client = createS3Client(settings), pageSize = MAX_KEYS } = {}): PhotoStorage {
  const { bucket } = settings;
  const objectKey = (key: string) => {
    // The same refusal as the disk store's: keys are the server's own, and never climb out of their folder.
    if (!key || key.startsWith('/') || key.split('/').some((part) => part === '..' || part === '.' || part === ''))
      throw new Error(`invalid storage key ${key}`);
    return settings.prefix + key;
  };
  return {
    async put(key, data) {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: objectKey(key),
          Body: data,
          ChecksumSHA256: sha256(data),
          ContentType: contentType(key),
        }),
      );
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey(key), ChecksumMode: 'ENABLED' }));
        return Buffer.from(await object.Body!.transformToByteArray());
      } catch (error) {
        if (statusOf(error) === 404) return null;
        throw error;
      }
    },
    // Like the disk store's recursive rm: the object named `prefix` and every object under `prefix/`.
    async remove(prefix) {
      const folder = objectKey(prefix);
      let continuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: folder, MaxKeys: pageSize, ContinuationToken: continuationToken }),
        );
        const keys = (page.Contents ?? []).flatMap(({ Key }) => (Key === folder || Key?.startsWith(`${folder}/`) ? [{ Key }] : []));
        if (keys.length > 0) {
          const { Errors } = await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys, Quiet: true } }));
          if (Errors?.length)
            throw new Error(`S3 did not delete ${Errors.length} of ${keys.length} objects, first ${Errors[0]!.Key}: ${Errors[0]!.Code}`);
        }
        continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (continuationToken);
    },
  };
}

/** What the store holds: WebP variants, and (for anything else) plain bytes. */
const contentType = (key: string) => (key.endsWith('.webp') ? 'image/webp' : 'application/octet-stream');

/**
 * At start: the bucket answers, with these credentials, in this region. Throws an Error that
 * says what to check, for a person to read (main.ts prints it and exits).
 */
export async function checkS3Bucket(settings: S3Settings, client = createS3Client(settings)): Promise<void> {
  const where = `S3 bucket "${settings.bucket}" ${settings.endpoint ? `at ${settings.endpoint}` : `in ${settings.region}`}`;
  try {
    await client.send(new HeadBucketCommand({ Bucket: settings.bucket }));
  } catch (error) {
    throw new Error(`Photos cannot be stored: the ${where} cannot be used. ${s3Problem(error)}`, { cause: error });
  }
}

/** A failed S3 request in words: what went wrong and which setting to look at. */
function s3Problem(error: unknown): string {
  const status = statusOf(error);
  if (status === 404) return 'It does not exist (404): create it, or correct S3_BUCKET or S3_ENDPOINT.';
  if (status === 403)
    return (
      'Access was refused (403): check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (or the default AWS credentials) ' +
      'and that they may list, read, write and delete objects in the bucket.'
    );
  if (status === 301 || status === 400)
    return `It answered ${status}: check S3_REGION (the bucket may be in another region) and S3_FORCE_PATH_STYLE.`;
  if (status) return `It answered ${status}.`;
  const { name, message, code } = error as { name?: string; message?: string; code?: string };
  if (name === 'CredentialsProviderError')
    return 'No credentials were found: set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or configure the default AWS credentials.';
  return `It could not be reached (${code ?? name ?? 'error'}: ${message}): check S3_ENDPOINT and the network.`;
}
