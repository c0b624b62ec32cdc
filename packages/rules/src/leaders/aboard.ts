import type { HexKey } from '@outer-rim/map';
import { UNITS } from '../content/units.js';
import type { Seat, Table } from '../state/types.js';
import { LEADER_SHIPS, leadersAt, shipsOfType, type ShipType } from './fates.js';
import { shortLeaderName } from './names.js';

/**
 * OR-6.2 the leaders' ships of one seat in one system, as the move, retreat
 * and casualty forms show them: each its own line ("Carrier with the Agent
 * aboard"), apart from the other ships of its kind.
 */
export interface LeaderShipLine {
  kind: ShipType;
  /** Ids of the leaders aboard it. */
  leaders: string[];
  /** What the player reads. */
  label: string;
}

function joined(names: readonly string[]): string {
  return names.length <= 1
    ? (names[0] ?? '')
    : `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`;
}

/** The seat's leaders' ships at `hex` (ships still there), in the order of LEADER_SHIPS. */
export function leaderShipsAt(t: Table, seat: Seat, hex: HexKey): LeaderShipLine[] {
  const aboard = leadersAt(t, seat, hex, null);
  const out: LeaderShipLine[] = [];
  for (const kind of LEADER_SHIPS) {
    const here = aboard.filter((l) => l.ship === kind);
    if (here.length === 0 || shipsOfType(t, seat, hex, kind) === 0) continue;
    const leaders = here.map((l) => l.id);
    out.push({
      kind,
      leaders,
      label: `${UNITS[kind].name} with ${joined(leaders.map(shortLeaderName))} aboard`,
    });
  }
  return out;
}
