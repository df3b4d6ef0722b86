import type { Db } from './database';

/**
 * A query built once per database and then only executed: drizzle otherwise
 * rebuilds the SQL text on every call (a fifth of a cheap read's time), and on
 * PostgreSQL a named statement is parsed and planned once per connection.
 */
export function preparedQuery<Q>(build: (db: Db) => Q): (db: Db) => Q {
  const cache = new WeakMap<Db, Q>();
  return (db) => {
    let query = cache.get(db);
    if (!query) {
      query = build(db);
      cache.set(db, query);
    }
    return query;
  };
}
