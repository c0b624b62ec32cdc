import type { Action } from '../actions/schema.js';
import { apply } from '../apply.js';
import { politicalDeck } from '../content/political-cards.js';
import { decisions } from '../decisions.js';
import { legalActions } from '../legal-actions.js';
import type { GameEvent } from '../events.js';
import { enterPolitical } from '../phases/political.js';
import type { LawInForce } from '../politics/types.js';
import { STEPS, run } from '../resume.js';
import { Draft } from '../state/draft.js';
import type { GameState, Seat } from '../state/types.js';
import { movementTable } from './board.js';

/**
 * Test tables for BG-8: a three-player game (Sol, Letnev, Hacan; no
 * leaders) with only the home systems and Mecatol Rex on the board, so a
 * test knows every planet and every point of influence.
 */
export function councilTable(seed = 'council', players = 3): GameState {
  // The first round's own Political phase is behind this table: start the council afresh.
  // Nobody is asked about action cards (BG-9) unless a test says so: the windows are tested apart.
  // The table comes from a turn that may wait in a card window: the council starts with none open.
  const { politics: _done, window: _open, ...s } = movementTable(seed, players).state;
  // BG-1 Letnev Isolation: the Letnev (seat 1) votes only in a trade agreement; give it one with the Hacan.
  const tradeAgreements =
    players > 2 ? [{ seats: [1, 2] as [Seat, Seat], card: 'trade-agreement#1' }] : [];
  return { ...s, tradeAgreements, neverAsk: s.players.map((_, seat) => seat) };
}

/**
 * Opens the Political phase on `state` with `top` the top of the political
 * deck (in that order), through the engine's own entry and its steps up to the first that
 * waits (the phase is not left when it owes nothing: a test reads where it ended).
 */
export function openCouncil(
  state: GameState,
  top: readonly string[] = [],
): { state: GameState; events: GameEvent[] } {
  const base = state.politics ?? { deck: politicalDeck(), discard: [], laws: [] };
  const rest = base.deck.filter((c) => !top.includes(c));
  const d = new Draft({ ...state, politics: { ...base, deck: [...top, ...rest] } }, STEPS);
  enterPolitical(d);
  run(d, false);
  return { state: d.finish(), events: d.events };
}

/** A law already in force (passed in round `since`, by default the current round). */
export function withLaw(
  state: GameState,
  card: string,
  extra: Partial<Omit<LawInForce, 'card'>> = {},
): GameState {
  const base = state.politics ?? { deck: politicalDeck(), discard: [], laws: [] };
  const law: LawInForce = { card, since: state.round, ...extra };
  return {
    ...state,
    politics: { ...base, deck: base.deck.filter((c) => c !== card), laws: [...base.laws, law] },
  };
}

/**
 * Answers every vote (and tie-break) the game asks for with `choose(seat)`
 * until the vote is over (or `max` votes); other decisions stop it.
 */
export function voteAll(
  state: GameState,
  choose: (seat: Seat) => Action,
  max = 20,
): { state: GameState; events: GameEvent[] } {
  let s = state;
  const events: GameEvent[] = [];
  for (let i = 0; i < max; i++) {
    const d = decisions(s).find((x) => x.kind === 'vote');
    if (d === undefined || s.phase.name !== 'political') break;
    const r = apply(s, d.seat, choose(d.seat));
    if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
    events.push(...r.events);
    s = r.state;
  }
  return { state: s, events };
}

export const FOR: Action = { type: 'vote', ballot: 'for' };
export const AGAINST: Action = { type: 'vote', ballot: 'against' };
export const ABSTAIN: Action = { type: 'vote', ballot: 'abstain' };
export const electPlayer = (player: Seat): Action => ({ type: 'vote', ballot: 'elect', player });
export const electPlanet = (planet: string): Action => ({ type: 'vote', ballot: 'elect', planet });
export const electLaw = (law: string): Action => ({ type: 'vote', ballot: 'elect', law });

/** The seat's legal actions without the any-time ones (BG-9's "ask me again" setting). */
export function phaseActions(state: GameState, seat: Seat): Action[] {
  return legalActions(state, seat).filter(
    (a) => a.type !== 'card-prompts' && a.type !== 'cancel-trade',
  );
}
