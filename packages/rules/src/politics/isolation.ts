import { hasAbility } from '../state/abilities.js';
import type { Seat, Table } from '../state/types.js';

/**
 * BG-1 Letnev Isolation: the Letnev may not vote in the Political phase
 * while in no active trade agreement. Their turn in the voting order stays
 * (the order is public and fixed), but the only ballot they may cast is to
 * abstain. The reason, in words, or null when `seat` may vote.
 */
export function voteBarredReason(t: Table, seat: Seat): string | null {
  if (!hasAbility(t, seat, 'letnev-isolation')) return null;
  if (t.tradeAgreements.some((a) => a.seats.includes(seat))) return null;
  return 'Isolation: the Barony of Letnev may not vote while in no active trade agreement, so you may only abstain.';
}
