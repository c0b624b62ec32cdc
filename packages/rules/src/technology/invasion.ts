import { destroy, groundIn, n, planetUnits, rollDice } from '../combat/forces.js';
import type { Invasion } from '../combat/types.js';
import { TECH_PARAMS } from '../content/technologies.js';
import type { Draft } from '../state/draft.js';
import type { Owner, Seat, Table, UnitCounts } from '../state/types.js';
import { hasTech } from './owned.js';

/**
 * BG-9 technologies of the Invasion Combat segment:
 * - Graviton Negator: the owner's Dreadnoughts may bombard planets with PDS,
 *   and its Fighters may land with its Ground Forces, roll in the ground
 *   rounds (never taking a planet alone) and go back to space afterwards;
 * - X-89 Bacterial Weapon: instead of bombarding, a Dreadnought destroys
 *   every Ground Force (Shock Forces too) on the planet, and the owner then
 *   discards all its action cards;
 * - Dacxive Animators: after an invasion its owner wins, a die for each of
 *   its Ground Forces that died in it; 9-10 puts a new Ground Force there.
 */

export function bombardsPds(t: Table, seat: Seat): boolean {
  return hasTech(t, seat, 'graviton-negator');
}

export function fightersInvade(t: Table, seat: Seat): boolean {
  return hasTech(t, seat, 'graviton-negator');
}

/** every enemy Ground and Shock Force on the planet dies; the user's hand is discarded. */
export function bacterialWeapon(d: Draft, inv: Invasion, defender: Owner | null): void {
  d.emit({ type: 'technology-used', seat: inv.invader, technology: 'x-89-bacterial-weapon' });
  if (defender !== null) {
    const units = planetUnits(d.s, inv.hex, inv.planet, defender);
    const dead: UnitCounts = {};
    if (n(units, 'ground-force') > 0) dead['ground-force'] = n(units, 'ground-force');
    if (n(units, 'shock-force') > 0) dead['shock-force'] = n(units, 'shock-force');
    destroy(d, inv.hex, inv.planet, defender, dead, 'X-89 Bacterial Weapon');
  }
  const hand = d.s.players[inv.invader]?.hand ?? [];
  d.player(inv.invader).hand = [];
  d.s.actionDiscard = [...d.s.actionDiscard, ...hand];
  d.emit({
    type: 'hand-discarded',
    seat: inv.invader,
    count: hand.length,
    reason: 'X-89 Bacterial Weapon',
  });
}

/** Dacxive Animators, after the invader took the planet. */
export function animate(d: Draft, inv: Invasion): void {
  if (!hasTech(d.s, inv.invader, 'dacxive-animators')) return;
  const alive = groundIn(planetUnits(d.s, inv.hex, inv.planet, inv.invader));
  const dead = Math.max(0, groundIn(inv.landed) - alive);
  if (dead === 0) return;
  d.emit({ type: 'technology-used', seat: inv.invader, technology: 'dacxive-animators' });
  const rolls = rollDice(
    d,
    `Dacxive Animators on ${inv.planet}: a new Ground Force on ${TECH_PARAMS.dacxiveReturnFrom}+`,
    dead,
    inv.invader,
  );
  const back = rolls.filter((r) => r >= TECH_PARAMS.dacxiveReturnFrom).length;
  if (back === 0) return;
  d.addUnits(inv.hex, inv.planet, inv.invader, 'ground-force', back);
  for (let i = 0; i < back; i++) {
    d.emit({
      type: 'unit-placed',
      owner: inv.invader,
      unit: 'ground-force',
      hex: inv.hex,
      planet: inv.planet,
    });
  }
}

/** Graviton Negator: the invader's Fighters on the planet go back to space as the invasion ends. */
export function fightersReturn(d: Draft, inv: Invasion): void {
  const fighters = n(planetUnits(d.s, inv.hex, inv.planet, inv.invader), 'fighter');
  if (fighters === 0) return;
  d.addUnits(inv.hex, inv.planet, inv.invader, 'fighter', -fighters);
  d.addUnits(inv.hex, null, inv.invader, 'fighter', fighters);
  d.emit({
    type: 'fighters-returned',
    seat: inv.invader,
    hex: inv.hex,
    planet: inv.planet,
    count: fighters,
  });
}
