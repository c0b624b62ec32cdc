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
   * `board`: a spectator view for every step (the game is over, its seed and
   * actions are public); `log`: only the events, while a running game keeps
   * its actions to itself.
   */
  readonly mode: 'board' | 'log';
  /** views[k] is the board after k actions; views[0] is the start. Empty in `log` mode. */
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
    return { mode: 'log', views: [], entries };
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
    // Options the engine no longer accepts (an old game): the words still replay.
    return { mode: 'log', views: [], entries };
  }
}

/** The log as it stood after `step` actions, for the replay's log panel. */
export function entriesUpTo(replay: Replay, step: number): LogEntry[] {
  return replay.entries.slice(0, Math.max(0, Math.min(step, replay.entries.length)));
}
