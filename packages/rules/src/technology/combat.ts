import type { CombatScope } from '../content/effects.js';
import type { UnitType } from '../content/units.js';
import { effectsOf } from '../state/economy.js';
import type { Owner, Table, UnitGroup } from '../state/types.js';

/**
 * BG-9 / BG-3: how much an owner's technologies and racial abilities add to
 * one unit type's combat roll (Hylar V Assault Laser, Cybernetics, Magen
 * Defense Grid's PDS, the Sardakk N'orr's +1, …). Every `combat-modifier`
 * effect is read here, so a new one in the content tables needs no code.
 * Minor races own no technologies (OR-2.2): nothing is added for them.
 */
export function combatModifier(
  t: Table,
  owner: Owner,
  type: UnitType,
  scope: Exclude<CombatScope, 'any'>,
): number {
  if (typeof owner !== 'number') return 0;
  let n = 0;
  for (const e of effectsOf(t, owner)) {
    if (e.kind !== 'combat-modifier') continue;
    if (e.scope !== 'any' && e.scope !== scope) continue;
    if (e.units !== 'all' && !e.units.includes(type)) continue;
    n += e.value;
  }
  return n;
}

/**
 * BG-9 Magen Defense Grid (by id, the effect tables cannot say "defending,
 * on a planet with your PDS"): the defender's Ground and Shock Forces get +1
 * on a planet where it has PDS.
 */
export function magenGroundBonus(
  t: Table,
  defender: Owner,
  onPlanet: readonly UnitGroup[],
): number {
  if (typeof defender !== 'number') return 0;
  if (!t.players[defender]?.technologies.includes('magen-defense-grid')) return 0;
  const pds = onPlanet.find((g) => g.owner === defender)?.units.pds ?? 0;
  return pds > 0 ? 1 : 0;
}
