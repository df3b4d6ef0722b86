import { chmodSync, mkdirSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAIL_REQUIRED_MESSAGE, TRUST_PROXY_TRUE_REFUSED } from '../src/server/config';
import { operatorSocketPath } from '../src/server/db/operator-socket';
import { startS3 } from '#test/s3';
import { createTestDataDir } from '#test/database';
import { freePort, startServer, waitForOutput, waitUntilReady } from '#test/server-process';

const tempDir = () => mkdtempSync(path.join(tmpdir(), 'startup-'));
/** A DATA_DIR whose database a first start has made already, so the server only opens it. */
async function usedDataDir() {
  const dataDir = tempDir();
  await createTestDataDir(dataDir);
  return dataDir;
}
const modeOf = (file: string) => statSync(file).mode & 0o777;

/** The real server (src/server/main.ts) as an operator starts it. */
describe('the server at start', () => {
  it('refuses to start on an https APP_URL without SMTP_URL, saying why', async () => {
    const server = startServer({ DATA_DIR: tempDir(), APP_URL: 'https://lakeshorelotcare.com', SMTP_URL: '' }, await freePort());
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain(MAIL_REQUIRED_MESSAGE);
  });

  it('refuses TRUST_PROXY=true, saying what to set instead', async () => {
    const server = startServer({ DATA_DIR: tempDir(), TRUST_PROXY: 'true' }, await freePort());
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain(TRUST_PROXY_TRUE_REFUSED);
  });

  it('makes an existing DATA_DIR owner-only with a warning, and serves the operator socket as 0600', { timeout: 90_000 }, async () => {
    const dataDir = path.join(tempDir(), 'data');
    mkdirSync(dataDir);
    await createTestDataDir(dataDir);
    chmodSync(dataDir, 0o755);
    const server = startServer({ DATA_DIR: dataDir, SMTP_URL: '' }, await freePort());
    try {
      await waitUntilReady(server, 60_000);
      expect(modeOf(dataDir)).toBe(0o700);
      expect(modeOf(operatorSocketPath(dataDir))).toBe(0o600);
      await waitForOutput(server, /"level":40.*"previousMode":"0755".*DATA_DIR was open to other users/);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  });

  it(
    'stops at once when the photo bucket cannot be used, saying which settings to check, and starts on one that answers',
    { timeout: 90_000 },
    async () => {
      const s3 = await startS3();
      try {
        const missing = startServer({ DATA_DIR: await usedDataDir(), ...s3.env, S3_BUCKET: 'no-such-bucket' }, await freePort());
        expect(await missing.exited).toBe(1);
        expect(missing.output()).toContain(
          `Photos cannot be stored: the S3 bucket "no-such-bucket" at ${s3.endpoint} cannot be used. It does not exist (404)`,
        );

        const server = startServer({ DATA_DIR: await usedDataDir(), ...s3.env }, await freePort());
        try {
          await waitUntilReady(server, 60_000);
          await waitForOutput(server, /"photoStore":"s3","bucket":"photos".*"msg":"photo store ready"/);
          expect(server.output()).not.toContain('S3RVER');
        } finally {
          server.child.kill('SIGTERM');
          await server.exited;
        }
      } finally {
        await s3.stop();
      }
    },
  );
});
