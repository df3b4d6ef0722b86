import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';

const root = path.resolve(import.meta.dirname, '../..');

export interface S3Server {
  /** http://127.0.0.1:<port> */
  endpoint: string;
  bucket: string;
  /** The S3_* settings for a server process or loadConfig: this bucket, path-style, s3rver's fixed keys. */
  env: Record<string, string>;
  /** Every key in the bucket that starts with `prefix`, sorted (to see what a test stored or removed). */
  keys(prefix?: string): Promise<string[]>;
  stop(): Promise<void>;
}

/**
 * s3rver in a child process on a free loopback port (the OS picks it), with its files in a new
 * temporary directory and one empty bucket; stop() ends it and removes the files.
 *
 * A child process because s3rver signs its ListObjectsV2 continuation tokens with DES, which
 * Node's OpenSSL 3 only has with --openssl-legacy-provider (without it, the second page of any
 * listing is a 500); the flag stays in that process.
 */
export async function startS3({ bucket = 'photos' }: { bucket?: string } = {}): Promise<S3Server> {
  const directory = mkdtempSync(path.join(tmpdir(), 's3rver-'));
  const script = `
    const S3rver = require('s3rver');
    new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: process.env.S3RVER_DIRECTORY,
      configureBuckets: [{ name: process.env.S3RVER_BUCKET }] })
      .run().then(({ port }) => console.log('listening ' + port), (error) => { console.error(error); process.exit(1); });`;
  const child = spawn(process.execPath, ['--openssl-legacy-provider', '-e', script], {
    cwd: root,
    env: { ...process.env, S3RVER_DIRECTORY: directory, S3RVER_BUCKET: bucket },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const killOnExit = () => child.kill();
  process.on('exit', killOnExit);
  const port = await new Promise<number>((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      const match = /^listening (\d+)$/.exec(line);
      if (match) resolve(Number(match[1]));
    });
    void exited.then(() => reject(new Error(`s3rver exited before listening:\n${errors}`)));
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials });
  return {
    endpoint,
    bucket,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async keys(prefix = '') {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
        keys.push(...(page.Contents ?? []).map((object) => object.Key!));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys.sort();
    },
    async stop() {
      process.off('exit', killOnExit);
      client.destroy();
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
