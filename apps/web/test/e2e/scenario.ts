import {
  distance,
  hexKey,
  MECATOL_REX_ID,
  neighbours,
  parseHexKey,
  type HexKey,
} from '@outer-rim/map';
import { createGame, type GameState, type Owner, type UnitCounts } from '@outer-rim/rules';
import { advanceTo } from '@outer-rim/rules/testing';

/**
 * The prepared game of the movement-and-combat end-to-end test, made from the
 * game the server created and stored (test-only: the harness writes it into
 * the test server's database; no route of the server can set a state):
 * brought to the active player's Movement segment, every system emptied but
 * the homes, Mecatol Rex and two minor races, then
 * - two Cruisers next to a Nebula,
 * - a Carrier with two Fighters in a Gravity Rift whose six neighbours are open,
 * - three Dreadnoughts next to a minor race with two Cruisers and two Fighters in space,
 * - a Carrier with five Ground Forces and two Dreadnoughts over another minor
 *   race's planet, held by two Ground Forces,
 * - no action cards in any hand: the hands are dealt from the server's seed, and
 *   a Morale Boost or Into the Breach would open a card window (BG-9) in some
 *   runs and not in others.
 * The dice stay the seeded PRNG's; the seed is chosen (as a game's seed is)
 * so that the run is the same every time.
 */
export interface Scenario {
  readonly state: GameState;
  readonly seat: number;
  readonly nebulaFrom: HexKey;
  readonly nebula: HexKey;
  readonly rift: HexKey;
  readonly battleFrom: HexKey;
  readonly battle: HexKey;
  readonly invasion: HexKey;
  readonly planet: string;
}

export const SCENARIO_SEED = 'e2e-fleets-1';

function put(
  s: GameState,
  hex: HexKey,
  owner: Owner,
  units: UnitCounts,
  planet?: string,
): GameState {
  const sys = s.units[hex] ?? { space: [], planets: {} };
  const group = { owner, units };
  const next =
    planet === undefined
      ? { ...sys, space: [...sys.space.filter((g) => g.owner !== owner), group] }
      : {
          ...sys,
          planets: {
            ...sys.planets,
            [planet]: [...(sys.planets[planet] ?? []).filter((g) => g.owner !== owner), group],
          },
        };
  return { ...s, units: { ...s.units, [hex]: next } };
}

interface Layout {
  readonly kept: ReadonlySet<HexKey>;
  readonly battleFrom: HexKey;
  readonly rift: HexKey;
  readonly nebulaFrom: HexKey;
  readonly nebula: HexKey;
}

const around = (k: HexKey) => neighbours(parseHexKey(k)).map(hexKey);

/** The system two steps from `from` in a straight line through `mid`. */
export function straightPast(from: HexKey, mid: HexKey): HexKey {
  const f = parseHexKey(from);
  const m = parseHexKey(mid);
  return hexKey({ q: 2 * m.q - f.q, r: 2 * m.r - f.r });
}

/**
 * Where the scenario's fleets go when `battle` and `invasion` are the two minor races kept, or
 * undefined when this galaxy leaves no room: a rift all of whose sides lead somewhere a ship may
 * go, away from the fights, and two Cruisers beside a Nebula with a plain system straight past it
 * (none of the player's ships there: tapping it must not pick a fleet).
 */
function layout(start: GameState, battle: HexKey, invasion: HexKey): Layout | undefined {
  const kept = new Set<HexKey>([...start.galaxy.homes.map(hexKey), '0,0', battle, invasion]);
  const onBoard = (k: HexKey) => start.galaxy.tiles[k] !== undefined;
  // Every system but the kept ones is emptied (made plain) by the scenario.
  const plain = (k: HexKey) => onBoard(k) && !kept.has(k);
  const battleFrom = around(battle).find(plain);
  if (battleFrom === undefined) return undefined;
  const used = new Set<HexKey>([battleFrom, ...around(battle), ...around(invasion), battle]);
  const near = (k: HexKey) => around(k).some((n) => used.has(n));
  const byDistance = (Object.keys(start.galaxy.tiles) as HexKey[]).sort(
    (a, b) => distance(parseHexKey(a), { q: 0, r: 0 }) - distance(parseHexKey(b), { q: 0, r: 0 }),
  );
  for (const rift of byDistance) {
    const fits =
      plain(rift) &&
      !used.has(rift) &&
      !near(rift) &&
      around(rift).every((n) => onBoard(n) && (plain(n) || n === '0,0') && !used.has(n));
    if (!fits) continue;
    const taken = new Set([...used, rift, ...around(rift)]);
    for (const nebulaFrom of byDistance) {
      if (!plain(nebulaFrom) || taken.has(nebulaFrom)) continue;
      const nebula = around(nebulaFrom).find(
        (n) =>
          plain(n) &&
          !taken.has(n) &&
          plain(straightPast(nebulaFrom, n)) &&
          !taken.has(straightPast(nebulaFrom, n)),
      );
      if (nebula !== undefined) return { kept, battleFrom, rift, nebulaFrom, nebula };
    }
  }
  return undefined;
}

export function prepareScenario(stored: GameState): Scenario {
  const start = advanceTo(stored, 'individual-turns');
  if (start.phase.name !== 'individual-turns' || start.phase.segment !== 'movement') {
    throw new Error('the first turn does not open at Movement (is the leaders option off?)');
  }
  const seat = start.phase.active;
  // The first two minor races (in the galaxy's order) between which the scenario fits.
  const pairs = start.minorRaces.flatMap((m1, i) =>
    start.minorRaces.filter((_, j) => j !== i).map((m2) => [m1, m2] as const),
  );
  let found:
    { m1: (typeof pairs)[number][0]; m2: (typeof pairs)[number][1]; at: Layout } | undefined;
  for (const [m1, m2] of pairs) {
    const at = layout(start, m1.hex, m2.hex);
    if (at !== undefined) {
      found = { m1, m2, at };
      break;
    }
  }
  if (found === undefined) throw new Error('no room for the scenario on this galaxy');
  const { m1, m2, at } = found;
  const { kept, battleFrom, rift, nebulaFrom, nebula } = at;
  const battle = m1.hex;
  const invasion = m2.hex;
  const tiles = { ...start.galaxy.tiles };
  for (const key of Object.keys(tiles) as HexKey[]) {
    const placed = tiles[key];
    if (placed !== undefined && !kept.has(key) && placed.tileId !== MECATOL_REX_ID) {
      tiles[key] = { tileId: 'empty-1', rotation: 0 };
    }
  }
  const planets = Object.fromEntries(
    Object.entries(start.planets).filter(([, p]) => kept.has(p.hex)),
  );
  const minorPlanet = (hex: HexKey) =>
    Object.entries(planets).find(([, p]) => p.hex === hex)?.[0] ?? '';
  let s: GameState = {
    ...start,
    galaxy: { ...start.galaxy, tiles },
    minorRaces: [m1, m2],
    planets,
    units: {},
    actionDiscard: [...start.actionDiscard, ...start.players.flatMap((p) => p.hand)],
    players: start.players.map((p) => ({ ...p, hand: [] })),
    // A chosen seed, so that the dice of every run are the same.
    prng: createGame({ players: [{}, {}] }, SCENARIO_SEED).prng,
  };
  s = {
    ...s,
    galaxy: {
      ...s.galaxy,
      tiles: {
        ...s.galaxy.tiles,
        [rift]: { tileId: 'gravity-rift', rotation: 0 },
        [nebula]: { tileId: 'nebula-1', rotation: 0 },
      },
    },
  };
  const m1Owner: Owner = `minor:${m1.race}`;
  const m2Owner: Owner = `minor:${m2.race}`;
  s = put(s, nebulaFrom, seat, { cruiser: 2 });
  s = put(s, rift, seat, { carrier: 1, fighter: 2 });
  s = put(s, battleFrom, seat, { dreadnought: 3 });
  s = put(s, battle, m1Owner, { cruiser: 2, fighter: 2 });
  s = put(s, invasion, seat, { carrier: 1, 'ground-force': 5, dreadnought: 2 });
  const planet = minorPlanet(invasion);
  s = put(s, invasion, m2Owner, { 'ground-force': 2 }, planet);
  // Every other planet of the minor systems stands empty, still theirs.
  return { state: s, seat, nebulaFrom, nebula, rift, battleFrom, battle, invasion, planet };
}

/** The scenario with one Cruiser more beside the Gravity Rift (`beside`), to move into it. */
export function prepareCruiserBesideRift(stored: GameState): Scenario & { beside: HexKey } {
  const sc = prepareScenario(stored);
  const beside = hexKey(neighbours(parseHexKey(sc.rift))[0] ?? { q: 0, r: 0 });
  return { ...sc, state: put(sc.state, beside, sc.seat, { cruiser: 1 }), beside };
}
