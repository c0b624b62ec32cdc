import type { Action } from '../actions/schema.js';
import { apply } from '../apply.js';
import { decisions } from '../decisions.js';
import type { GameEvent } from '../events.js';
import { legalActions } from '../legal-actions.js';
import type { GameState, Seat } from '../state/types.js';

/**
 * Random legal play for tests and the bench: a tiny seeded LCG picks a
 * decision and one of its legal actions (test-side randomness, kept apart
 * from the engine's PRNG on purpose).
 */
export interface PlayedAction {
  seat: Seat;
  action: Action;
}

export function lcg(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 0x1_0000_0000;
  };
}

/**
 * Uniform over the legal actions, except that landing on a planet (BG-7)
 * and moving with loaded Carriers (BG-5) are favoured when offered: picked
 * uniformly, carriers wander off empty and invasions of held planets almost
 * never happen, so the property tests would not reach them.
 */
export function pickAction(actions: readonly Action[], rnd: () => number): Action | undefined {
  // BG-9 / BG-11: cards are played when they can be, trade offers mostly accepted; the "never
  // ask me" setting and cancelling agreements are rare, or games would soon hold neither.
  const plays = actions.filter((a) => a.type === 'play-card');
  if (plays.length > 0 && rnd() < 0.5) return plays[Math.floor(rnd() * plays.length)];
  if (actions.some((a) => a.type === 'answer-trade')) {
    return { type: 'answer-trade', accept: rnd() < 0.8 };
  }
  const rare = (a: Action): boolean =>
    a.type === 'cancel-trade' || (a.type === 'card-prompts' && !a.ask);
  if (actions.some(rare) && rnd() < 0.97) {
    const usual = actions.filter((a) => !rare(a));
    if (usual.length > 0) return pickFrom(usual, rnd);
  }
  return pickFrom(actions, rnd);
}

function pickFrom(actions: readonly Action[], rnd: () => number): Action | undefined {
  const lands = actions.filter((a) => a.type === 'land');
  if (lands.length > 0 && rnd() < 0.7) return lands[Math.floor(rnd() * lands.length)];
  // OR-6.2: leaders go aboard and down with invasions often enough to be captured and rescued.
  const leaders = actions.filter(
    (a) => a.type === 'board-leader' || (a.type === 'land' && a.leaders !== undefined),
  );
  if (leaders.length > 0 && rnd() < 0.5) return leaders[Math.floor(rnd() * leaders.length)];
  const loaded = actions.filter((a) => a.type === 'move' && (a.load?.length ?? 0) > 0);
  if (loaded.length > 0 && rnd() < 0.5) return loaded[Math.floor(rnd() * loaded.length)];
  return actions[Math.floor(rnd() * actions.length)];
}

export interface RandomPlayResult {
  state: GameState;
  played: PlayedAction[];
  /** How many events of each type the game produced (ships moved, rift rolls, ...). */
  tally: Partial<Record<GameEvent['type'], number>>;
  /** Set when play stopped because something went wrong. */
  problem?: string;
}

export function randomPlay(
  start: GameState,
  steps: number,
  seed: number,
  onStep?: (
    before: GameState,
    after: GameState,
    seat: Seat,
    action: Action,
    events: readonly GameEvent[],
  ) => void,
): RandomPlayResult {
  const rnd = lcg(seed);
  let state = start;
  const played: PlayedAction[] = [];
  const tally: RandomPlayResult['tally'] = {};
  for (let i = 0; i < steps; i++) {
    if (state.phase.name === 'game-over') break;
    const ds = decisions(state);
    const d = ds[Math.floor(rnd() * ds.length)];
    if (d === undefined)
      return { state, played, tally, problem: `no decision in ${state.phase.name}` };
    const actions = legalActions(state, d.seat);
    const action = pickAction(actions, rnd);
    if (action === undefined) {
      return {
        state,
        played,
        tally,
        problem: `seat ${d.seat} owes ${d.kind} but has no legal action`,
      };
    }
    const r = apply(state, d.seat, action);
    if (!r.ok) {
      return {
        state,
        played,
        tally,
        problem: `legal action refused: ${JSON.stringify(action)} -> ${r.error.code} ${r.error.message}`,
      };
    }
    for (const e of r.events) tally[e.type] = (tally[e.type] ?? 0) + 1;
    onStep?.(state, r.state, d.seat, action, r.events);
    played.push({ seat: d.seat, action });
    state = r.state;
  }
  return { state, played, tally };
}
