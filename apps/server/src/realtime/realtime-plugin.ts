import fp from 'fastify-plugin';
import { ChatService } from './chat-service.js';
import { Realtime } from './realtime.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Socket.io on this instance's HTTP server: live play, spectators and chat */
    realtime: Realtime;
  }
}

/**
 * Live play on `fastify.server`. It listens to the services below it (commits, starts, lobby
 * changes) rather than them calling it, so the plugin tree has no cycle. Its preClose hook closes
 * the sockets; it runs after the games plugin's, so every queued action's ack has gone out.
 */
export const realtimePlugin = fp(
  (fastify, _options, done) => {
    const { config, games, lobby, metrics } = fastify;
    const realtime = new Realtime(fastify.server, {
      config,
      lobby,
      games,
      chat: new ChatService(fastify.db),
      metrics,
      logger: fastify.log as never,
    });
    games.onAdvance((step) => {
      realtime.broadcast(step);
    });
    games.onStart((gameId, state) => {
      realtime.started(gameId, state);
    });
    lobby.onChange((gameId) => {
      realtime.lobbyChanged(gameId);
    });
    lobby.onSeatReleased((released) => {
      realtime.seatReleased(released);
    });
    fastify.decorate('realtime', realtime);
    fastify.addHook('preClose', async () => {
      await realtime.close();
    });
    done();
  },
  {
    name: 'realtime',
    dependencies: ['config', 'db', 'metrics', 'games', 'lobby'],
    decorators: { fastify: ['config', 'db', 'metrics', 'games', 'lobby'] },
  },
);
