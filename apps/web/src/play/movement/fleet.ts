import type { HexKey } from '@outer-rim/map';
import {
  MOVING_SHIPS,
  type ActionOf,
  type Destination,
  type Load,
  type LoadSource,
  type MovingShip,
  type SystemMoveOptions,
} from '@outer-rim/rules';

/** A kind of ship a leader may ride (OR-6.2: Fighters included). */
export type LeaderShipKind = NonNullable<ActionOf<'move'>['leaderShips']>[number];

/** How many ships of each type the player picked to move together. */
export type ShipPick = Partial<Record<MovingShip, number>>;

/** A load as the player sets it: how many from one source (in space or on a planet, here or on the way). */
export type LoadPick = Readonly<Record<string, number>>;

export function sourceKey(src: { hex: HexKey; planet?: string | undefined; unit: string }): string {
  return `${src.hex}|${src.planet ?? ''}|${src.unit}`;
}

export function pickedTypes(ships: ShipPick): MovingShip[] {
  return MOVING_SHIPS.filter((unit) => (ships[unit] ?? 0) > 0);
}

/**
 * Where the picked ships can go together (BG-5: a fleet moves as far as its
 * slowest ship): the systems every picked type reaches, each with the path
 * of the slowest type, which the faster ones can follow too.
 */
export function fleetDestinations(system: SystemMoveOptions, ships: ShipPick): Destination[] {
  const groups = system.groups.filter((g) => (ships[g.unit] ?? 0) > 0);
  if (groups.length === 0) return [];
  const slowest = groups.reduce((a, b) => (b.move < a.move ? b : a));
  return slowest.destinations.filter((d) =>
    groups.every((g) => g.destinations.some((o) => o.hex === d.hex)),
  );
}

/** Cargo room of the picked ships (BG-3: 5 per Carrier; BG-9 Stasis Capsules: 1 Ground Force per Cruiser and Dreadnought). */
export function fleetCapacity(system: SystemMoveOptions, ships: ShipPick): number {
  return system.groups.reduce((room, g) => room + (ships[g.unit] ?? 0) * g.capacity, 0);
}

/** The sources a fleet can load from: where it starts, then what it passes on the chosen path. */
export function loadSources(
  system: SystemMoveOptions,
  destination: Destination | undefined,
): LoadSource[] {
  return [...system.loadable, ...(destination?.pickups ?? [])];
}

/**
 * The load a player most often wants: the cargo already aboard in space goes
 * with the Carriers, as much as they hold; planets and the way are left to choose.
 */
export function defaultLoad(system: SystemMoveOptions, ships: ShipPick): LoadPick {
  let room = fleetCapacity(system, ships);
  // BG-9 Stasis Capsules: a Cruiser's or Dreadnought's place takes a Ground Force, never a Fighter or PDS.
  let carrierRoom = system.groups
    .filter((g) => g.unit === 'carrier')
    .reduce((r, g) => r + (ships[g.unit] ?? 0) * g.capacity, 0);
  const out: Record<string, number> = {};
  const aboard = system.loadable.filter((s) => s.planet === undefined);
  // Ground troops first: Fighters can often stay under a Spacedock.
  aboard.sort((a, b) => Number(a.unit === 'fighter') - Number(b.unit === 'fighter'));
  for (const src of aboard) {
    const ground = src.unit === 'ground-force' || src.unit === 'shock-force';
    const n = Math.min(room, ground ? src.count : Math.min(src.count, carrierRoom), src.count);
    if (n > 0) out[sourceKey(src)] = n;
    room -= n;
    if (!ground) carrierRoom -= n;
    else carrierRoom = Math.min(carrierRoom, room);
  }
  return out;
}

export function loadTotal(load: LoadPick): number {
  return Object.values(load).reduce((a, b) => a + b, 0);
}

/**
 * The one `move` action the whole fleet makes, which `apply` validates whole;
 * `leaderShips`: OR-6.2, the kinds whose leaders' ship the player picked.
 */
export function fleetMove(
  system: SystemMoveOptions,
  ships: ShipPick,
  destination: Destination,
  load: LoadPick,
  leaderShips: readonly LeaderShipKind[] = [],
): ActionOf<'move'> {
  const picked: ShipPick = {};
  for (const unit of pickedTypes(ships)) picked[unit] = ships[unit] ?? 0;
  const sources = loadSources(system, destination);
  const loads: Load[] = [];
  for (const src of sources) {
    const n = load[sourceKey(src)] ?? 0;
    if (n <= 0) continue;
    loads.push(
      src.planet === undefined
        ? { hex: src.hex, unit: src.unit, count: n }
        : { hex: src.hex, planet: src.planet, unit: src.unit, count: n },
    );
  }
  // OR-6.2: the leaders' Fighter goes as cargo taken from the start's space; another kind moves.
  const fightersHere = loads
    .filter((l) => l.hex === system.hex && l.planet === undefined && l.unit === 'fighter')
    .reduce((n, l) => n + l.count, 0);
  const named = leaderShips.filter((kind) =>
    kind === 'fighter' ? fightersHere > 0 : (picked[kind] ?? 0) > 0,
  );
  return {
    type: 'move',
    from: system.hex,
    path: destination.path,
    ships: picked,
    ...(loads.length === 0 ? {} : { load: loads }),
    ...(named.length === 0 ? {} : { leaderShips: named }),
  };
}
