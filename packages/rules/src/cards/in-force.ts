import type { Draft } from '../state/draft.js';
import type { Seat, Table } from '../state/types.js';
import type { CardEffect } from './types.js';

/**
 * BG-9: effects of resolved cards that last (a turn, a combat round, a
 * phase, a round). The rules that a card changes ask here; sibling modules
 * (politics/, technology/) read the political and technology cards the same
 * way: `effectsInForce(t, 'thugs')`.
 */
export function effectsInForce(t: Table, card: string, seat?: Seat): CardEffect[] {
  return t.cardEffects.filter((e) => e.card === card && (seat === undefined || e.seat === seat));
}

export function inForce(t: Table, card: string, seat?: Seat): boolean {
  return t.cardEffects.some((e) => e.card === card && (seat === undefined || e.seat === seat));
}

export function addEffect(d: Draft, effect: CardEffect): void {
  d.s.cardEffects = [...d.s.cardEffects, effect];
}

/** Ends the card effects that last until `until` is over (the round machine and combat call this). */
export function expireEffects(d: Draft, until: CardEffect['until']): void {
  if (!d.s.cardEffects.some((e) => e.until === until)) return;
  d.s.cardEffects = d.s.cardEffects.filter((e) => e.until !== until);
}

/** Morale Boost: +1 on every combat roll of `seat` in the round it was played for. */
export function combatRollBonus(t: Table, seat: Seat | string): number {
  if (typeof seat !== 'number') return 0;
  return effectsInForce(t, 'morale-boost', seat).length;
}
