import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { resilientPool } from '../src/db/database.js';
import { inOrder } from '../src/realtime/ordered-relay.js';
import { POSTGRES_ADMIN_URL } from './support/backends.js';

const MESSAGES = 400;

/**
 * What a process relays to the others (each a NOTIFY sent with `pool.query`, as the socket.io
 * adapter sends them) reaches a listener in the order it was sent, however many are under way.
 */
describe('messages relayed through the adapter’s pool', () => {
  const open: { end: () => Promise<void> }[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((c) => c.end()));
  });

  it('are heard in the order they were sent', async () => {
    const channel = `relay_${randomBytes(6).toString('hex')}`;
    const listener = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
    open.push(listener);
    await listener.connect();
    const heard: number[] = [];
    let allHeard: () => void = () => undefined;
    const done = new Promise<void>((resolve) => {
      allHeard = resolve;
    });
    listener.on('notification', (msg) => {
      heard.push(Number(msg.payload));
      if (heard.length === MESSAGES) allHeard();
    });
    await listener.query(`LISTEN "${channel}"`);

    // The adapter's pool size: one connection for its LISTEN, the others for what it sends.
    const pool = inOrder(resilientPool(POSTGRES_ADMIN_URL, 3));
    open.push(pool);
    const sent = Array.from({ length: MESSAGES }, (_, i) =>
      pool.query('SELECT pg_notify($1, $2)', [channel, String(i)]),
    );
    await Promise.all(sent);
    await done;
    expect(heard).toEqual(Array.from({ length: MESSAGES }, (_, i) => i));
  });
});
