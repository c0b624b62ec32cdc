import { RACES } from '../content/races.js';
import type { Seat, Table } from './types.js';

/**
 * Racial abilities with no generic effect are applied by id where their rule
 * runs: this answers whether a seat's race has one.
 */
export function hasAbility(t: Table, seat: Seat, id: string): boolean {
  const p = t.players[seat];
  return p !== undefined && RACES[p.race].abilities.some((a) => a.id === id);
}

/** Every seat whose race has ability `id`, in seat order. */
export function seatsWithAbility(t: Table, id: string): Seat[] {
  return t.players.flatMap((_p, seat) => (hasAbility(t, seat, id) ? [seat] : []));
}
