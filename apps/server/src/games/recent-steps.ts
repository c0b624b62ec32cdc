import { HiddenSlot, decisionsOf } from '@outer-rim/rules';
import type { Decision, GameState } from '@outer-rim/rules';

/**
 * A recent step of a game: who made it and with which client id (undefined: not known here, as
 * for the state a game was loaded at) and its seats' decision signatures. The newest step holds
 * its state, whose signatures are worked out as they are asked; a step that a newer one follows
 * keeps every seat's signature instead, and lets its state go.
 */
export interface Step {
  state: GameState | undefined;
  seat: number | undefined;
  clientId: string | undefined;
  signatures?: string[];
}

/** Who committed a step: its seat and the client id it was sent with. */
export interface Author {
  seat: number;
  clientId: string;
}

/**
 * Steps kept per game, for judging actions decided on a recent state: one for each seat of the
 * largest table, time for every other seat to act once while one decides. An older decision is
 * judged from the log (a snapshot and the actions after it). Only the newest holds its state
 * (with the views cut from it, 64 states kept took a fifth of the memory of a game under load).
 */
const MAX_REMEMBERED_STEPS = 8;

/** What `seat` is asked to decide in `state`, as one comparable string ('[]' when nothing). */
export function decisionSignature(state: GameState, seat: number): string {
  return decisionSignatures(state)[seat] ?? signatureOfDecisions([], seat);
}

const signaturesOfStates = new HiddenSlot<GameState, readonly string[]>('decisionSignatures');

/**
 * Every seat's `decisionSignature` in `state`, worked out once for all of them and kept beside
 * the state: the judge of stale actions and the step's fan-out (who must hear of it at once) ask
 * the same.
 */
export function decisionSignatures(state: GameState): readonly string[] {
  let known = signaturesOfStates.get(state);
  if (known === undefined) {
    const decisions = decisionsOf(state);
    known = state.players.map((_, seat) => signatureOfDecisions(decisions, seat));
    signaturesOfStates.set(state, known);
  }
  return known;
}

/** What `seat` is asked among `decisions` (a state's, or a view's: they are the same). */
export function signatureOfDecisions(decisions: readonly Decision[], seat: number): string {
  return JSON.stringify(decisions.filter((d) => d.seat === seat).map((d) => [d.kind, d.prompt]));
}

/** A remembered step's decision signature for `seat`, worked out once. */
export function signatureOf(step: Step, seat: number): string {
  step.signatures ??= [];
  const known = step.signatures[seat];
  if (known !== undefined) return known;
  // A step that let its state go kept every seat's signature: this is no seat of the game.
  if (step.state === undefined) return signatureOfDecisions([], seat);
  const signature = decisionSignature(step.state, seat);
  step.signatures[seat] = signature;
  return signature;
}

/**
 * A step a newer one now follows: every seat's signature worked out from its state (the rules'
 * decisions once for all of them), and the state let go. A state kept for the eight steps after
 * it lives about a second at a busy table, long enough for the collector to move it and the
 * views cut from it into the old generation, where dropping them costs a full collection; the
 * head's state is held by the cache anyway.
 */
function settle(step: Step): void {
  const { state } = step;
  if (state === undefined) return;
  const signatures = decisionSignatures(state);
  step.signatures ??= [];
  for (let seat = 0; seat < signatures.length; seat++) {
    step.signatures[seat] ??= signatures[seat] as string;
  }
  step.state = undefined;
}

/**
 * The last MAX_REMEMBERED_STEPS steps of each game held, per game: seq -> who acted, and the
 * seats' signatures right after that seq (the newest step: the state, and signatures once asked).
 */
export class RecentSteps {
  readonly #steps = new Map<string, Map<number, Step>>();

  of(gameId: string): ReadonlyMap<number, Step> | undefined {
    return this.#steps.get(gameId);
  }

  /** Keeps one step (signatures are computed only when asked), forgetting the oldest past the limit. */
  remember(gameId: string, seq: number, state: GameState, by: Author | undefined): void {
    let steps = this.#steps.get(gameId);
    if (!steps) {
      steps = new Map();
      this.#steps.set(gameId, steps);
    }
    if (steps.has(seq)) return;
    for (const step of steps.values()) settle(step);
    steps.set(seq, { state, seat: by?.seat, clientId: by?.clientId });
    for (const old of steps.keys()) {
      if (steps.size <= MAX_REMEMBERED_STEPS) break;
      steps.delete(old);
    }
  }

  forget(gameId: string): void {
    this.#steps.delete(gameId);
  }
}
