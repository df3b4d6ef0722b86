import fp from 'fastify-plugin';
import type { Database, Db } from '../../db/database';

/** Exposes the opened database. Whoever opened it closes it (see main.ts). */
export default fp<{ database: Database }>(
  async (app, { database }) => {
    app.decorate('database', database);
    app.decorate('db', database.db);
  },
  { name: 'database' },
);

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    db: Db;
  }
}
