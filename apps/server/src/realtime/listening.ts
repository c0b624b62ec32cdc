import type pg from 'pg';

/**
 * Calls `listening` each time a connection of `pool` completes a LISTEN: the socket.io adapter's
 * connection, at start and after every reconnection (PostgreSQL restarted, the connection cut).
 * PostgreSQL keeps no notification for a session that is not listening, so whatever other
 * processes announced meanwhile is lost: this is when a process must catch up from the log.
 *
 * The adapter offers no such event; its LISTEN goes through the client it took from the pool,
 * whose `query` is observed from the pool's own `connect` event, before the adapter gets it.
 */
export function onListening(pool: pg.Pool, listening: () => void): void {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    Object.assign(client, {
      query: (...args: unknown[]) => {
        const result = query(...args);
        if (
          typeof args[0] === 'string' &&
          /^LISTEN\b/i.test(args[0]) &&
          result instanceof Promise
        ) {
          result.then(listening, () => undefined);
        }
        return result;
      },
    });
  });
}
