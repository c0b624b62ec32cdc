import {
  apply,
  createGame,
  gameOptionsFromLobby,
  LobbyOptionsSchema,
  view as viewOf,
  type GameEvent,
  type GameOptionsInput,
  type GameView,
} from '@outer-rim/rules';
import { raceChoice } from '../lobby/race';
import type { GameRecord } from '../net/protocol';
import type { LogEntry } from '../play/live-game';

/**
 * The options the game started with, joined from the lobby record exactly as
 * the server joins them at start (the rules package's own function).
 */
export function startOptions(record: GameRecord): GameOptionsInput | undefined {
  const lobby = LobbyOptionsSchema.safeParse(record.options);
  if (!lobby.success) return undefined;
  return gameOptionsFromLobby(
    lobby.data,
    record.seats.map((s) => ({
      ...(s.name === null ? {} : { name: s.name }),
      race: raceChoice(s.race),
    })),
  );
}

/** One entry of the public log, as the replay reads it. */
export interface PublicEntry {
  readonly seq: number;
  readonly seat: number;
  readonly events: readonly unknown[];
  /** Published once the game is over. */
  readonly action?: unknown;
}

export interface Replay {
  /**
   * `board`: the game is over and the browser rebuilt every step itself from
   * the revealed seed and actions; `remote`: the actions are still secret (a
   * running game) or the start options are unknown here, so each step's
   * spectator view is asked of the server; `log`: a finished game whose
   * public log does not replay, shown as words only rather than a wrong board.
   */
  readonly mode: 'board' | 'remote' | 'log';
  /** views[k] is the board after k actions; views[0] is the start. Only in `board` mode. */
  readonly views: readonly GameView[];
  readonly entries: readonly LogEntry[];
}

/**
 * Rebuilds a game step by step from its public log. With the seed revealed,
 * the rules package replays every action exactly as the server did (the
 * engine is deterministic), so each step's board is the real one.
 */
export function buildReplay(
  options: GameOptionsInput | undefined,
  seed: string | null,
  log: readonly PublicEntry[],
): Replay {
  const entries: LogEntry[] = log.map((e) => ({
    seq: e.seq,
    seat: e.seat,
    events: e.events as GameEvent[],
  }));
  if (options === undefined || seed === null || log.some((e) => e.action === undefined)) {
    return { mode: 'remote', views: [], entries };
  }
  try {
    let state = createGame(options, seed);
    const views: GameView[] = [viewOf(state, 'spectator')];
    for (const entry of log) {
      const result = apply(state, entry.seat, entry.action);
      if (!result.ok) return { mode: 'log', views: [], entries };
      state = result.state;
      views.push(viewOf(state, 'spectator'));
    }
    return { mode: 'board', views, entries };
  } catch {
    // Options the engine no longer accepts (an old game): the server still has its snapshots.
    return { mode: 'remote', views: [], entries };
  }
}
