import type { Draft } from '../state/draft.js';
import { influenceOf, resourcesOf } from '../state/economy.js';
import type { Seat, Table } from '../state/types.js';

/** BG-2 sort keys, most important first; higher goes first. */
function keys(t: Table, seat: Seat): number[] {
  const p = t.players[seat];
  return [influenceOf(t, seat), resourcesOf(t, seat), p?.technologies.length ?? 0, p?.credits ?? 0];
}

function compareKeys(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < a.length; i++) {
    const d = (b[i] ?? 0) - (a[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/**
 * BG-2 Individual Turns order among `seats`: highest influence first; ties
 * by resources, then technologies, then credits, then the seeded tie-break
 * roll (higher first); a tie that survives all that goes to the lower seat.
 */
export function turnOrder(t: Table, seats: readonly Seat[], tiebreak: readonly number[]): Seat[] {
  const k = new Map(seats.map((s) => [s, [...keys(t, s), tiebreak[s] ?? 0]]));
  return seats.slice().sort((a, b) => compareKeys(k.get(a) ?? [], k.get(b) ?? []) || a - b);
}

/** Rolls the seeded tie-break (one d100 per seat) only when the printed keys tie. */
export function rollTiebreak(d: Draft): number[] {
  const seats = d.s.players.map((_, i) => i);
  const all = seats.map((s) => keys(d.s, s).join(','));
  if (new Set(all).size === all.length) return seats.map(() => 0);
  return d.roll('turn order tie-break', 100, seats.length);
}
