import { tileById, type HexKey } from '@outer-rim/map';
import { systemName, unitList, type GameView, type SystemMoveOptions } from '@outer-rim/rules';
import { ownerName } from '../../ui/colours';
import { routeSentence } from './route-words';

/** OR-4.2: what a ship's roll to leave a Gravity Rift allows, as the move form says it. */
export const RIFT_ROLL_SIDES = '7–10: any side; 1–6: that side, or it stays';

/** One thing that waits where a fleet would end its move, with the rule that makes it so. */
export interface WaitsThere {
  readonly text: string;
  readonly rule: string;
}

/** What moving a fleet to a lit system means: its way, then what waits there. */
export interface MoveThere {
  /** What the lit system is to the fleet: where it may go, or (before one is chosen) where it is. */
  readonly lead: 'Move here' | 'Move from here';
  /** "To Abyz / Fria via Mecatol Rex → Lodor (2 steps)." */
  readonly route: string;
  readonly waits: readonly WaitsThere[];
}

/**
 * What moving `seat`'s ships along `path` (its last hex the destination) means, in a player's
 * words: the way, then what the destination holds for them (BG-6: a space battle with whoever
 * has ships there; OR-4.1: a Nebula stops the fleet; OR-4.2: a Gravity Rift's exit roll).
 */
export function moveThere(
  view: GameView,
  seat: number,
  path: readonly HexKey[],
  steps?: number,
): MoveThere | undefined {
  const to = path[path.length - 1];
  if (to === undefined) return undefined;
  const name = (hex: HexKey) => systemName(hex, view.galaxy);
  return {
    lead: 'Move here',
    route: routeSentence(name(to), path.map(name), steps),
    waits: waitsThere(view, seat, to),
  };
}

/**
 * A lit system before a fleet is chosen (BG-5): the ships there that may still move, each kind
 * with how far it goes: "1 Carrier (move 1) and 2 Cruisers (move 2) may move; click to choose which."
 */
export function fleetHere(system: SystemMoveOptions): MoveThere {
  const kinds = system.groups
    .filter((g) => g.count > 0)
    .map((g) => `${unitList({ [g.unit]: g.count })} (move ${String(g.move)})`);
  const rift = system.rift ? ' Each rolls first to leave the Gravity Rift (OR-4.2).' : '';
  return {
    lead: 'Move from here',
    route: `${andList(kinds)} may move; click to choose which.${rift}`,
    waits: [],
  };
}

function waitsThere(view: GameView, seat: number, hex: HexKey): WaitsThere[] {
  const waits: WaitsThere[] = [];
  const names = view.players.map((p) => p.name);
  const others = (view.units[hex]?.space ?? [])
    .filter((g) => g.owner !== seat && Object.values(g.units).some((n) => n > 0))
    .map((g) => ownerName(g.owner, names));
  if (others.length > 0) {
    waits.push({ text: `A space battle with ${andList(others)}.`, rule: 'BG-6' });
  }
  const placed = view.galaxy.tiles[hex];
  const anomaly = placed === undefined ? undefined : tileById(placed.tileId)?.anomaly;
  if (anomaly === 'nebula') {
    waits.push({
      text: 'The Nebula stops the fleet: it moves no further this turn.',
      rule: 'OR-4.1',
    });
  }
  if (anomaly === 'gravity-rift') {
    waits.push({
      text: `Each ship rolls at once to leave the rift (${RIFT_ROLL_SIDES}), then goes on with the movement it has left.`,
      rule: 'OR-4.2',
    });
  }
  return waits;
}

function andList(items: readonly string[]): string {
  if (items.length < 2) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1] ?? ''}`;
}
