import { chmodSync, rmSync } from 'node:fs';
import path from 'node:path';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import type { PGlite } from '@electric-sql/pglite';
import { PRIVATE_SOCKET_MODE } from './private-dir';

/**
 * PGlite allows one process. While the server runs, it serves its PGlite on a
 * unix socket in DATA_DIR so the operator commands (`npm run admin`) can use the
 * same database through node-postgres instead of opening the files themselves.
 * The socket lets anyone who can connect act as the database's superuser, so it is
 * owner-only (0600), inside an owner-only DATA_DIR (0700, see private-dir.ts).
 */
export const OPERATOR_SOCKET_PORT = 5432;
export const operatorSocketPath = (dataDir: string) => path.join(dataDir, `.s.PGSQL.${OPERATOR_SOCKET_PORT}`);

/** A node-postgres URL for the socket (pg reads a directory as the socket's host). */
export const operatorSocketUrl = (dataDir: string) => `postgres://postgres@localhost/postgres?host=${encodeURIComponent(dataDir)}`;

export async function serveOperatorSocket(pglite: PGlite, dataDir: string): Promise<{ stop(): Promise<void> }> {
  const socketPath = operatorSocketPath(dataDir);
  rmSync(socketPath, { force: true });
  // A few operator commands may run at once; PGlite queues their queries one at a time.
  const server = new PGLiteSocketServer({ db: pglite, path: socketPath, maxConnections: 8 });
  await server.start();
  // Set once it exists; until then the owner-only DATA_DIR already keeps everyone else out.
  chmodSync(socketPath, PRIVATE_SOCKET_MODE);
  return {
    async stop() {
      await server.stop();
      rmSync(socketPath, { force: true });
    },
  };
}
