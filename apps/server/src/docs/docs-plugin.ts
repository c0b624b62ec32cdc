import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { fairDiceMarkdown } from '@outer-rim/protocol';

/** The OpenAPI document built from the routes' zod schemas, browsable at /docs. */
export const docsPlugin = fp(
  async (fastify) => {
    await fastify.register(swagger, {
      openapi: {
        info: {
          title: 'Outer Rim online',
          description: [
            'Lobby and public log of the Outer Rim online game server. Live play is over Socket.io: a `state` with the whole view on join and resync, then one `update` per action carrying an RFC 6902 JSON Patch against the previous view and a hash of the result (see docs/protocol.md).',
            fairDiceMarkdown(),
          ].join('\n\n'),
          version: '0.1.0',
        },
      },
      transform: jsonSchemaTransform,
    });
    await fastify.register(swaggerUi, { routePrefix: '/docs' });
  },
  { name: 'docs' },
);
