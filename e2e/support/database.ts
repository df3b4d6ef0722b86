import pg from 'pg';

/**
 * The e2e server's own database, through the socket it serves for the operator commands
 * (src/server/db/operator-socket.ts): for setting up what the browser cannot make, such as a
 * request that arrived a day ago.
 */
export async function withDatabase<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({
    connectionString: `postgres://postgres@localhost/postgres?host=${encodeURIComponent(process.env.E2E_DATA_DIR!)}`,
  });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** Moves the quote requests with this name back in time, as if they had arrived `hours` ago. */
export const ageQuoteRequest = (name: string, hours: number) =>
  withDatabase((client) =>
    client.query('update quote_requests set submitted_at = now() - make_interval(secs => $1) where name = $2', [hours * 3600, name]),
  );
