import type { HexKey } from '@outer-rim/map';
import { RULE_CONSTANTS } from '../content/constants.js';
import { UNITS } from '../content/units.js';
import type { Draft } from '../state/draft.js';
import type { Seat, UnitCounts } from '../state/types.js';
import { ignoresRifts, isRift, riftSides, sideTarget } from './rules.js';
import { MOVING_SHIPS, type MovingShip } from './types.js';

/**
 * OR-4.2 (clarified): "Any ship that tries to exit a Gravity Rift system must
 * roll a die" — every way out rolls, not only the Movement segment's moves:
 * a withdrawal after a battle round, Skilled Retreat and Strategic
 * Mathematics too. Only a holder of Spatial Jump leaves without a roll.
 * Each ship rolls one die (Fighters aboard follow their Carrier); a roll of
 * 7-10 lets it out through any side, 1-6 only through that side.
 */

export type RiftRolls = { unit: MovingShip; allowed: boolean }[];

/**
 * Rolls for every ship of `units` leaving the rift at `from` for the
 * adjacent system `to`; empty when `from` is no rift for `seat`.
 */
export function rollRiftExits(
  d: Draft,
  seat: Seat,
  from: HexKey,
  to: HexKey,
  units: UnitCounts,
): RiftRolls {
  if (!isRift(d.s, from) || ignoresRifts(d.s, seat)) return [];
  const out: RiftRolls = [];
  for (const unit of MOVING_SHIPS) {
    for (let i = 0; i < (units[unit] ?? 0); i++) {
      const [roll = 1] = d.roll(
        `gravity rift exit: ${UNITS[unit].name}`,
        RULE_CONSTANTS.dieSides,
        1,
        seat,
      );
      const sides = riftSides(d.s, seat, from, roll);
      d.emit({ type: 'rift-rolled', seat, hex: from, unit, roll, sides });
      out.push({ unit, allowed: sides.some((side) => sideTarget(from, side) === to) });
    }
  }
  return out;
}

/**
 * OR-4.2 (clarified): a withdrawal or a retreat out of a rift moves the whole
 * fleet or nothing: each ship rolls, and unless every roll lets it into `to`
 * no ship leaves. True when the fleet may go.
 */
export function fleetLeavesRift(
  d: Draft,
  seat: Seat,
  from: HexKey,
  to: HexKey,
  units: UnitCounts,
): boolean {
  const rolls = rollRiftExits(d, seat, from, to, units);
  const held = rolls.filter((r) => !r.allowed);
  for (const r of held) {
    d.emit({
      type: 'ship-stayed',
      seat,
      hex: from,
      unit: r.unit,
      reason: 'its roll does not lead there, so the whole fleet stays',
    });
  }
  return held.length === 0;
}
