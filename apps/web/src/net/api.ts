import type { z } from 'zod';
import {
  ActionLogResponseSchema,
  ClaimSeatResponseSchema,
  CreateGameResponseSchema,
  ErrorResponseSchema,
  GameRecordSchema,
  ListGamesResponseSchema,
  MyGamesResponseSchema,
  NotificationSettingsSchema,
  TurnClocksResponseSchema,
  PauseStatusSchema,
  ReplayViewResponseSchema,
  UndoOutcomeSchema,
  UndoStatusSchema,
  type UndoOutcome,
  type UndoStatus,
  type ActionLogResponse,
  type BotPolicyName,
  type ClaimSeatRequest,
  type ClaimSeatResponse,
  type CreateGameRequest,
  type CreateGameResponse,
  type GameRecord,
  type GameStatus,
  type MyGamesRequest,
  type NotificationSettings,
  type SeatNotificationsRequest,
  type TableNotificationsRequest,
  type TurnClocksResponse,
  type PauseStatus,
  type MyGamesResponse,
  type ReplayViewResponse,
  type UpdateSeatRequest,
} from './protocol';

/**
 * A refusal from the server (or no answer at all), with the stable code the
 * UI switches on and a sentence it can show as it is.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

/** The lobby REST API of PROTOCOL.md; every answer is checked against the server's schema. */
export class Api {
  constructor(
    private readonly base = '',
    private readonly fetchImpl: Fetch = (input, init) => fetch(input, init),
  ) {}

  async listGames(status?: GameStatus): Promise<GameRecord[]> {
    const query = status === undefined ? '' : `?status=${status}`;
    const body = await this.request(ListGamesResponseSchema, `/api/games${query}`);
    return body.games;
  }

  getGame(gameId: string): Promise<GameRecord> {
    return this.request(GameRecordSchema, `/api/games/${encodeURIComponent(gameId)}`);
  }

  createGame(request: CreateGameRequest): Promise<CreateGameResponse> {
    return this.request(CreateGameResponseSchema, '/api/games', { method: 'POST', body: request });
  }

  claimSeat(gameId: string, request: ClaimSeatRequest): Promise<ClaimSeatResponse> {
    return this.request(ClaimSeatResponseSchema, `/api/games/${encodeURIComponent(gameId)}/seats`, {
      method: 'POST',
      body: request,
    });
  }

  async updateSeat(gameId: string, token: string, request: UpdateSeatRequest): Promise<void> {
    await this.send(`/api/games/${encodeURIComponent(gameId)}/seats/me`, {
      method: 'PATCH',
      body: request,
      token,
    });
  }

  /** Gives the seat back before the start (not the creator's). */
  async leaveSeat(gameId: string, token: string): Promise<void> {
    await this.send(`/api/games/${encodeURIComponent(gameId)}/seats/me`, {
      method: 'DELETE',
      token,
    });
  }

  /** The creator puts a bot in a free seat (or changes how the seat's bot plays). */
  async addBot(gameId: string, token: string, seat: number, policy: BotPolicyName): Promise<void> {
    await this.send(`/api/games/${encodeURIComponent(gameId)}/seats/${String(seat)}/bot`, {
      method: 'PUT',
      body: { policy },
      token,
    });
  }

  /** The creator takes a bot out of its seat before the start. */
  async removeBot(gameId: string, token: string, seat: number): Promise<void> {
    await this.send(`/api/games/${encodeURIComponent(gameId)}/seats/${String(seat)}/bot`, {
      method: 'DELETE',
      token,
    });
  }

  /** Commits the seat to a new share of the dice, when its share was void or lost. */
  commitShare(gameId: string, token: string, entropyCommitment: string): Promise<GameRecord> {
    return this.request(
      GameRecordSchema,
      `/api/games/${encodeURIComponent(gameId)}/seats/me/entropy-commitment`,
      { method: 'PUT', body: { entropyCommitment }, token },
    );
  }

  /** Reveals the seat's share of the dice, once every seat has committed. */
  revealShare(gameId: string, token: string, entropy: string): Promise<GameRecord> {
    return this.request(
      GameRecordSchema,
      `/api/games/${encodeURIComponent(gameId)}/seats/me/entropy`,
      { method: 'PUT', body: { entropy }, token },
    );
  }

  async startGame(gameId: string, token: string): Promise<void> {
    await this.send(`/api/games/${encodeURIComponent(gameId)}/start`, { method: 'POST', token });
  }

  /** The games these seat tokens hold seats in, "your move" first. */
  myGames(request: MyGamesRequest): Promise<MyGamesResponse> {
    return this.request(MyGamesResponseSchema, '/api/my-games', { method: 'POST', body: request });
  }

  /** This seat's webhook and e-mail for "your move" notices (and the table's, for the host). */
  notificationSettings(gameId: string, token: string): Promise<NotificationSettings> {
    return this.request(
      NotificationSettingsSchema,
      `/api/games/${encodeURIComponent(gameId)}/notifications/me`,
      { token },
    );
  }

  setSeatNotifications(
    gameId: string,
    token: string,
    request: SeatNotificationsRequest,
  ): Promise<NotificationSettings> {
    return this.request(
      NotificationSettingsSchema,
      `/api/games/${encodeURIComponent(gameId)}/notifications/me`,
      { method: 'PUT', body: request, token },
    );
  }

  setTableNotifications(
    gameId: string,
    token: string,
    request: TableNotificationsRequest,
  ): Promise<NotificationSettings> {
    return this.request(
      NotificationSettingsSchema,
      `/api/games/${encodeURIComponent(gameId)}/notifications/table`,
      { method: 'PUT', body: request, token },
    );
  }

  /** Every seat's turn clock. */
  clocks(gameId: string): Promise<TurnClocksResponse> {
    return this.request(
      TurnClocksResponseSchema,
      `/api/games/${encodeURIComponent(gameId)}/clocks`,
    );
  }

  /** Whether the table paused the game, and the votes cast. */
  pauseStatus(gameId: string): Promise<PauseStatus> {
    return this.request(PauseStatusSchema, `/api/games/${encodeURIComponent(gameId)}/pause`);
  }

  /** This seat's vote to pause the game (or to resume it while paused). */
  votePause(gameId: string, token: string): Promise<PauseStatus> {
    return this.request(PauseStatusSchema, `/api/games/${encodeURIComponent(gameId)}/pause/vote`, {
      method: 'POST',
      token,
    });
  }

  /** What taking back this seat's last action would undo, or why not, and the undo waiting. */
  undoStatus(gameId: string, token: string): Promise<UndoStatus> {
    return this.request(UndoStatusSchema, `/api/games/${encodeURIComponent(gameId)}/undo`, {
      token,
    });
  }

  /** Takes back this seat's action at `seq`, as planned on the head `head`. */
  askUndo(gameId: string, token: string, seq: number, head: number): Promise<UndoOutcome> {
    return this.request(UndoOutcomeSchema, `/api/games/${encodeURIComponent(gameId)}/undo`, {
      method: 'POST',
      token,
      body: { seq, head },
    });
  }

  /** This seat's answer to the undo of `seq` that waits for its consent. */
  answerUndo(gameId: string, token: string, seq: number, agree: boolean): Promise<UndoOutcome> {
    return this.request(
      UndoOutcomeSchema,
      `/api/games/${encodeURIComponent(gameId)}/undo/consent`,
      { method: 'POST', token, body: { seq, agree } },
    );
  }

  actionLog(gameId: string, from = 1): Promise<ActionLogResponse> {
    return this.request(
      ActionLogResponseSchema,
      `/api/games/${encodeURIComponent(gameId)}/actions?from=${from}`,
    );
  }

  /** The spectator view right after action `seq` (0: the start), as a live spectator saw it. */
  replayView(gameId: string, seq: number): Promise<ReplayViewResponse> {
    return this.request(
      ReplayViewResponseSchema,
      `/api/games/${encodeURIComponent(gameId)}/views/${String(seq)}`,
    );
  }

  private async request<T>(schema: z.ZodType<T>, path: string, init?: SendInit): Promise<T> {
    const body = await this.send(path, init);
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      throw new ApiError(
        'BAD_RESPONSE',
        'The server answered in a form this page does not know.',
        200,
      );
    }
    return parsed.data;
  }

  private async send(path: string, init: SendInit = {}): Promise<unknown> {
    const headers: Record<string, string> = {};
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    if (init.token !== undefined) headers['authorization'] = `Bearer ${init.token}`;
    let response: Response;
    try {
      response = await this.fetchImpl(this.base + path, {
        method: init.method ?? 'GET',
        headers,
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      });
    } catch {
      throw new ApiError('UNAVAILABLE', 'The server cannot be reached. Check your connection.', 0);
    }
    const text = await response.text();
    let body: unknown = undefined;
    if (text !== '') {
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
    }
    if (!response.ok) {
      const error = ErrorResponseSchema.safeParse(body);
      if (error.success) {
        throw new ApiError(error.data.error.code, error.data.error.message, response.status);
      }
      throw new ApiError('UNAVAILABLE', `The server answered ${response.status}.`, response.status);
    }
    return body;
  }
}

interface SendInit {
  readonly method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  readonly body?: unknown;
  readonly token?: string;
}
