import {
  distance,
  hexKey,
  MECATOL_REX_ID,
  neighbours,
  parseHexKey,
  tileById,
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

export function prepareScenario(stored: GameState): Scenario {
  const start = advanceTo(stored, 'individual-turns');
  if (start.phase.name !== 'individual-turns' || start.phase.segment !== 'movement') {
    throw new Error('the first turn does not open at Movement (is the leaders option off?)');
  }
  const seat = start.phase.active;
  const homes = new Set(start.galaxy.homes.map(hexKey));
  const minors = start.minorRaces.slice(0, 2);
  const [m1, m2] = minors;
  if (m1 === undefined || m2 === undefined)
    throw new Error('the galaxy has fewer than two minor races');
  const kept = new Set<HexKey>([...homes, '0,0', m1.hex, m2.hex]);
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
    minorRaces: minors,
    planets,
    units: {},
    actionDiscard: [...start.actionDiscard, ...start.players.flatMap((p) => p.hand)],
    players: start.players.map((p) => ({ ...p, hand: [] })),
    // A chosen seed, so that the dice of every run are the same.
    prng: createGame({ players: [{}, {}] }, SCENARIO_SEED).prng,
  };
  const onBoard = (k: HexKey) => s.galaxy.tiles[k] !== undefined;
  const plain = (k: HexKey) =>
    onBoard(k) && !kept.has(k) && tileById(s.galaxy.tiles[k]?.tileId ?? '')?.anomaly === undefined;
  const around = (k: HexKey) => neighbours(parseHexKey(k)).map(hexKey);
  const used = new Set<HexKey>();
  const take = (k: HexKey) => {
    used.add(k);
    return k;
  };
  const near = (k: HexKey) => around(k).some((n) => used.has(n));

  const battle = m1.hex;
  const battleFrom = take(around(battle).find((k) => plain(k)) ?? ('' as HexKey));
  take(battle);
  const invasion = take(m2.hex);
  for (const n of [...around(battle), ...around(invasion)]) used.add(n);
  // A rift all of whose sides lead somewhere a ship may go, away from the fights.
  const candidates = (Object.keys(s.galaxy.tiles) as HexKey[]).sort(
    (a, b) => distance(parseHexKey(a), { q: 0, r: 0 }) - distance(parseHexKey(b), { q: 0, r: 0 }),
  );
  const rift = take(
    candidates.find(
      (k) =>
        plain(k) &&
        !used.has(k) &&
        !near(k) &&
        around(k).every((n) => onBoard(n) && (plain(n) || n === '0,0') && !used.has(n)),
    ) ?? ('' as HexKey),
  );
  for (const n of around(rift)) used.add(n);
  const nebulaFrom = take(
    candidates.find(
      (k) => plain(k) && !used.has(k) && around(k).some((n) => plain(n) && !used.has(n)),
    ) ?? ('' as HexKey),
  );
  const nebula = take(around(nebulaFrom).find((n) => plain(n) && !used.has(n)) ?? ('' as HexKey));
  if ([battleFrom, rift, nebulaFrom, nebula].includes('' as HexKey)) {
    throw new Error('no room for the scenario on this galaxy');
  }
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
