import type { Action } from '../actions/schema.js';
import { apply } from '../apply.js';
import type { BotPolicy } from '../bots/policy.js';
import { decisions } from '../decisions.js';
import type { GameEvent } from '../events.js';
import type { GameState, Seat } from '../state/types.js';
import { view } from '../views/view.js';

export interface BotPlayed {
  state: GameState;
  actions: { seat: Seat; action: Action }[];
  events: GameEvent[];
  /** Why play stopped early: a seat with no choice, or an action `apply` refused. */
  refused: string[];
}

/**
 * Test helper: plays with every seat driven by its bot from its own view (as
 * a bot seat at a real table would), up to `limit` actions or the game's end.
 */
export function playBots(start: GameState, bots: readonly BotPolicy[], limit: number): BotPlayed {
  let state = start;
  const actions: BotPlayed['actions'] = [];
  const events: GameEvent[] = [];
  const refused: string[] = [];
  for (let i = 0; i < limit && state.phase.name !== 'game-over'; i++) {
    const d = decisions(state)[0];
    if (d === undefined) {
      refused.push(`no decision in ${state.phase.name}`);
      break;
    }
    const bot = bots[d.seat];
    const action = bot?.choose(view(state, d.seat), d.seat);
    if (action === undefined) {
      refused.push(`${bot?.name ?? '?'} seat ${d.seat} chose nothing for ${d.kind}`);
      break;
    }
    const r = apply(state, d.seat, action);
    if (!r.ok) {
      refused.push(
        `${bot?.name ?? '?'} ${JSON.stringify(action)}: ${r.error.code} ${r.error.message}`,
      );
      break;
    }
    actions.push({ seat: d.seat, action });
    events.push(...r.events);
    state = r.state;
  }
  return { state, actions, events, refused };
}
