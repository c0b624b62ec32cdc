import type { Action } from './actions/schema.js';
import { apply } from './apply.js';
import type { GameOptionsInput } from './options.js';
import { createGame } from './setup/create-game.js';
import type { GameState, Seat } from './state/types.js';

export interface ReplayError extends Error {
  readonly index: number;
}

/**
 * Rebuilds a game from its options, seed and accepted actions: the same
 * state, bit for bit, as applying them one by one. Throws if a stored
 * action is refused, because that means the log and the engine disagree.
 */
export function replay(
  options: GameOptionsInput,
  seed: string,
  actions: readonly { seat: Seat; action: Action }[],
): GameState {
  let state = createGame(options, seed);
  actions.forEach(({ seat, action }, index) => {
    const r = apply(state, seat, action);
    if (!r.ok) {
      throw Object.assign(
        new Error(`replay: action ${index} refused: ${r.error.code} ${r.error.message}`),
        {
          index,
        },
      );
    }
    state = r.state;
  });
  return state;
}
