/**
 * The tile catalogue: Mecatol Rex, the ten home systems and the 53 non-home
 * tiles of the first-edition base set plus The Outer Rim (BG-4).
 *
 * No TI1 tile list survives in public sources (research/outer-rim-facts.md
 * §4, base-game-facts.md §9), so the composition and every planet value
 * here is a reconstruction, tagged `provisional` and explained in
 * `provisionalNotes` so the "Rules notes" of docs/rules.md can list it and a player
 * holding the printed tiles can correct it in this one file.
 */
import { MapError } from './errors.js';
import type { Anomaly, PlanetDef, RaceId, TileDef, Wormhole } from './types.js';

interface PlanetSeed {
  readonly name: string;
  readonly resources: number;
  readonly influence: number;
  /** Why the value is what it is. */
  readonly note: string;
}

const TI3_DOUBLED = 'TI1 value unknown; TI3 value doubled (base-game-facts §10)';
const TI2_KNOWN = 'TI2 printed value (base-game-facts §9); TI1 value unknown';

const p = (name: string, resources: number, influence: number, note = TI3_DOUBLED): PlanetSeed => ({
  name,
  resources,
  influence,
  note,
});

const toPlanet = (s: PlanetSeed): PlanetDef => ({
  name: s.name,
  resources: s.resources,
  influence: s.influence,
  provisional: true,
});

export const MECATOL_REX_ID = 'mecatol-rex';

interface TileSeed {
  readonly id: string;
  readonly code: number;
  readonly name?: string;
  readonly set: 'base' | 'outer-rim';
  readonly planets?: readonly PlanetSeed[];
  readonly anomaly?: Anomaly;
  readonly wormhole?: Wormhole;
  readonly note: string;
}

const HOME_SEEDS: Readonly<Record<RaceId, readonly PlanetSeed[]>> = {
  'sardakk-norr': [p("Tren'Lak", 2, 0), p('Quinarra', 6, 2)],
  letnev: [p('Arc Prime', 8, 0), p('Wren Terra', 4, 2)],
  hacan: [p('Arretze', 4, 0), p('Hercant', 2, 2), p('Kamdorn', 0, 2)],
  sol: [p('Jord', 8, 4)],
  xxcha: [p('Archon Ren', 4, 6), p('Archon Tau', 2, 2)],
  'jol-nar': [p('Jol', 2, 4), p('Nar', 4, 6)],
  mentak: [p('Moll Primus', 8, 2)],
  yssaril: [p('Retillion', 4, 6), p('Shalloq', 2, 4)],
  l1z1x: [p('[0.0.0]', 10, 0)],
  naalu: [p('Druaa', 6, 2), p('Maaluuk', 0, 4)],
};

const RACE_NAMES: Readonly<Record<RaceId, string>> = {
  'sardakk-norr': "Sardakk N'orr",
  letnev: 'Barony of Letnev',
  hacan: 'Emirates of Hacan',
  sol: 'Federation of Sol',
  xxcha: 'Xxcha Kingdom',
  'jol-nar': 'Universities of Jol-Nar',
  mentak: 'Mentak Coalition',
  yssaril: 'Yssaril Tribes',
  l1z1x: 'L1Z1X Mindnet',
  naalu: 'Naalu Collective',
};

export function raceName(race: RaceId): string {
  return RACE_NAMES[race];
}

const RACE_ORDER = Object.keys(HOME_SEEDS) as RaceId[];

const BASE_COMPOSITION =
  'TI1 base tile list unknown: 42 non-home tiles so the stock is 53 (OR-2.1), TI3 names (outer-rim-facts §2.2, §4)';
const OR_COMPOSITION =
  'Outer Rim sheet of 13 tiles = 2 homes + 11 (outer-rim-facts §12 default composition)';

const systems: TileSeed[] = [
  // Base set: 22 planet systems, 2 wormholes, 2 supernovas, 4 asteroid fields, 12 empty.
  {
    id: 'abyz-fria',
    code: 11,
    set: 'base',
    planets: [p('Abyz', 6, 0), p('Fria', 4, 0)],
    note: BASE_COMPOSITION,
  },
  {
    id: 'arinam-meer',
    code: 12,
    set: 'base',
    planets: [p('Arinam', 2, 4), p('Meer', 0, 8)],
    note: BASE_COMPOSITION,
  },
  {
    id: 'arnor-lor',
    code: 13,
    set: 'base',
    planets: [p('Arnor', 4, 2), p('Lor', 2, 4)],
    note: BASE_COMPOSITION,
  },
  {
    id: 'bereg-lirta-iv',
    code: 14,
    set: 'base',
    planets: [p('Bereg', 6, 2), p('Lirta IV', 4, 6)],
    note: BASE_COMPOSITION,
  },
  {
    id: 'centauri-gral',
    code: 15,
    set: 'base',
    planets: [p('Centauri', 2, 6), p('Gral', 2, 2)],
    note: BASE_COMPOSITION,
  },
  {
    id: 'coorneeq-resculon',
    code: 16,
    set: 'base',
    planets: [p('Coorneeq', 2, 4), p('Resculon', 4, 0)],
    note: BASE_COMPOSITION,
  },
  {
    id: 'dal-bootha-xxehan',
    code: 17,
    set: 'base',
    planets: [p('Dal Bootha', 0, 4), p('Xxehan', 2, 2)],
    note: BASE_COMPOSITION,
  },
  {
    id: 'lazar-sakulag',
    code: 18,
    set: 'base',
    planets: [p('Lazar', 2, 0), p('Sakulag', 4, 2, TI2_KNOWN)],
    note: BASE_COMPOSITION,
  },
  {
    id: 'lodor',
    code: 19,
    set: 'base',
    planets: [p('Lodor', 6, 2)],
    wormhole: 'alpha',
    note: `${BASE_COMPOSITION}; alpha wormhole as in TI3`,
  },
  {
    id: 'mehar-xull',
    code: 20,
    set: 'base',
    planets: [p('Mehar Xull', 2, 6)],
    note: BASE_COMPOSITION,
  },
  {
    id: 'mellon-zohbat',
    code: 21,
    set: 'base',
    planets: [p('Mellon', 1, 4, TI2_KNOWN), p('Zohbat', 6, 2)],
    note: BASE_COMPOSITION,
  },
  {
    id: 'new-albion-starpoint',
    code: 22,
    set: 'base',
    planets: [p('New Albion', 2, 2), p('Starpoint', 6, 2)],
    note: BASE_COMPOSITION,
  },
  {
    id: 'quann',
    code: 23,
    set: 'base',
    planets: [p('Quann', 4, 2)],
    wormhole: 'beta',
    note: `${BASE_COMPOSITION}; beta wormhole as in TI3`,
  },
  {
    id: 'qucenn-rarron',
    code: 24,
    set: 'base',
    planets: [p("Qucen'n", 2, 4), p('Rarron', 0, 6)],
    note: BASE_COMPOSITION,
  },
  { id: 'saudor', code: 25, set: 'base', planets: [p('Saudor', 4, 4)], note: BASE_COMPOSITION },
  { id: 'tar-mann', code: 26, set: 'base', planets: [p("Tar'Mann", 2, 2)], note: BASE_COMPOSITION },
  {
    id: 'tequran-torkan',
    code: 27,
    set: 'base',
    planets: [p("Tequ'ran", 4, 0), p('Torkan', 4, 2, TI2_KNOWN)],
    note: BASE_COMPOSITION,
  },
  { id: 'thibah', code: 28, set: 'base', planets: [p('Thibah', 2, 2)], note: BASE_COMPOSITION },
  { id: 'vefut-ii', code: 29, set: 'base', planets: [p('Vefut II', 4, 4)], note: BASE_COMPOSITION },
  { id: 'wellon', code: 30, set: 'base', planets: [p('Wellon', 2, 4)], note: BASE_COMPOSITION },
  {
    id: 'vega',
    code: 31,
    set: 'base',
    planets: [p('Vega Major', 4, 2), p('Vega Minor', 2, 4)],
    note: BASE_COMPOSITION,
  },
  {
    id: 'rigel',
    code: 32,
    set: 'base',
    planets: [p('Rigel I', 0, 2), p('Rigel II', 2, 4)],
    note: BASE_COMPOSITION,
  },
  {
    id: 'alpha-wormhole',
    code: 33,
    name: 'Alpha Wormhole',
    set: 'base',
    wormhole: 'alpha',
    note: BASE_COMPOSITION,
  },
  {
    id: 'beta-wormhole',
    code: 34,
    name: 'Beta Wormhole',
    set: 'base',
    wormhole: 'beta',
    note: BASE_COMPOSITION,
  },
  {
    id: 'supernova-1',
    code: 35,
    name: 'Supernova',
    set: 'base',
    anomaly: 'supernova',
    note: BASE_COMPOSITION,
  },
  {
    id: 'supernova-2',
    code: 36,
    name: 'Supernova',
    set: 'base',
    anomaly: 'supernova',
    note: BASE_COMPOSITION,
  },
  ...[1, 2, 3, 4].map((n): TileSeed => ({
    id: `asteroid-field-${n}`,
    code: 36 + n,
    name: 'Asteroid Field',
    set: 'base',
    anomaly: 'asteroid-field',
    note: BASE_COMPOSITION,
  })),
  ...Array.from({ length: 12 }, (_, i): TileSeed => ({
    id: `empty-${i + 1}`,
    code: 41 + i,
    name: 'Empty Space',
    set: 'base',
    note: BASE_COMPOSITION,
  })),
  // The Outer Rim: 6 planet systems, 2 nebulae, 1 gravity rift, 2 empty.
  {
    id: 'hopes-end',
    code: 53,
    set: 'outer-rim',
    planets: [p('Hopes End', 3, 0, 'TI1 value unknown; outer-rim-facts §12 default')],
    note: OR_COMPOSITION,
  },
  {
    id: 'emelpar',
    code: 54,
    set: 'outer-rim',
    planets: [p('Emelpar', 0, 4)],
    note: OR_COMPOSITION,
  },
  {
    id: 'kostboth',
    code: 55,
    set: 'outer-rim',
    planets: [p('Kostboth', 0, 2)],
    note: OR_COMPOSITION,
  },
  {
    id: 'riescue',
    code: 56,
    set: 'outer-rim',
    planets: [p('Riescue', 2, 2, 'TI1 value unknown; invented, no later edition has it')],
    note: OR_COMPOSITION,
  },
  {
    id: 'tallin',
    code: 57,
    set: 'outer-rim',
    planets: [p('Tallin', 4, 2, 'TI1 value unknown; invented, no later edition has it')],
    note: OR_COMPOSITION,
  },
  {
    id: 'tsion',
    code: 58,
    set: 'outer-rim',
    planets: [p('Tsion', 2, 4)],
    note: `${OR_COMPOSITION}; the sixth planet system is unknown, TI3 name used`,
  },
  {
    id: 'nebula-1',
    code: 59,
    name: 'Nebula',
    set: 'outer-rim',
    anomaly: 'nebula',
    note: OR_COMPOSITION,
  },
  {
    id: 'nebula-2',
    code: 60,
    name: 'Nebula',
    set: 'outer-rim',
    anomaly: 'nebula',
    note: OR_COMPOSITION,
  },
  {
    id: 'gravity-rift',
    code: 61,
    name: 'Gravity Rift',
    set: 'outer-rim',
    anomaly: 'gravity-rift',
    note: OR_COMPOSITION,
  },
  { id: 'empty-13', code: 62, name: 'Empty Space', set: 'outer-rim', note: OR_COMPOSITION },
  { id: 'empty-14', code: 63, name: 'Empty Space', set: 'outer-rim', note: OR_COMPOSITION },
];

const mecatolSeed: TileSeed = {
  id: MECATOL_REX_ID,
  code: 0,
  set: 'base',
  planets: [p('Mecatol Rex', 1, 6, 'TI1 value unknown; RULES-SPEC BG-4 default')],
  note: '',
};

const homeSeeds: TileSeed[] = RACE_ORDER.map((race, i) => ({
  id: `home-${race}`,
  code: 1 + i,
  name: `${RACE_NAMES[race]} home system`,
  set: race === 'l1z1x' || race === 'naalu' ? 'outer-rim' : 'base',
  planets: HOME_SEEDS[race],
  note: 'TI1 home planets unknown; TI3 names with values doubled (base-game-facts §8, §10)',
}));

const RACE_OF_HOME = new Map<string, RaceId>(RACE_ORDER.map((race) => [`home-${race}`, race]));

function toTile(seed: TileSeed): TileDef {
  const planets = (seed.planets ?? []).map(toPlanet);
  const race = RACE_OF_HOME.get(seed.id);
  const kind = seed.id === MECATOL_REX_ID ? 'mecatol' : race ? 'home' : 'system';
  const name = seed.name ?? planets.map((pl) => pl.name).join(' / ');
  return {
    id: seed.id,
    code: seed.code,
    name,
    kind,
    set: seed.set,
    planets,
    ...(seed.anomaly ? { anomaly: seed.anomaly } : {}),
    ...(seed.wormhole ? { wormhole: seed.wormhole } : {}),
    ...(race ? { race } : {}),
    provisional: kind !== 'mecatol',
  };
}

const ALL_SEEDS: readonly TileSeed[] = [mecatolSeed, ...homeSeeds, ...systems];

export const TILES: readonly TileDef[] = ALL_SEEDS.map(toTile);

/** The 53 tiles dealt for building (BG-4): everything but Mecatol Rex and home systems. */
export const SYSTEM_TILES: readonly TileDef[] = TILES.filter((t) => t.kind === 'system');

/** Empty systems in catalogue order; the 8-player set-aside picks one of these by index. */
export const EMPTY_SYSTEM_IDS: readonly string[] = SYSTEM_TILES.filter(
  (t) => t.planets.length === 0 && !t.anomaly && !t.wormhole,
).map((t) => t.id);

const BY_ID = new Map(TILES.map((t) => [t.id, t]));
const BY_CODE = new Map(TILES.map((t) => [t.code, t]));

export function tileById(id: string): TileDef | undefined {
  return BY_ID.get(id);
}

export function tileByCode(code: number): TileDef | undefined {
  return BY_CODE.get(code);
}

export function homeTileOf(race: RaceId): TileDef {
  const tile = BY_ID.get(`home-${race}`);
  if (!tile) throw new MapError('UNKNOWN_RACE', `there is no race "${race}"`);
  return tile;
}

export interface PlanetEntry {
  readonly planet: PlanetDef;
  readonly tileId: string;
}

const PLANETS = new Map<string, PlanetEntry>(
  TILES.flatMap((t) => t.planets.map((pl) => [pl.name, { planet: pl, tileId: t.id }] as const)),
);

/** A planet and the tile it is printed on, by its exact name. */
export function planetByName(name: string): PlanetEntry | undefined {
  return PLANETS.get(name);
}

/** Why each provisional tile and planet value is what it is (source for docs/rules.md). */
export interface CatalogueNote {
  readonly tileId: string;
  readonly planet?: string;
  readonly note: string;
}

export const CATALOGUE_NOTES: readonly CatalogueNote[] = ALL_SEEDS.flatMap((seed) => [
  ...(seed.note ? [{ tileId: seed.id, note: seed.note }] : []),
  ...(seed.planets ?? []).map((pl) => ({ tileId: seed.id, planet: pl.name, note: pl.note })),
]);
