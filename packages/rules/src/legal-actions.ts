import type { Action } from './actions/schema.js';
import { cancelTradeLegal } from './cards/trade.js';
import { windowLegal } from './cards/window.js';
import { escapeLegal, escapePending } from './leaders/escape.js';
import { buildingLegal } from './setup/galaxy-building.js';
import { drawLegal } from './phases/draw-action-cards.js';
import { turnLegal } from './phases/individual-turns.js';
import { marketLegal } from './phases/market.js';
import { placeLegal } from './phases/place-new-units.js';
import { politicalLegal } from './phases/political.js';
import { purchaseLegal } from './phases/purchase-units.js';
import { technologyLegal } from './phases/technology.js';
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
  // BG-9 / BG-11: the any-time actions (the "never ask me" setting, cancelling an agreement),
  // offered beside a decision the seat owes (apply accepts them at any moment).
  const own = phaseLegal(t, seat);
  if (own.length === 0) return [];
  const anyTime: Action[] = [
    ...cancelTradeLegal(t, seat),
    ...(t.neverAsk.includes(seat) ? [{ type: 'card-prompts', ask: true } as const] : []),
  ];
  return [...own, ...anyTime];
}

function phaseLegal(t: Table, seat: Seat): Action[] {
  if (escapePending(t)) return escapeLegal(t, seat);
  if (t.window !== undefined) return windowLegal(t, seat);
  const phase = t.phase;
  switch (phase.name) {
    case 'galaxy-building':
      return buildingLegal(t, phase, seat);
    case 'market':
      return marketLegal(t, phase, seat);
    case 'draw-action-cards':
      return drawLegal(t, seat);
    case 'purchase-units':
      return purchaseLegal(t, phase, seat);
    case 'individual-turns':
      return turnLegal(t, phase, seat);
    case 'political':
      return politicalLegal(t, phase, seat);
    case 'technology':
      return technologyLegal(t, phase, seat);
    case 'place-new-units':
      return placeLegal(t, phase, seat);
    case 'game-over':
      return [];
  }
}
