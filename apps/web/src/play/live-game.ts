import type { GameEvent, GameView, Viewer } from '@outer-rim/rules';
import { applyViewPatch, viewHash, type ViewPatch } from '../net/protocol';

/** One accepted action as this viewer saw it: who acted and what happened, in words-to-be. */
export interface LogEntry {
  readonly seq: number;
  readonly seat: number;
  readonly events: readonly GameEvent[];
}

/**
 * What the client knows of a running game. The server is the only source of
 * truth: the view is always one the server sent, never one computed here.
 */
export interface LiveGame {
  readonly seq: number;
  readonly viewer: Viewer;
  readonly view: GameView;
  /** Oldest first; deduplicated by seq. */
  readonly log: readonly LogEntry[];
  /** The seed, once the game is over. */
  readonly seed?: string;
}

export interface StateMessageIn {
  readonly seq: number;
  readonly viewer: Viewer;
  readonly view: GameView;
}

export interface UpdateMessageIn {
  readonly seq: number;
  readonly seat: number;
  readonly events: readonly GameEvent[];
  /** the change from the view at seq - 1, or else the whole view */
  readonly patch?: ViewPatch;
  readonly view?: GameView;
  /** viewHash of the view after this update */
  readonly hash: number;
  readonly seed?: string;
}

export type UpdateOutcome =
  | { readonly kind: 'applied'; readonly game: LiveGame }
  | { readonly kind: 'stale' }
  /** Updates were missed (a dropped packet, a restart): ask for a resync from `game.seq`. */
  | { readonly kind: 'gap' }
  /** The patch did not make the view the server has (its hash differs): ask for a resync. */
  | { readonly kind: 'mismatch' };

/** A full `state` replaces everything the client believed; the log keeps what it already had. */
export function fromState(message: StateMessageIn, previous?: LiveGame): LiveGame {
  const log = (previous?.log ?? []).filter((entry) => entry.seq <= message.seq);
  return {
    seq: message.seq,
    viewer: message.viewer,
    view: message.view,
    log,
    ...(previous?.seed === undefined ? {} : { seed: previous.seed }),
  };
}

export function applyUpdate(game: LiveGame, message: UpdateMessageIn): UpdateOutcome {
  if (message.seq <= game.seq) return { kind: 'stale' };
  if (message.seq !== game.seq + 1) return { kind: 'gap' };
  const view = viewAfter(game.view, message);
  if (view === undefined) return { kind: 'mismatch' };
  const seed = message.seed ?? game.seed;
  return {
    kind: 'applied',
    game: {
      seq: message.seq,
      viewer: game.viewer,
      view,
      log: mergeLog(game.log, [{ seq: message.seq, seat: message.seat, events: message.events }]),
      ...(seed === undefined ? {} : { seed }),
    },
  };
}

/** The view an update makes from the one held, if it makes the one the server hashed. */
function viewAfter(held: GameView, message: UpdateMessageIn): GameView | undefined {
  let next: GameView | undefined = message.view;
  if (message.patch !== undefined) {
    try {
      next = applyViewPatch(held, message.patch);
    } catch {
      return undefined;
    }
  }
  return next !== undefined && viewHash(next) === message.hash ? next : undefined;
}

/**
 * Adds log entries fetched from the public log (for what happened before this
 * page was opened). An entry already received live wins: it may carry this
 * seat's private details that the public log cuts.
 */
export function mergeLog(log: readonly LogEntry[], more: readonly LogEntry[]): LogEntry[] {
  const bySeq = new Map<number, LogEntry>();
  for (const entry of more) bySeq.set(entry.seq, entry);
  for (const entry of log) bySeq.set(entry.seq, entry);
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
}
