import type { Action } from '../actions/schema.js';
import { apply } from '../apply.js';
import { decisions } from '../decisions.js';
import { legalActions } from '../legal-actions.js';
import type { GameOptionsInput } from '../options.js';
import { createGame } from '../setup/create-game.js';
import type { PhaseName } from '../state/phase.js';
import type { GameState, Seat } from '../state/types.js';

export function options(players: number, extra: Partial<GameOptionsInput> = {}): GameOptionsInput {
  return {
    players: Array.from({ length: players }, () => ({ race: 'random' as const })),
    ...extra,
  };
}

/** The action that closes a seat's part in the current step without doing anything. */
export function passAction(state: GameState, seat: Seat): Action | undefined {
  const legal = legalActions(state, seat);
  const closing = legal.find((a) =>
    [
      'end-market',
      'end-purchase',
      'end-turn',
      'pass-technology',
      'end-placement',
      'pass-card',
      'answer-trade',
    ].includes(a.type),
  );
  return closing ?? legal[0];
}

export function mustApply(state: GameState, seat: Seat, action: unknown): GameState {
  const r = apply(state, seat, action);
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.state;
}

/** Passes through the game until it waits in `phase` (at most `limit` actions). */
export function advanceTo(state: GameState, phase: PhaseName, limit = 500): GameState {
  let s = state;
  for (let i = 0; i < limit; i++) {
    // A card window opened as the phase began (BG-9) is passed: the caller wants the phase itself.
    if (s.phase.name === phase) return passWindows(s);
    const d = decisions(s)[0];
    if (d === undefined) throw new Error(`stuck in ${s.phase.name}`);
    const a = passAction(s, d.seat);
    if (a === undefined) throw new Error(`no action for seat ${d.seat} in ${s.phase.name}`);
    s = mustApply(s, d.seat, a);
  }
  throw new Error(`did not reach ${phase}`);
}

export function newGame(
  players: number,
  extra: Partial<GameOptionsInput> = {},
  seed = 'test',
): GameState {
  return createGame(options(players, extra), seed);
}

/** Freezes every object reachable from `value`, so any write to it throws. */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value as Record<string, unknown>)) deepFreeze(v);
  }
  return value;
}

export function withPlayer(
  state: GameState,
  seat: Seat,
  patch: Partial<GameState['players'][number]>,
): GameState {
  return {
    ...state,
    players: state.players.map((p, i) => (i === seat ? { ...p, ...patch } : p)),
  };
}

/** BG-9: every seat asked in the open action-card window passes, until no window is open. */
export function passWindows(state: GameState): GameState {
  let s = state;
  for (let i = 0; i < 200 && s.window !== undefined; i++) {
    const d = decisions(s)[0];
    if (d === undefined) break;
    s = mustApply(
      s,
      d.seat,
      d.kind === 'trade' ? { type: 'answer-trade', accept: false } : { type: 'pass-card' },
    );
  }
  return s;
}
