import fp from 'fastify-plugin';
import { lobbyRoutes } from './lobby-routes.js';
import { LobbyService } from './lobby-service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** games waiting for players: seats, races, ready marks and the start */
    lobby: LobbyService;
  }
}

/** The lobby service and the REST API of PROTOCOL.md (lobby and public log). */
export const lobbyPlugin = fp(
  async (fastify) => {
    const lobby = new LobbyService(fastify.db);
    fastify.decorate('lobby', lobby);
    await fastify.register(lobbyRoutes, { lobby, games: fastify.games });
  },
  {
    name: 'lobby',
    dependencies: ['db', 'games', 'http'],
    decorators: { fastify: ['db', 'games'] },
  },
);
