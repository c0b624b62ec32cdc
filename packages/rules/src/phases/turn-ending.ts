import type { Draft } from '../state/draft.js';
import type { Seat, Table } from '../state/types.js';

/*
 * BG-2: a turn its player is ending (`TurnsPhase.ending`) runs on through the segments that wait
 * for nobody to its end (phases/individual-turns.ts `stepTurn`); the window before its Movement
 * segment passes that player by when nothing in their hand fits (cards/window.ts). Both read and
 * end it here.
 */

/** The active seat while it is ending its turn, if `seat` is that seat. */
export function endingSeat(t: Table, seat: Seat): Seat | undefined {
  const phase = t.phase;
  if (phase.name !== 'individual-turns') return undefined;
  return phase.ending === true && phase.active === seat ? seat : undefined;
}

/** The active player takes the turn back (a decision, a fight, a card played): it no longer ends by itself. */
export function keepTurn(d: Draft): void {
  const phase = d.s.phase;
  if (phase.name !== 'individual-turns' || phase.ending !== true) return;
  const { ending: _e, ...rest } = phase;
  d.s.phase = rest;
}
