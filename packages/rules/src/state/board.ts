import { hexKey, planetByName } from '@outer-rim/map';
import type { HexKey, PlanetDef } from '@outer-rim/map';
import type { Owner, Table, UnitCounts, UnitGroup, UnitKind } from './types.js';

/** Planet names are unique across the catalogue, so a name identifies a planet. */
export function planetDef(name: string): PlanetDef | undefined {
  return planetByName(name)?.planet;
}

function groupOf(groups: readonly UnitGroup[] | undefined, owner: Owner): UnitCounts {
  return groups?.find((g) => g.owner === owner)?.units ?? {};
}

export function countIn(
  groups: readonly UnitGroup[] | undefined,
  owner: Owner,
  unit: UnitKind,
): number {
  return groupOf(groups, owner)[unit] ?? 0;
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
 * Derived indexes, cached on the identity of the records they read. The
 * engine never edits `planets` or `units` in place (Draft replaces them),
 * so a cached answer is valid for as long as its key object lives.
 */
type PlanetRecord = Table['planets'];
type UnitRecord = Table['units'];
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

/**
 * The Spacedock index of the last few (units, planets) pairs asked about, newest first. Units
 * change at almost every action, so an index rarely outlives a few states: a short list held
 * strongly costs less than weak maps, whose entries the garbage collector has to trace.
 */
interface DocksIndex {
  units: UnitRecord;
  planets: PlanetRecord;
  index: Map<Owner, string[]>;
}
const DOCKS_KEPT = 4;
const docksKept: DocksIndex[] = [];

function docksIndex(t: Table): Map<Owner, string[]> {
  for (const k of docksKept) if (k.units === t.units && k.planets === t.planets) return k.index;
  const index = new Map<Owner, string[]>();
  for (const [name, p] of Object.entries(t.planets)) {
    if (p.owner === null) continue;
    if (countIn(t.units[p.hex]?.planets[name], p.owner, 'spacedock') === 0) continue;
    const list = index.get(p.owner);
    if (list === undefined) index.set(p.owner, [name]);
    else list.push(name);
  }
  docksKept.unshift({ units: t.units, planets: t.planets, index });
  if (docksKept.length > DOCKS_KEPT) docksKept.pop();
  return index;
}

/** A draft wrote into its own `units` record in place: indexes of that record no longer hold. */
export function forgetUnitIndexes(units: UnitRecord): void {
  for (let i = docksKept.length - 1; i >= 0; i--) {
    if (docksKept[i]?.units === units) docksKept.splice(i, 1);
  }
}

/** Planets of `owner` that hold one of its Spacedocks (do not modify the returned list). */
export function spacedocksOf(t: Table, owner: Owner): readonly string[] {
  return docksIndex(t).get(owner) ?? NONE;
}

export function homeHexKey(t: Table, seat: number): HexKey | undefined {
  const h = t.galaxy.homes[seat];
  return h === undefined ? undefined : hexKey(h);
}
