import { z } from 'zod';
import { ErrorResponseSchema, GameIdSchema } from '@outer-rim/protocol';
import type { LobbyService } from './lobby-service.js';

/** The game a route under `/api/games/:id` is about. */
export const GameParams = z.object({ id: GameIdSchema });

/** How a seat's request says whose it is: `Authorization: Bearer <seat token>`. */
export const SeatAuthHeader = z.object({ authorization: z.string().optional() });

/** The refusals a route may answer, by HTTP status, each in the one error shape. */
export function errorResponses<const S extends number>(
  ...statuses: S[]
): Record<S, typeof ErrorResponseSchema> {
  return Object.fromEntries(statuses.map((status) => [status, ErrorResponseSchema])) as Record<
    S,
    typeof ErrorResponseSchema
  >;
}

/** The seat token in an `Authorization: Bearer <token>` header, if there is one. */
export function bearerToken(headers: { authorization?: string | undefined }): string | undefined {
  return /^Bearer\s+(\S+)$/i.exec(headers.authorization ?? '')?.[1];
}

/**
 * The game and the seat of a request to a seat's route: the seat its bearer token holds in the
 * game of the path, or UNAUTHORIZED.
 */
export async function seatOf(
  lobby: LobbyService,
  request: { params: { id: string }; headers: { authorization?: string | undefined } },
): Promise<{ gameId: string; seat: number }> {
  const gameId = request.params.id;
  const { seat } = await lobby.authenticate(gameId, bearerToken(request.headers));
  return { gameId, seat };
}
