/**
 * CORS_ORIGIN as the `origin` option of @fastify/cors and Socket.io alike: unset allows no other
 * site (the web client is served from the same origin), `*` allows any, otherwise a list.
 */
export function corsOption(origin: string | undefined): { origin: string[] | boolean } {
  if (origin === undefined) return { origin: false };
  if (origin.trim() === '*') return { origin: true };
  return {
    origin: origin
      .split(',')
      .map((o) => o.trim())
      .filter((o) => o !== ''),
  };
}
