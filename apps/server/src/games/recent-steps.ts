import { decisionsOf } from '@outer-rim/rules';
import type { GameState } from '@outer-rim/rules';

/**
 * A recent step of a game: who made it and with which client id (undefined: not known here, as
 * for the state a game was loaded at) and, once asked, signatures.
 */
export interface Step {
  state: GameState;
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
 * judged from the log (a snapshot and the actions after it). Each step kept holds its state and
 * the views cut from it: 64 of them took a fifth of the memory of a game under load.
 */
const MAX_REMEMBERED_STEPS = 8;

/** What `seat` is asked to decide in `state`, as one comparable string ('' when nothing). */
export function decisionSignature(state: GameState, seat: number): string {
  return JSON.stringify(
    decisionsOf(state)
      .filter((d) => d.seat === seat)
      .map((d) => [d.kind, d.prompt]),
  );
}

/** A remembered step's decision signature for `seat`, worked out once. */
export function signatureOf(step: Step, seat: number): string {
  step.signatures ??= [];
  step.signatures[seat] ??= decisionSignature(step.state, seat);
  return step.signatures[seat];
}

/**
 * The last MAX_REMEMBERED_STEPS steps of each game held (states share their unchanged parts), per
 * game: seq -> the state right after that seq, who acted, and signatures once computed.
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
