import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { actions, games as gamesTable } from '../db/schema.js';
import { ApiError } from '../errors.js';
import type { GameService } from '../games/game-service.js';
import type { LobbyService } from '../lobby/lobby-service.js';
import { owedDecisions } from '../notifications/owed.js';
import type { LostSeat, MyGame, MyGamesRequest, MyGamesResponse } from '@outer-rim/protocol';
import { gameOverText, isGameOver } from '@outer-rim/rules';

/**
 * The games a browser holds seats in, from the tokens it keeps: each token stands for its seat
 * only in its own game (the lobby's authentication), and what is returned is public (names,
 * round, phase, who owes a decision), so a token tells nothing beyond what its seat may see.
 */
export class MyGamesService {
  constructor(
    private readonly db: Db,
    private readonly lobby: LobbyService,
    private readonly games: GameService,
  ) {}

  async list(request: MyGamesRequest): Promise<MyGamesResponse> {
    const found: MyGame[] = [];
    const lost: LostSeat[] = [];
    for (const { gameId, token } of request.seats) {
      try {
        found.push(await this.#one(gameId, token));
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        lost.push({ gameId, error: { code: error.code, message: error.message } });
      }
    }
    // "Your move" first, then the games that have waited longest.
    found.sort((a, b) =>
      a.yourMove === b.yourMove ? a.since.localeCompare(b.since) : a.yourMove ? -1 : 1,
    );
    return { games: found, lost };
  }

  async #one(gameId: string, token: string): Promise<MyGame> {
    const { seat } = await this.lobby.authenticate(gameId, token);
    const record = await this.lobby.get(gameId);
    const nameOf = (s: number) => record.seats[s]?.name ?? `Seat ${String(s + 1)}`;
    const base = {
      gameId,
      seat,
      name: nameOf(seat),
      host: nameOf(record.creatorSeat),
      status: record.status,
    };
    if (record.status === 'lobby') {
      return {
        ...base,
        round: 0,
        phase: 'lobby',
        owing: [],
        since: record.createdAt,
        yourMove: false,
      };
    }
    const entry = await this.games.read(gameId);
    if (!entry) throw new ApiError('GAME_NOT_FOUND', 'There is no such game.');
    const owing = [...owedDecisions(entry.state)].map(([s, prompts]) => ({
      seat: s,
      name: nameOf(s),
      prompts,
    }));
    return {
      ...base,
      round: entry.state.round,
      phase: entry.state.phase.name,
      owing,
      since: (await this.#stepTime(gameId, entry.seq)).toISOString(),
      yourMove: owing.some((o) => o.seat === seat),
      ...(isGameOver(entry.state) ? { result: gameOverText(entry.state) } : {}),
    };
  }

  /** When step `seq` was committed (0: when the game started). */
  async #stepTime(gameId: string, seq: number): Promise<Date> {
    if (seq > 0) {
      const [row] = await this.db
        .select({ at: actions.createdAt })
        .from(actions)
        .where(and(eq(actions.gameId, gameId), eq(actions.seq, seq)));
      if (row) return row.at;
    }
    const [game] = await this.db
      .select({ startedAt: gamesTable.startedAt, createdAt: gamesTable.createdAt })
      .from(gamesTable)
      .where(eq(gamesTable.id, gameId));
    return game?.startedAt ?? game?.createdAt ?? new Date(0);
  }
}
