import { randomUUID } from 'node:crypto';
import { view } from '@outer-rim/rules';
import fp from 'fastify-plugin';
import { roomOfGame } from '../realtime/socket-server.js';
import { TablePresence } from '../realtime/table-presence.js';
import type { ActionAck } from '@outer-rim/protocol';
import { BotLease } from './bot-lease.js';
import { BotRunner } from './bot-runner.js';
import { botTables } from './bot-tables.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** plays bot seats and away players' seats in the games this process drives */
    bots: BotRunner;
  }
}

/**
 * Bots at the table. Hooked in here only: it listens to the game service's commits and starts
 * like the realtime plugin does, and submits through the same `games.submit` a socket action
 * goes through, so a bot's action is validated, stored and broadcast like anyone's.
 */
export const botsPlugin = fp(
  (fastify, _options, done) => {
    const { config, db, games, lobby, realtime } = fastify;
    const logger = fastify.log.child({ part: 'bots' }) as never;
    const presence = new TablePresence(realtime.io, lobby, logger, roomOfGame);
    const runner = new BotRunner({
      views: {
        seatView: async (gameId, seat) => {
          const entry = await games.read(gameId);
          return entry && { seq: entry.seq, view: view(entry.state, seat) };
        },
      },
      submit: (gameId, seat, clientId, action, decidedOn) =>
        new Promise<ActionAck>((resolve, reject) => {
          games.submit(gameId, seat, clientId, action, resolve, decidedOn).catch(reject);
        }),
      online: (gameId) => presence.online(gameId),
      setHandedOver: (gameId, seat, handedOver) => lobby.setHandedOver(gameId, seat, handedOver),
      tables: (only) => botTables(db, only),
      lease: new BotLease(db, randomUUID(), config.BOT_LEASE_MS),
      delayMs: config.BOT_DELAY_MS,
      tickMs: config.BOT_TICK_MS,
      leaseMs: config.BOT_LEASE_MS,
      logger,
    });
    games.onAdvance((step) => {
      runner.advanced(step.gameId, step.over);
    });
    games.onStart(() => {
      runner.poke();
    });
    // Another process committed: a game driven here looks again (and catches up as it reads).
    realtime.io.on('committed', ({ gameId }) => {
      runner.advanced(gameId, false);
    });
    runner.start();
    fastify.decorate('bots', runner);
    fastify.addHook('preClose', async () => {
      await runner.close();
    });
    done();
  },
  {
    name: 'bots',
    dependencies: ['config', 'db', 'games', 'lobby', 'realtime'],
    decorators: { fastify: ['config', 'db', 'games', 'lobby', 'realtime'] },
  },
);
