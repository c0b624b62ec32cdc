import { z } from 'zod';
import { SeatTokenSchema } from './create-game.js';
import { GameIdSchema } from './game-record.js';

/** `io(url, { auth })`: a token makes the connection that seat, none makes it a spectator. */
export const SocketAuthSchema = z.object({
  gameId: GameIdSchema,
  token: SeatTokenSchema.optional(),
});

/**
 * What the server accepts at the handshake: the game id strictly (BAD_REQUEST otherwise), any
 * token of a sane length, so a wrong token is UNAUTHORIZED rather than malformed.
 */
export const HandshakeSchema = z.object({
  gameId: GameIdSchema,
  token: z.string().min(1).max(200).optional(),
});
export type SocketAuth = z.infer<typeof SocketAuthSchema>;

/**
 * A refused connection: socket.io-client's `connect_error` carries `err.message` (the code)
 * and `err.data` of this shape.
 */
export const ConnectErrorDataSchema = z.object({ code: z.string(), message: z.string() });
export type ConnectErrorData = z.infer<typeof ConnectErrorDataSchema>;
