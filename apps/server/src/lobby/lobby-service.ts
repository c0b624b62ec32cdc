import { createHash, randomUUID } from 'node:crypto';
import { and, asc, desc, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { RACE_IDS } from '@outer-rim/map';
import {
  createGame,
  gameOptionsFromLobby,
  LobbyOptionsSchema,
  RULES_VERSION,
} from '@outer-rim/rules';
import type { GameState } from '@outer-rim/rules';
import type { Db } from '../db/database.js';
import { isUniqueViolation } from '../db/database.js';
import { games, seats, snapshots } from '../db/schema.js';
import { ApiError } from '../errors.js';
import {
  REVEAL_TOO_EARLY,
  SHARE_ALREADY_REVEALED,
  defaultGameTitle,
  sharesWaitingFor,
  startWaitingFor,
} from '@outer-rim/protocol';
import type { TableOptions, BotPolicyName, GameRecord, GameStatus } from '@outer-rim/protocol';
import {
  diceSeed,
  entropyCommitment,
  hashToken,
  newEntropy,
  newGameId,
  newSeatToken,
  newSeed,
  seedCommitment,
} from '../games/secrets.js';

type GameRow = typeof games.$inferSelect;
type SeatRow = typeof seats.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface SeatIdentity {
  gameId: string;
  seat: number;
}

/** A seat as its present holder holds it: `holding` changes whenever the holder does. */
export interface SeatHolder extends SeatIdentity {
  holding: string;
}

export interface ReleasedSeat extends SeatIdentity {
  /** the hash of the token that no longer holds the seat */
  tokenHash: string;
}

/**
 * The lobby: games waiting for players, seats claimed with tokens (kept only as hashes), race
 * choice, ready marks and the start. Every rule about who may do what is checked inside the
 * database statement that does it, so two processes or two clicks cannot both win.
 */
export class LobbyService {
  readonly #changeListeners: ((gameId: string) => void)[] = [];
  readonly #releaseListeners: ((released: ReleasedSeat) => void)[] = [];

  constructor(private readonly db: Db) {}

  /** Calls `listener` after every change to a game's lobby record (seats, races, start). */
  onChange(listener: (gameId: string) => void): void {
    this.#changeListeners.push(listener);
  }

  #changed(gameId: string): void {
    for (const listener of this.#changeListeners) listener(gameId);
  }

  /**
   * Calls `listener` after a token stopped standing for its seat (the seat was left; any future
   * kick, replacement or reissue goes through here too): connections that hold it must go.
   */
  onSeatReleased(listener: (released: ReleasedSeat) => void): void {
    this.#releaseListeners.push(listener);
  }

  /** Whether the token with this hash still holds this seat. */
  async holds(gameId: string, seat: number, tokenHash: string): Promise<boolean> {
    const [row] = await this.db
      .select({ seat: seats.seat })
      .from(seats)
      .where(and(eq(seats.gameId, gameId), eq(seats.seat, seat), eq(seats.tokenHash, tokenHash)));
    return row !== undefined;
  }

  async create(
    name: string,
    options: TableOptions,
    title?: string,
    commitment?: string,
  ): Promise<{ gameId: string; seat: number; token: string; game: GameRecord }> {
    const gameId = newGameId();
    const seed = newSeed();
    const token = newSeatToken();
    await this.db.transaction(async (tx) => {
      await tx.insert(games).values({
        id: gameId,
        title: title ?? defaultGameTitle(name),
        options,
        seed,
        seedCommitment: seedCommitment(seed),
        creatorSeat: 0,
      });
      await tx.insert(seats).values(
        Array.from({ length: options.playerCount }, (_, seat) => ({
          gameId,
          seat,
          race: 'random',
          ...(seat === 0
            ? { name, tokenHash: hashToken(token), claimedAt: new Date(), ...share(commitment) }
            : {}),
        })),
      );
    });
    return { gameId, seat: 0, token, game: await this.get(gameId) };
  }

  async list(status?: GameStatus): Promise<GameRecord[]> {
    const rows = await this.db
      .select()
      .from(games)
      .where(status === undefined ? undefined : eq(games.status, status))
      .orderBy(desc(games.createdAt))
      .limit(100);
    if (rows.length === 0) return [];
    const seatRows = await this.db
      .select()
      .from(seats)
      .where(
        sql`${seats.gameId} in (${sql.join(
          rows.map((r) => sql`${r.id}`),
          sql`, `,
        )})`,
      )
      .orderBy(asc(seats.seat));
    return rows.map((row) =>
      toRecord(
        row,
        seatRows.filter((s) => s.gameId === row.id),
      ),
    );
  }

  async get(gameId: string): Promise<GameRecord> {
    const [row] = await this.db.select().from(games).where(eq(games.id, gameId));
    if (!row) throw new ApiError('GAME_NOT_FOUND', 'There is no such game.');
    const seatRows = await this.db
      .select()
      .from(seats)
      .where(eq(seats.gameId, gameId))
      .orderBy(asc(seats.seat));
    return toRecord(row, seatRows);
  }

  /** The seed and status, for revealing the seed at the end. */
  async seedIfOver(gameId: string): Promise<string | null> {
    const [row] = await this.db
      .select({ status: games.status, seed: games.seed })
      .from(games)
      .where(eq(games.id, gameId));
    return row?.status === 'over' ? row.seed : null;
  }

  async claim(
    gameId: string,
    name: string,
    wanted?: number,
    commitment?: string,
  ): Promise<{ seat: number; token: string; game: GameRecord }> {
    const game = await this.get(gameId);
    if (game.status !== 'lobby') {
      throw new ApiError('GAME_ALREADY_STARTED', 'This game has already started.');
    }
    if (wanted !== undefined && wanted >= game.seats.length) {
      throw new ApiError('SEAT_NOT_FOUND', `This game has seats 0 to ${game.seats.length - 1}.`);
    }
    const candidates =
      wanted === undefined ? game.seats.filter((s) => !s.taken).map((s) => s.seat) : [wanted];
    const token = newSeatToken();
    for (const seat of candidates) {
      // The WHERE clause is the whole claim: of concurrent claims of one seat the database lets
      // exactly one see `token_hash IS NULL`.
      const claimed = await this.db
        .update(seats)
        .set({
          name,
          tokenHash: hashToken(token),
          claimedAt: new Date(),
          ready: false,
          holding: randomUUID(),
          ...share(commitment),
        })
        .where(
          and(
            eq(seats.gameId, gameId),
            eq(seats.seat, seat),
            isNull(seats.tokenHash),
            isNull(seats.bot),
            sql`exists (select 1 from ${games} where ${games.id} = ${gameId} and ${games.status} = 'lobby')`,
          ),
        )
        .returning({ seat: seats.seat });
      if (claimed.length === 1) {
        this.#changed(gameId);
        return { seat, token, game: await this.get(gameId) };
      }
    }
    if (wanted !== undefined) throw new ApiError('SEAT_TAKEN', `Seat ${wanted} is taken.`);
    throw new ApiError('NO_FREE_SEAT', 'Every seat of this game is taken.');
  }

  /** The seat a token stands for in this game; a token of another game is no token here. */
  async authenticate(gameId: string, token: string | undefined): Promise<SeatHolder> {
    if (token === undefined || token.length === 0) {
      throw new ApiError('UNAUTHORIZED', 'A seat token is needed.');
    }
    const [row] = await this.db
      .select({ gameId: seats.gameId, seat: seats.seat, holding: seats.holding })
      .from(seats)
      .where(and(eq(seats.tokenHash, hashToken(token)), eq(seats.gameId, gameId)));
    if (!row) throw new ApiError('UNAUTHORIZED', 'That token holds no seat in this game.');
    return row;
  }

  async updateSeat(
    gameId: string,
    token: string | undefined,
    change: { race?: string | undefined; ready?: boolean | undefined },
  ): Promise<GameRecord> {
    const { seat } = await this.authenticate(gameId, token);
    const set: Partial<SeatRow> = {};
    if (change.race !== undefined) {
      set.race = change.race;
      // A ready mark was given for the old race.
      set.ready = false;
    }
    if (change.ready !== undefined) set.ready = change.ready;
    try {
      const updated = await this.db
        .update(seats)
        .set(set)
        .where(and(eq(seats.gameId, gameId), eq(seats.seat, seat), inLobby(gameId)))
        .returning({ seat: seats.seat });
      if (updated.length === 0) {
        throw new ApiError('GAME_ALREADY_STARTED', 'This game has already started.');
      }
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new ApiError('RACE_TAKEN', `Another seat plays ${String(change.race)}.`);
      }
      throw error;
    }
    this.#changed(gameId);
    return this.get(gameId);
  }

  async leave(gameId: string, token: string | undefined): Promise<GameRecord> {
    const { seat } = await this.authenticate(gameId, token);
    const game = await this.get(gameId);
    if (seat === game.creatorSeat) {
      throw new ApiError('FORBIDDEN', 'The creator cannot leave the game they host.');
    }
    await this.db.transaction(async (tx) => {
      await lockLobby(tx, gameId);
      const left = await tx
        .update(seats)
        .set({
          name: null,
          tokenHash: null,
          claimedAt: null,
          ready: false,
          race: 'random',
          holding: randomUUID(),
          entropyCommitment: null,
          entropy: null,
          entropyDrawn: false,
        })
        .where(and(eq(seats.gameId, gameId), eq(seats.seat, seat), inLobby(gameId)))
        .returning({ seat: seats.seat });
      if (left.length === 0) {
        throw new ApiError('GAME_ALREADY_STARTED', 'This game has already started.');
      }
      await voidRevealedShares(tx, gameId);
    });
    for (const listener of this.#releaseListeners) {
      listener({ gameId, seat, tokenHash: hashToken(token ?? '') });
    }
    this.#changed(gameId);
    return this.get(gameId);
  }

  /**
   * A seat reveals its share of the dice (docs/fair-dice.md): only once every seat is taken and
   * committed, so every share was committed before any is known, and only the bytes it committed
   * to. Seat changes and reveals take turns on the game's row, so none slips between the check and
   * the write.
   */
  async revealShare(
    gameId: string,
    token: string | undefined,
    entropy: string,
  ): Promise<GameRecord> {
    const { seat } = await this.authenticate(gameId, token);
    await this.db.transaction(async (tx) => {
      await lockLobby(tx, gameId);
      const seatRows = await tx.select().from(seats).where(eq(seats.gameId, gameId));
      // A bot put in before seats had shares gets one now, before any player's share is known.
      await drawMissingBotShares(tx, gameId, seatRows);
      const waiting = seatRows.filter((s) => !isTaken(s) || s.entropyCommitment === null);
      if (waiting.length > 0) {
        throw new ApiError('NOT_READY', REVEAL_TOO_EARLY, {
          seats: waiting.map((s) => s.seat),
        });
      }
      const committed = seatRows.find((s) => s.seat === seat)?.entropyCommitment;
      if (committed !== entropyCommitment(entropy)) {
        throw new ApiError(
          'BAD_REQUEST',
          'These are not the bytes this seat committed to when it was taken.',
        );
      }
      await tx
        .update(seats)
        .set({ entropy })
        .where(and(eq(seats.gameId, gameId), eq(seats.seat, seat)));
    });
    this.#changed(gameId);
    return this.get(gameId);
  }

  /**
   * A seat commits to a new share of the dice (docs/fair-dice.md): its share was void (a seat
   * changed after a reveal), its browser lost the bytes, or the server had drawn it. A share the
   * seat revealed stays. Since the server has seen whatever players revealed, their shares are
   * void and they commit anew, as after any seat change.
   */
  async commitShare(
    gameId: string,
    token: string | undefined,
    commitment: string,
  ): Promise<GameRecord> {
    const { seat } = await this.authenticate(gameId, token);
    await this.db.transaction(async (tx) => {
      await lockLobby(tx, gameId);
      const [row] = await tx
        .select()
        .from(seats)
        .where(and(eq(seats.gameId, gameId), eq(seats.seat, seat)));
      if (row !== undefined && row.entropy !== null && !row.entropyDrawn) {
        throw new ApiError('CONFLICT', SHARE_ALREADY_REVEALED);
      }
      await tx
        .update(seats)
        .set({ entropyCommitment: commitment, entropy: null, entropyDrawn: false })
        .where(and(eq(seats.gameId, gameId), eq(seats.seat, seat)));
      await voidRevealedShares(tx, gameId);
    });
    this.#changed(gameId);
    return this.get(gameId);
  }

  /** The creator's seat, for what only the creator may do; anyone else gets FORBIDDEN. */
  async #creator(gameId: string, token: string | undefined, what: string): Promise<GameRecord> {
    const { seat } = await this.authenticate(gameId, token);
    const game = await this.get(gameId);
    if (seat !== game.creatorSeat) {
      throw new ApiError('FORBIDDEN', `Only the creator can ${what}.`);
    }
    return game;
  }

  /**
   * The creator fills a free seat with a bot, which picks a free race and is ready at once; on a
   * seat that already has a bot, only how it plays changes. A person's seat is never taken.
   */
  async addBot(
    gameId: string,
    token: string | undefined,
    seat: number,
    policy: BotPolicyName,
  ): Promise<GameRecord> {
    const game = await this.#creator(gameId, token, 'add bots');
    const target = game.seats[seat];
    if (!target) {
      throw new ApiError('SEAT_NOT_FOUND', `This game has seats 1 to ${game.seats.length}.`);
    }
    if (game.status !== 'lobby') {
      throw new ApiError('GAME_ALREADY_STARTED', 'This game has already started.');
    }
    const takenRaces = new Set(game.seats.filter((s) => s.seat !== seat).map((s) => s.race));
    const set: Partial<SeatRow> =
      target.bot === undefined
        ? {
            bot: policy,
            name: `${BOT_NAMES[policy]} ${String(seat + 1)}`,
            race: raceForBot(gameId, seat, takenRaces),
            ready: true,
            holding: randomUUID(),
            ...share(undefined),
          }
        : { bot: policy };
    // Guarded like a claim: a person who took the seat a moment ago keeps it.
    const free = and(
      eq(seats.gameId, gameId),
      eq(seats.seat, seat),
      isNull(seats.tokenHash),
      inLobby(gameId),
    );
    let updated: { seat: number }[];
    try {
      updated = await this.db.update(seats).set(set).where(free).returning({ seat: seats.seat });
    } catch (error) {
      // Someone chose the bot's race at the same moment: the bot takes whatever is left at start.
      if (!isUniqueViolation(error)) throw error;
      updated = await this.db
        .update(seats)
        .set({ ...set, race: 'random' })
        .where(free)
        .returning({ seat: seats.seat });
    }
    if (updated.length === 0) {
      const now = await this.get(gameId);
      if (now.status !== 'lobby') {
        throw new ApiError('GAME_ALREADY_STARTED', 'This game has already started.');
      }
      throw new ApiError('SEAT_TAKEN', `Seat ${String(seat + 1)} is taken by a player.`);
    }
    this.#changed(gameId);
    return this.get(gameId);
  }

  /** The creator takes a bot out of its seat before the start; the seat is free again. */
  async removeBot(gameId: string, token: string | undefined, seat: number): Promise<GameRecord> {
    await this.#creator(gameId, token, 'remove bots');
    const removed = await this.db.transaction(async (tx) => {
      await lockLobby(tx, gameId);
      const freed = await tx
        .update(seats)
        .set({
          bot: null,
          name: null,
          ready: false,
          race: 'random',
          holding: randomUUID(),
          entropyCommitment: null,
          entropy: null,
          entropyDrawn: false,
        })
        .where(
          and(
            eq(seats.gameId, gameId),
            eq(seats.seat, seat),
            isNotNull(seats.bot),
            inLobby(gameId),
          ),
        )
        .returning({ seat: seats.seat });
      if (freed.length > 0) await voidRevealedShares(tx, gameId);
      return freed;
    });
    if (removed.length === 0) {
      const now = await this.get(gameId);
      if (now.status !== 'lobby') {
        throw new ApiError('GAME_ALREADY_STARTED', 'This game has already started.');
      }
      throw new ApiError('NOT_FOUND', `Seat ${String(seat + 1)} has no bot.`);
    }
    this.#changed(gameId);
    return this.get(gameId);
  }

  /**
   * Marks a person's seat of a running game as played by a bot while its player is away (or
   * gives it back); everyone at the table gets the new lobby record. Answers whether it changed.
   */
  async setHandedOver(gameId: string, seat: number, handedOver: boolean): Promise<boolean> {
    const changed = await this.db
      .update(seats)
      .set({ handedOver })
      .where(
        and(
          eq(seats.gameId, gameId),
          eq(seats.seat, seat),
          isNull(seats.bot),
          ne(seats.handedOver, handedOver),
        ),
      )
      .returning({ seat: seats.seat });
    if (changed.length === 0) return false;
    this.#changed(gameId);
    return true;
  }

  /**
   * The creator starts a game whose seats are all taken and ready (the creator's own start is its
   * ready mark): the initial state becomes snapshot 0 in the same transaction that flips the status,
   * so a started game always has a state to load.
   */
  async start(
    gameId: string,
    token: string | undefined,
  ): Promise<{ game: GameRecord; state: GameState }> {
    const { seat } = await this.authenticate(gameId, token);
    const state = await this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(games).where(eq(games.id, gameId)).for('update');
      if (!row) throw new ApiError('GAME_NOT_FOUND', 'There is no such game.');
      if (seat !== row.creatorSeat) {
        throw new ApiError('FORBIDDEN', 'Only the creator can start the game.');
      }
      if (row.status !== 'lobby') {
        throw new ApiError('GAME_ALREADY_STARTED', 'This game has already started.');
      }
      const seatRows = await tx
        .select()
        .from(seats)
        .where(eq(seats.gameId, gameId))
        .orderBy(asc(seats.seat))
        .for('update');
      const waiting = seatRows.filter(
        (s) => !isTaken(s) || (!s.ready && s.seat !== row.creatorSeat),
      );
      if (waiting.length > 0) {
        const who = waiting.map((s) => ({
          seat: s.seat,
          name: s.name,
          taken: isTaken(s),
        }));
        throw new ApiError('NOT_READY', startWaitingFor(who), {
          seats: waiting.map((s) => s.seat),
        });
      }
      await drawMissingBotShares(tx, gameId, seatRows);
      // Every share is in: committed and revealed, or drawn by the server (a bot's).
      const unrevealed = seatRows.filter((s) => s.entropy === null);
      if (unrevealed.length > 0) {
        throw new ApiError('NOT_READY', sharesWaitingFor(unrevealed), {
          seats: unrevealed.map((s) => s.seat),
        });
      }
      const lobbyOptions = LobbyOptionsSchema.parse(row.options);
      const options = gameOptionsFromLobby(
        lobbyOptions,
        seatRows.map((s) => ({
          ...(s.name === null ? {} : { name: s.name }),
          race: s.race as never,
        })),
      );
      let initial: GameState;
      try {
        initial = createGame(
          options,
          diceSeed(
            row.seed,
            seatRows.map((s) => s.entropy ?? ''),
          ),
        );
      } catch (error) {
        throw new ApiError('BAD_REQUEST', `The game cannot start: ${(error as Error).message}`);
      }
      await tx
        .insert(snapshots)
        .values({ gameId, seq: 0, state: initial, rulesVersion: RULES_VERSION });
      await tx
        .update(games)
        .set({ status: 'playing', startedAt: new Date() })
        .where(eq(games.id, gameId));
      return initial;
    });
    this.#changed(gameId);
    return { game: await this.get(gameId), state };
  }
}

/**
 * A newly taken seat's share of the dice: the commitment the player's browser sent, to be revealed
 * later, or bytes the server draws now (a bot's seat, a client that sent none), revealed at once.
 */
function share(commitment: string | undefined): {
  entropyCommitment: string;
  entropy: string | null;
  entropyDrawn: boolean;
} {
  if (commitment !== undefined) {
    return { entropyCommitment: commitment, entropy: null, entropyDrawn: false };
  }
  const entropy = newEntropy();
  return { entropyCommitment: entropyCommitment(entropy), entropy, entropyDrawn: true };
}

/** Holds the game's row until the transaction ends: seat changes, reveals and the start take turns. */
async function lockLobby(tx: Tx, gameId: string): Promise<void> {
  const [row] = await tx
    .select({ status: games.status })
    .from(games)
    .where(eq(games.id, gameId))
    .for('update');
  if (!row) throw new ApiError('GAME_NOT_FOUND', 'There is no such game.');
  if (row.status !== 'lobby') {
    throw new ApiError('GAME_ALREADY_STARTED', 'This game has already started.');
  }
}

/**
 * After a seat changed hands or a seat committed anew: every share a player revealed is void, for
 * the server has seen it while a commitment was still to come (docs/fair-dice.md). Those seats
 * commit to new bytes; shares the server drew, and shares committed but not revealed, stay.
 */
async function voidRevealedShares(tx: Tx, gameId: string): Promise<void> {
  await tx
    .update(seats)
    .set({ entropyCommitment: null, entropy: null })
    .where(and(eq(seats.gameId, gameId), eq(seats.entropyDrawn, false), isNotNull(seats.entropy)));
}

/** A bot's seat without a share (put in before seats had shares) gets one the server draws. */
async function drawMissingBotShares(tx: Tx, gameId: string, seatRows: SeatRow[]): Promise<void> {
  for (const s of seatRows.filter((r) => r.bot !== null && r.entropyCommitment === null)) {
    Object.assign(s, share(undefined));
    await tx
      .update(seats)
      .set({
        entropyCommitment: s.entropyCommitment,
        entropy: s.entropy,
        entropyDrawn: true,
      })
      .where(and(eq(seats.gameId, gameId), eq(seats.seat, s.seat)));
  }
}

const BOT_NAMES: Record<BotPolicyName, string> = { heuristic: 'Bot', random: 'Random bot' };

function isTaken(s: SeatRow): boolean {
  return s.tokenHash !== null || s.bot !== null;
}

/** A free race for a bot, the same one for the same game and seat (no dice of the game's own). */
function raceForBot(gameId: string, seat: number, takenRaces: ReadonlySet<string>): string {
  const free = RACE_IDS.filter((race) => !takenRaces.has(race));
  if (free.length === 0) return 'random';
  const digest = createHash('sha256')
    .update(`${gameId}\u0000${String(seat)}`)
    .digest();
  return free[digest.readUInt32BE(0) % free.length] ?? 'random';
}

function inLobby(gameId: string) {
  return sql`exists (select 1 from ${games} where ${games.id} = ${gameId} and ${games.status} = 'lobby')`;
}

function toRecord(row: GameRow, seatRows: SeatRow[]): GameRecord {
  return {
    id: row.id,
    // A game made before games had names is named after its host.
    title:
      row.title ?? defaultGameTitle(seatRows.find((s) => s.seat === row.creatorSeat)?.name ?? null),
    status: row.status,
    options: row.options as Record<string, unknown>,
    seats: seatRows.map((s) => ({
      seat: s.seat,
      name: s.name,
      race: s.race,
      ready: s.ready,
      taken: isTaken(s),
      ...(s.bot === null ? {} : { bot: s.bot as BotPolicyName }),
      ...(s.handedOver ? { handedOver: true } : {}),
      ...(s.entropyCommitment === null ? {} : { entropyCommitment: s.entropyCommitment }),
      ...(s.entropy === null ? {} : { entropyRevealed: true }),
      ...(s.entropy === null || row.status === 'lobby' ? {} : { entropy: s.entropy }),
    })),
    creatorSeat: row.creatorSeat,
    seedCommitment: row.seedCommitment,
    seed: row.status === 'over' ? row.seed : null,
    seq: row.seq,
    winner: row.winner ?? null,
    winners: Array.isArray(row.winners) ? (row.winners as number[]) : null,
    createdAt: row.createdAt.toISOString(),
  };
}
