import { leadersFollowShips } from '../leaders/windows.js';
import type { HexKey } from '@outer-rim/map';
import { tileById } from '@outer-rim/map';
import { shipOwners, spaceUnits } from '../combat/forces.js';
import { setBattle, turnsOf } from '../combat/state.js';
import type { Draft } from '../state/draft.js';
import type { Seat, Table, UnitKind } from '../state/types.js';
import { fleetLeavesRift } from '../movement/rift-fleet.js';
import { adjacentSystems } from './names.js';

/**
 * BG-9 Skilled Retreat: before a space battle round in which it defends, a
 * player withdraws its fleet to an adjacent system that is its own or empty
 * (holding no other player's ships; never a Supernova or an Asteroid Field),
 * and the battle ends. (OR-6.2: an attacking Admiral forbids it unless the
 * fleet has one too; the card's play checks that, `admiralBlocksRetreat`.)
 */
export function skilledRetreatTargets(t: Table, hex: HexKey, defender: Seat): HexKey[] {
  const phase = t.phase;
  if (phase.name !== 'individual-turns' || phase.combat?.battle?.hex !== hex) return [];
  if (phase.combat.battle.defender !== defender) return [];
  return adjacentSystems(t, hex).filter((to) => {
    const placed = t.galaxy.tiles[to];
    const anomaly = placed === undefined ? 'supernova' : tileById(placed.tileId)?.anomaly;
    if (anomaly === 'supernova' || anomaly === 'asteroid-field') return false;
    return shipOwners(t, to).every((o) => o === defender);
  });
}

export function skilledRetreat(d: Draft, hex: HexKey, defender: Seat, to: HexKey): void {
  const b = turnsOf(d).combat?.battle;
  if (b?.hex !== hex) return;
  const units = spaceUnits(d.s, hex, defender);
  // OR-4.2: out of a rift every ship rolls; unless every roll allows it, the card is spent and the battle goes on.
  if (!fleetLeavesRift(d, defender, hex, to, units)) return;
  for (const [k, v] of Object.entries(units) as [UnitKind, number][]) {
    d.addUnits(hex, null, defender, k, -v);
    d.addUnits(to, null, defender, k, v);
  }
  d.emit({ type: 'fleet-withdrew', hex, seat: defender, to, units });
  // OR-6.2: leaders aboard go with their ships.
  if (d.s.options.leaders) leadersFollowShips(d, defender, hex, to, units);
  d.emit({
    type: 'battle-ended',
    hex,
    winner: b.attacker,
    reason: 'the defender withdraws (Skilled Retreat)',
  });
  setBattle(d, undefined);
}
