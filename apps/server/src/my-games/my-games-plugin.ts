import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorResponseSchema } from '@outer-rim/protocol';
import { MyGamesRequestSchema, MyGamesResponseSchema } from '@outer-rim/protocol';
import { MyGamesService } from './my-games-service.js';

const routes: FastifyPluginAsyncZod<{ service: MyGamesService }> = (app, { service }) => {
  app.post(
    '/api/my-games',
    {
      schema: {
        summary:
          'The games these seat tokens hold seats in: round, phase, who owes a decision and since when, "your move" first',
        tags: ['lobby'],
        body: MyGamesRequestSchema,
        response: { 200: MyGamesResponseSchema, 400: ErrorResponseSchema },
      },
    },
    (request) => service.list(request.body),
  );
  return Promise.resolve();
};

/** The "my games" page's one route. */
export const myGamesPlugin = fp(
  async (fastify) => {
    const service = new MyGamesService(fastify.db, fastify.lobby, fastify.games);
    await fastify.register(routes, { service });
  },
  {
    name: 'my-games',
    dependencies: ['db', 'games', 'lobby', 'http'],
    decorators: { fastify: ['db', 'games', 'lobby'] },
  },
);
