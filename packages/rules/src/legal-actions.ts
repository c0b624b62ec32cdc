import type { Action } from './actions/schema.js';
import { cancelTradeLegal } from './cards/trade.js';
import { frameRules } from './frames.js';
import { topFrame } from './pending.js';
import type { Seat, Table } from './state/types.js';

/**
 * Concrete actions `seat` may take now. Complete for every discrete choice
 * (every single-ship move, every rift roll and rift choice); where amounts
 * multiply the choices (market offers, purchase counts, fleets and their
 * loads: see `movementOptions`) a representative set that always includes
 * the way to finish the step.
 * Reads only what the seat's own view holds, so views and states agree.
 */
export function legalActions(t: Table, seat: Seat): Action[] {
  if (!Number.isInteger(seat) || seat < 0 || seat >= t.players.length) return [];
  if (t.phase.name === 'game-over') return [];
  const top = topFrame(t);
  const own = frameRules(top).legal(t, top, seat);
  if (own.length === 0) return [];
  // BG-9 / BG-11: the any-time actions (the "never ask me" setting, cancelling an agreement),
  // offered beside a decision the seat owes (apply accepts them at any moment).
  const anyTime: Action[] = [
    ...cancelTradeLegal(t, seat),
    ...(t.neverAsk.includes(seat) ? [{ type: 'card-prompts', ask: true } as const] : []),
  ];
  return [...own, ...anyTime];
}
