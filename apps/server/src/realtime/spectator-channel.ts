import type { Viewer } from '@outer-rim/rules';
import { ApiError } from '../errors.js';
import type { LobbyService } from '../lobby/lobby-service.js';
import {
  SOCKET_EVENTS,
  SpectatorChatSendSchema,
  type SpectatorChatAck,
  type SpectatorChatMessage,
} from '@outer-rim/protocol';
import { SpectatorChatService } from './spectator-chat-service.js';

/** The part of the Socket.io server the channel needs. */
export interface SpectatorIo {
  to(room: string | string[]): {
    emit(event: 'spectator-chat', message: SpectatorChatMessage): boolean;
  };
}

interface Rooms {
  game: (gameId: string) => string;
  spectators: (gameId: string) => string;
}

/**
 * The spectators' channel over the socket. Every path filters on the server: a live line goes to
 * the spectators' room only while the game runs (to the whole table once it is over); the stored
 * history on (re)connect goes to spectators, and to players only once the game is over; when the
 * game ends, the players receive the whole channel.
 */
export class SpectatorChannel {
  constructor(
    private readonly io: SpectatorIo,
    private readonly service: SpectatorChatService,
    private readonly lobby: LobbyService,
    private readonly rooms: Rooms,
  ) {}

  async post(gameId: string, viewer: Viewer, payload: unknown): Promise<SpectatorChatAck> {
    const game = await this.lobby.get(gameId);
    if (!SpectatorChatService.readable(viewer, game.status)) {
      throw new ApiError(
        'FORBIDDEN',
        'The spectators’ channel opens to players when the game is over.',
      );
    }
    const parsed = SpectatorChatSendSchema.safeParse(payload);
    if (!parsed.success) {
      throw new ApiError(
        'BAD_REQUEST',
        'Send spectator chat as { id, name, text } in plain text.',
        {
          issues: parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
        },
      );
    }
    const { id, name, text } = parsed.data;
    const { message, duplicate } = await this.service.post(gameId, id, name, text);
    if (!duplicate) {
      const room = game.status === 'over' ? this.rooms.game(gameId) : this.rooms.spectators(gameId);
      this.io.to(room).emit(SOCKET_EVENTS.spectatorChat, message);
    }
    return { ok: true, seq: message.seq };
  }

  /** What this viewer may read of the channel now, for a (re)connect. */
  history(gameId: string, viewer: Viewer, status: 'lobby' | 'playing' | 'over') {
    return this.service.visibleTo(gameId, viewer, status);
  }

  /** The game is over: the whole table may read the channel now. */
  async release(gameId: string): Promise<void> {
    for (const message of await this.service.visibleTo(gameId, 'spectator', 'over')) {
      this.io.to(this.rooms.game(gameId)).emit(SOCKET_EVENTS.spectatorChat, message);
    }
  }
}
