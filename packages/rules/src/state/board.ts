import { hexKey, planetByName } from '@outer-rim/map';
import type { HexKey, PlanetDef } from '@outer-rim/map';
import { HiddenSlot } from './hidden-slot.js';
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
const byOwnerCache = new HiddenSlot<PlanetRecord, Map<Owner, string[]>>('planetsByOwner');
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
const sumsCache = new HiddenSlot<readonly string[], { influence: number; resources: number }>(
  'printedValues',
);

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
 * The Spacedocks of the last few (units, planets, owner) asked about, in a ring. A units record is
 * never written once a state holds it; only a draft writes into its own copy, in place, and then
 * drops what was kept of it (`forgetUnitIndexes`). Kept per owner, not for the whole board: units
 * change at most actions, and one seat's few planets cost little to read again.
 */
type UnitRecord = Table['units'];
interface DocksKept {
  units: UnitRecord | null;
  planets: PlanetRecord | null;
  owner: Owner;
  docks: readonly string[];
}
const DOCKS_KEPT = 16;
const docksKept: DocksKept[] = Array.from({ length: DOCKS_KEPT }, () => ({
  units: null,
  planets: null,
  owner: -1,
  docks: NONE,
}));
let docksNext = 0;

/** A draft writes into its own `units` record in place: what was kept of it no longer holds. */
export function forgetUnitIndexes(units: UnitRecord): void {
  for (const k of docksKept) if (k.units === units) k.units = null;
}

/** Planets of `owner` that hold one of its Spacedocks, in the order of `planetsOf` (do not modify the returned list). */
export function spacedocksOf(t: Table, owner: Owner): readonly string[] {
  const { units, planets } = t;
  for (const k of docksKept) {
    if (k.units === units && k.planets === planets && k.owner === owner) return k.docks;
  }
  const owned = planetsOf(t, owner);
  let docks: string[] | undefined;
  for (let i = 0; i < owned.length; i++) {
    const name = owned[i] as string;
    const hex = planets[name]?.hex;
    const groups = hex === undefined ? undefined : units[hex]?.planets[name];
    if (groups !== undefined && countIn(groups, owner, 'spacedock') > 0) (docks ??= []).push(name);
  }
  const kept = docksKept[docksNext] as DocksKept;
  kept.units = units;
  kept.planets = planets;
  kept.owner = owner;
  kept.docks = docks ?? NONE;
  docksNext = (docksNext + 1) % DOCKS_KEPT;
  return kept.docks;
}

export function homeHexKey(t: Table, seat: number): HexKey | undefined {
  const h = t.galaxy.homes[seat];
  return h === undefined ? undefined : hexKey(h);
}
