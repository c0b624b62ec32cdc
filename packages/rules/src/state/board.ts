import { hexKey, planetByName } from '@outer-rim/map';
import type { HexKey, PlanetDef } from '@outer-rim/map';
import type { Owner, Table, UnitGroup, UnitKind } from './types.js';

/** Planet names are unique across the catalogue, so a name identifies a planet. */
export function planetDef(name: string): PlanetDef | undefined {
  return planetByName(name)?.planet;
}

export function countIn(
  groups: readonly UnitGroup[] | undefined,
  owner: Owner,
  unit: UnitKind,
): number {
  if (groups === undefined) return 0;
  for (const g of groups) if (g.owner === owner) return g.units[unit] ?? 0;
  return 0;
}

/** Is there a ship of anyone but `owner` in this system's space (the BG-2 blockade)? */
export function enemyShipsIn(t: Table, hex: HexKey, owner: Owner): boolean {
  const sys = t.units[hex];
  if (sys === undefined) return false;
  return sys.space.some(
    (g) =>
      g.owner !== owner &&
      ((g.units.dreadnought ?? 0) > 0 ||
        (g.units.carrier ?? 0) > 0 ||
        (g.units.cruiser ?? 0) > 0 ||
        (g.units.fighter ?? 0) > 0),
  );
}

/**
 * Planets by owner, cached on the identity of the planets record. The engine never edits
 * `planets` in place (Draft replaces it), so a cached answer is valid for as long as its key
 * object lives.
 */
type PlanetRecord = Table['planets'];
const byOwnerCache = new WeakMap<PlanetRecord, Map<Owner, string[]>>();
const NONE: readonly string[] = [];

function planetsByOwner(planets: PlanetRecord): Map<Owner, string[]> {
  let index = byOwnerCache.get(planets);
  if (index === undefined) {
    index = new Map();
    for (const [name, p] of Object.entries(planets)) {
      if (p.owner === null) continue;
      const list = index.get(p.owner);
      if (list === undefined) index.set(p.owner, [name]);
      else list.push(name);
    }
    byOwnerCache.set(planets, index);
  }
  return index;
}

/** Planets `owner` controls (do not modify the returned list). */
export function planetsOf(t: Table, owner: Owner): readonly string[] {
  return planetsByOwner(t.planets).get(owner) ?? NONE;
}

/** The printed influence and resources of a list of planets, summed once per list. */
const sumsCache = new WeakMap<readonly string[], { influence: number; resources: number }>();

/** The printed influence and resources of the planets `owner` controls, summed. */
export function printedValuesOf(t: Table, owner: Owner): { influence: number; resources: number } {
  const owned = planetsOf(t, owner);
  let sums = sumsCache.get(owned);
  if (sums === undefined) {
    sums = { influence: 0, resources: 0 };
    for (const name of owned) {
      const def = planetDef(name);
      sums.influence += def?.influence ?? 0;
      sums.resources += def?.resources ?? 0;
    }
    sumsCache.set(owned, sums);
  }
  return sums;
}

/**
 * Planets of `owner` that hold one of its Spacedocks, in the order of `planetsOf` (do not modify
 * the returned list). Read from the owner's planets at each call, never kept: units change at
 * almost every action, and a seat controls few planets, where an index over every planet of the
 * board cost more to build than it saved.
 */
export function spacedocksOf(t: Table, owner: Owner): readonly string[] {
  const owned = planetsOf(t, owner);
  let docks: string[] | undefined;
  for (let i = 0; i < owned.length; i++) {
    const name = owned[i] as string;
    const hex = t.planets[name]?.hex;
    const groups = hex === undefined ? undefined : t.units[hex]?.planets[name];
    if (groups !== undefined && countIn(groups, owner, 'spacedock') > 0) (docks ??= []).push(name);
  }
  return docks ?? NONE;
}

export function homeHexKey(t: Table, seat: number): HexKey | undefined {
  const h = t.galaxy.homes[seat];
  return h === undefined ? undefined : hexKey(h);
}
