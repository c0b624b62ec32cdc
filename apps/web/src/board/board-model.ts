import {
  boardHexes,
  hexCorners,
  hexKey,
  hexToPixel,
  tileById,
  type Hex,
  type HexKey,
  type TileDef,
} from '@outer-rim/map';
import type { GameView, LeaderState, Owner, UnitCounts } from '@outer-rim/rules';

/** Circumradius of a hex in board units; text sizes are tuned to it. */
export const HEX_SIZE = 100;

export interface Stack {
  readonly owner: Owner;
  readonly units: UnitCounts;
}

export interface BoardPlanet {
  readonly name: string;
  readonly resources: number;
  readonly influence: number;
  readonly owner: Owner | null;
  readonly stacks: readonly Stack[];
}

export interface BoardLeader {
  readonly seat: number;
  readonly leader: LeaderState;
}

export interface BoardHex {
  readonly key: HexKey;
  readonly hex: Hex;
  readonly centre: { readonly x: number; readonly y: number };
  /** SVG polygon points. */
  readonly points: string;
  /** `empty` while the galaxy is being built; `gap` once it is built (OR-2.1). */
  readonly kind: 'tile' | 'empty' | 'gap';
  readonly tile?: TileDef;
  readonly homeOf?: number;
  readonly minorRace?: string;
  readonly space: readonly Stack[];
  readonly planets: readonly BoardPlanet[];
  readonly leaders: readonly BoardLeader[];
}

export interface BoardModel {
  readonly hexes: readonly BoardHex[];
  readonly bounds: {
    readonly x: number;
    readonly y: number;
    readonly width: number;
    readonly height: number;
  };
}

/**
 * Everything the board draws, from a view and the map's own geometry: the
 * SVG only lays this out, so what a hex shows is testable without a DOM.
 */
export function boardModel(view: GameView): BoardModel {
  const building = view.phase.name === 'galaxy-building';
  const leadersAt = new Map<HexKey, BoardLeader[]>();
  view.players.forEach((player, seat) => {
    for (const leader of player.leaders) {
      if (leader.status !== 'active' || leader.hex === undefined) continue;
      const list = leadersAt.get(leader.hex) ?? [];
      list.push({ seat, leader });
      leadersAt.set(leader.hex, list);
    }
  });
  const hexes = boardHexes({ players: view.galaxy.players, variant: view.galaxy.variant }).map(
    (hex): BoardHex => {
      const key = hexKey(hex);
      const placed = view.galaxy.tiles[key];
      const tile = placed === undefined ? undefined : tileById(placed.tileId);
      const homeOf = view.galaxy.homes.findIndex((h) => h.q === hex.q && h.r === hex.r);
      const minor = view.minorRaces.find((m) => m.hex === key);
      const system = view.units[key];
      const planets = (tile?.planets ?? []).map((planet): BoardPlanet => ({
        name: planet.name,
        resources: planet.resources,
        influence: planet.influence,
        owner: view.planets[planet.name]?.owner ?? null,
        stacks: system?.planets[planet.name] ?? [],
      }));
      return {
        key,
        hex,
        centre: hexToPixel(hex, HEX_SIZE),
        points: hexCorners(hex, HEX_SIZE)
          .map((c) => `${round(c.x)},${round(c.y)}`)
          .join(' '),
        kind: tile !== undefined ? 'tile' : building ? 'empty' : 'gap',
        ...(tile === undefined ? {} : { tile }),
        ...(homeOf < 0 ? {} : { homeOf }),
        ...(minor === undefined ? {} : { minorRace: minor.race }),
        space: system?.space ?? [],
        planets,
        leaders: leadersAt.get(key) ?? [],
      };
    },
  );
  return { hexes, bounds: boundsOf(hexes) };
}

function round(n: number): number {
  return Math.round(n * 10) / 10;
}

function boundsOf(hexes: readonly BoardHex[]): BoardModel['bounds'] {
  const margin = HEX_SIZE * 0.2;
  let minX = 0;
  let minY = 0;
  let maxX = 0;
  let maxY = 0;
  for (const h of hexes) {
    minX = Math.min(minX, h.centre.x - HEX_SIZE);
    maxX = Math.max(maxX, h.centre.x + HEX_SIZE);
    minY = Math.min(minY, h.centre.y - HEX_SIZE);
    maxY = Math.max(maxY, h.centre.y + HEX_SIZE);
  }
  return {
    x: minX - margin,
    y: minY - margin,
    width: maxX - minX + 2 * margin,
    height: maxY - minY + 2 * margin,
  };
}

/** Short unit labels for crowded hexes; the details panel spells them out. */
/** Short unit labels for crowded hexes; the details panel spells them out. */
export const UNIT_ABBREVIATIONS: Readonly<Record<keyof UnitCounts, string>> = {
  dreadnought: 'Dn',
  carrier: 'Ca',
  cruiser: 'Cr',
  fighter: 'Ft',
  'ground-force': 'GF',
  'shock-force': 'SF',
  pds: 'PDS',
  spacedock: 'SD',
};

export const UNIT_NAMES: Readonly<Record<keyof UnitCounts, string>> = {
  dreadnought: 'Dreadnought',
  carrier: 'Carrier',
  cruiser: 'Cruiser',
  fighter: 'Fighter',
  'ground-force': 'Ground Force',
  'shock-force': 'Shock Force',
  pds: 'PDS',
  spacedock: 'Spacedock',
};

/** "2Dn 1Ca" on the board, "2 Dreadnought, 1 Carrier" in details: biggest ships first. */
export function stackLabel(units: UnitCounts, names = UNIT_ABBREVIATIONS): string {
  const long = names !== UNIT_ABBREVIATIONS;
  return (Object.keys(names) as (keyof UnitCounts)[])
    .filter((kind) => (units[kind] ?? 0) > 0)
    .map((kind) => `${units[kind] ?? 0}${long ? ' ' : ''}${names[kind]}`)
    .join(long ? ', ' : ' ');
}
