import fp from 'fastify-plugin';
import { GameService } from './game-service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** live games: one writer per game, the log in the database as the truth */
    games: GameService;
  }
}

/**
 * The game service. Its preClose hook stops taking actions and waits for the queued ones, whose
 * acks still go out: the realtime plugin depends on this one, so its own preClose (closing the
 * sockets) is registered, and runs, after this one.
 */
export const gamesPlugin = fp(
  (fastify, _options, done) => {
    const { config, metrics } = fastify;
    const games = new GameService(fastify.db, {
      snapshotEvery: config.SNAPSHOT_EVERY,
      shared: config.CLUSTER && config.DATABASE_URL !== undefined,
      observe: (outcome, seconds) => {
        metrics.observeAction(outcome, seconds);
      },
      observeCommit: (seconds) => {
        metrics.commitSeconds.observe(seconds);
      },
    });
    metrics.watchGames(games);
    fastify.decorate('games', games);
    fastify.addHook('preClose', async () => {
      await games.close();
    });
    done();
  },
  {
    name: 'games',
    dependencies: ['config', 'db', 'metrics'],
    decorators: { fastify: ['config', 'db', 'metrics'] },
  },
);
