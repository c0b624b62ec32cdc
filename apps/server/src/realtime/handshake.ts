import { HandshakeSchema } from '@outer-rim/protocol';
import type { Logger } from 'pino';
import type { Config } from '../config/config.js';
import { isUnavailable } from '../db/database.js';
import { ApiError } from '../errors.js';
import { hashToken } from '../games/secrets.js';
import type { LobbyService } from '../lobby/lobby-service.js';
import { AddressLimiter } from './address-limiter.js';
import type { GameServer, GameSocket } from './socket-server.js';

export interface HandshakeDeps {
  config: Config;
  lobby: LobbyService;
  logger: Logger;
}

/**
 * Who a connection is, settled before it connects: the game it names and the seat its token
 * holds there (no token: a spectator), in `socket.data`. Each address has so many handshakes a
 * minute, counted before anything is looked up; a refused one says why, with a code.
 */
export function checkHandshakes(io: GameServer, deps: HandshakeDeps): void {
  const { config, logger } = deps;
  const handshakes = new AddressLimiter(config.HANDSHAKE_BURST, config.HANDSHAKE_PER_MINUTE / 60);
  io.use((socket, next) => {
    authenticate(socket, handshakes, deps).then(
      () => {
        next();
      },
      (error: unknown) => {
        const apiError =
          error instanceof ApiError
            ? error
            : isUnavailable(error)
              ? new ApiError('UNAVAILABLE', 'The database does not answer; connect again soon.')
              : new ApiError('INTERNAL', 'The server could not check the connection.');
        if (!(error instanceof ApiError) && !isUnavailable(error)) {
          logger.error({ err: error }, 'socket auth failed');
        }
        const refused = new Error(apiError.code) as Error & { data: unknown };
        refused.data = { code: apiError.code, message: apiError.message };
        next(refused);
      },
    );
  });
}

async function authenticate(
  socket: GameSocket,
  handshakes: AddressLimiter,
  { config, lobby }: HandshakeDeps,
): Promise<void> {
  // Counted before anything is looked up: each handshake may cost a token lookup.
  if (!handshakes.take(addressOf(socket, config.TRUST_PROXY))) {
    throw new ApiError('RATE_LIMITED', 'Too many connection attempts; wait a little.');
  }
  const parsed = HandshakeSchema.safeParse(socket.handshake.auth);
  if (!parsed.success) {
    throw new ApiError('BAD_REQUEST', 'Connect with auth: { gameId, token? }.');
  }
  const { gameId, token } = parsed.data;
  await lobby.get(gameId);
  const holder = token === undefined ? undefined : await lobby.authenticate(gameId, token);
  socket.data = {
    gameId,
    viewer: holder?.seat ?? 'spectator',
    tokenHash: token === undefined ? undefined : hashToken(token),
    holding: holder?.holding,
  };
}

/** The client's address as HTTP sees it: behind a trusted proxy, the first forwarded one. */
function addressOf(socket: GameSocket, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = socket.handshake.headers['x-forwarded-for'];
    const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
    if (first) return first;
  }
  return socket.handshake.address;
}
