import type { Viewer } from '@outer-rim/rules';
import type { Logger } from 'pino';
import { SOCKET_EVENTS } from '@outer-rim/protocol';
import type { PresenceMessage } from '@outer-rim/protocol';
import type { LobbyService } from '../lobby/lobby-service.js';

/** The part of the Socket.io server presence needs: rooms across processes, and emitting to one. */
export interface PresenceIo {
  in(room: string): { fetchSockets(): Promise<readonly { data: { viewer: Viewer } }[]> };
  to(room: string): { emit(event: 'presence', message: PresenceMessage): boolean };
}

/**
 * Which seats have a player connected now. The sockets of a game are fetched through the adapter,
 * so connections held by other server processes count too, and the result goes to everyone at the
 * table through the adapter as well. Sent on every connect and disconnect.
 */
export class TablePresence {
  /** broadcasts under way */
  readonly #sending = new Set<Promise<void>>();

  constructor(
    private readonly io: PresenceIo,
    private readonly lobby: LobbyService,
    private readonly logger: Logger,
    private readonly roomOfGame: (gameId: string) => string,
  ) {}

  /**
   * Seats with at least one open connection, as a list as long as the table (`seatCount` when the
   * caller knows it: a table's seats are fixed when it is created).
   */
  async online(gameId: string, seatCount?: number): Promise<boolean[]> {
    const count = seatCount ?? (await this.lobby.get(gameId)).seats.length;
    const sockets = await this.io.in(this.roomOfGame(gameId)).fetchSockets();
    const seats = Array.from({ length: count }, () => false);
    for (const socket of sockets) {
      const viewer = socket.data.viewer;
      if (typeof viewer === 'number' && viewer < seats.length) seats[viewer] = true;
    }
    return seats;
  }

  changed(gameId: string, seatCount?: number): void {
    const sent = this.online(gameId, seatCount)
      .then(
        (seats) => {
          this.io.to(this.roomOfGame(gameId)).emit(SOCKET_EVENTS.presence, { gameId, seats });
        },
        (error: unknown) => {
          this.logger.warn({ err: error, gameId }, 'presence broadcast failed');
        },
      )
      .finally(() => {
        this.#sending.delete(sent);
      });
    this.#sending.add(sent);
  }

  /**
   * Resolves once every broadcast under way has gone out: a server that is stopping closes its
   * sockets, each of which is told to the table, before it closes the database they read.
   */
  async settled(): Promise<void> {
    while (this.#sending.size > 0) await Promise.all(this.#sending);
  }
}
