import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { serveOperatorSocket } from './db/operator-socket';
import { ensurePrivateDir, octal } from './db/private-dir';
import { checkConfiguredPhotoStorage } from './modules/photos';

/** Reads config, opens the database, serves, and shuts down gracefully on SIGTERM/SIGINT. */
async function main() {
  const config = loadConfig();
  // Photos live in DATA_DIR on PostgreSQL too, so it is made owner-only either way.
  const dataDir = ensurePrivateDir(config.dataDir);
  // A bucket that cannot be used stops the start here, with a message saying which setting to
  // check, rather than failing each upload later (/readyz stays about the database).
  await checkConfiguredPhotoStorage(config);
  const database = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl, migrate: config.migrateAtStart || 'check' } : { dataDir: config.dataDir },
  );
  const app = await buildApp({ config, database });
  if (dataDir.status === 'tightened')
    app.log.warn(
      { dataDir: config.dataDir, previousMode: octal(dataDir.previousMode) },
      'DATA_DIR was open to other users; it is now owner-only (0700)',
    );
  if (dataDir.status === 'loose')
    app.log.warn(
      { dataDir: config.dataDir, mode: octal(dataDir.mode) },
      'DATA_DIR is open to other users and could not be made owner-only: chmod 700 it',
    );
  const operatorSocket = database.pglite ? await serveOperatorSocket(database.pglite, config.dataDir) : null;
  app.log.info({ database: database.kind, dataDir: database.kind === 'pglite' ? config.dataDir : undefined }, 'database ready');
  app.log.info(
    config.s3 ? { photoStore: 's3', bucket: config.s3.bucket, prefix: config.s3.prefix || undefined } : { photoStore: 'disk' },
    'photo store ready',
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const forceExit = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, 10_000);
    forceExit.unref();
    try {
      await app.close(); // stops accepting, waits for in-flight requests
      await operatorSocket?.stop();
      await database.close(); // CHECKPOINT, close, release the DATA_DIR lock
      app.log.info('shut down cleanly');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  try {
    const address = await app.listen({ port: config.port, host: config.host });
    database.lock?.update({ url: address });
  } catch (error) {
    app.log.error({ err: error }, 'could not start listening');
    await operatorSocket?.stop();
    await database.close();
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  // Startup errors (a locked DATA_DIR, a bad setting) are for a person to read.
  console.error(`\n${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
