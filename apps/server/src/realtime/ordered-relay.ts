import type pg from 'pg';

/**
 * Makes the promise form of `pool.query` run one query after another, in the order they were
 * asked for; `pool.connect` is left as it is. The socket.io adapter publishes each message to the
 * other processes with `pool.query`: on a pool of several connections two messages may go out on
 * two and commit, so reach the others, in either order (a chat line behind a later one, whose seq
 * a client has already marked read). One after another, what this process relays reaches every
 * other process in the order it was sent. The adapter's LISTEN connection, taken with `connect`,
 * is not held up by them.
 */
export function inOrder(pool: pg.Pool): pg.Pool {
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  let last: Promise<unknown> = Promise.resolve();
  return Object.assign(pool, {
    query: (...args: unknown[]) => {
      const run = last.then(() => query(...args));
      last = run.catch(() => undefined);
      return run;
    },
  });
}
