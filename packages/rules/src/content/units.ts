import { RULE_CONSTANTS } from './constants.js';

export const UNIT_TYPES = [
  'dreadnought',
  'carrier',
  'cruiser',
  'fighter',
  'ground-force',
  'shock-force',
  'pds',
  'spacedock',
] as const;
export type UnitType = (typeof UNIT_TYPES)[number];

export interface UnitDef {
  readonly type: UnitType;
  readonly name: string;
  /** Credits in the Purchase Units phase; null: cannot be bought (OR-6.1 Shock Forces). */
  readonly cost: number | null;
  /** A d10 roll at or above this hits; null: never rolls in combat. */
  readonly combat: number | null;
  /** Hexes per Movement segment; 0: moves only as cargo or never. */
  readonly move: number;
  /** Cargo slots it offers (BG-3 Carrier). */
  readonly capacity: number;
  /** Fights in space battles and stands in a system's space. */
  readonly ship: boolean;
  /** Holds planets (BG-7, OR-6.1). */
  readonly ground: boolean;
  /** A Carrier may load it (BG-5). */
  readonly cargo: boolean;
  /** Most a player may have on the board; null: unlimited (BG-3). */
  readonly limit: number | null;
  readonly notes: string;
  readonly provisional: boolean;
  readonly source: string;
}

const TI2 = 'TI2 printed value (base-game-facts §2); TI1 value lost';

/** BG-3 and OR-6.1. */
export const UNITS: Readonly<Record<UnitType, UnitDef>> = {
  dreadnought: {
    type: 'dreadnought',
    name: 'Dreadnought',
    cost: 10,
    combat: 4,
    move: 1,
    capacity: 0,
    ship: true,
    ground: false,
    cargo: false,
    limit: null,
    notes: 'Bombards one planet without PDS in the Invasion Combat segment (BG-7).',
    provisional: true,
    source: TI2,
  },
  carrier: {
    type: 'carrier',
    name: 'Carrier',
    cost: 10,
    combat: 9,
    move: 1,
    capacity: RULE_CONSTANTS.carrierCapacity,
    ship: true,
    ground: false,
    cargo: false,
    limit: null,
    notes:
      'Carries Ground Forces, Shock Forces, Fighters and PDS in any mix; PDS are inert aboard.',
    provisional: true,
    source: TI2,
  },
  cruiser: {
    type: 'cruiser',
    name: 'Cruiser',
    cost: 6,
    combat: 8,
    move: 2,
    capacity: 0,
    ship: true,
    ground: false,
    cargo: false,
    limit: null,
    notes: '',
    provisional: true,
    source: TI2,
  },
  fighter: {
    type: 'fighter',
    name: 'Fighter',
    cost: 4,
    combat: 9,
    move: 0,
    capacity: 0,
    ship: true,
    ground: false,
    cargo: true,
    limit: null,
    notes:
      'Never moves alone; exists only with Carrier capacity or Spacedock support (2 per dock); unsupported Fighters are lost. No combat value in a Nebula (OR-4.1).',
    provisional: true,
    source: TI2,
  },
  'ground-force': {
    type: 'ground-force',
    name: 'Ground Force',
    cost: 4,
    combat: 8,
    move: 0,
    capacity: 0,
    ship: false,
    ground: true,
    cargo: true,
    limit: null,
    notes:
      'Takes and holds planets; moves only by Carrier. An unmodified 10 may promote it (OR-6.1).',
    provisional: true,
    source: TI2,
  },
  'shock-force': {
    type: 'shock-force',
    name: 'Shock Force',
    cost: null,
    combat: 5,
    move: 0,
    capacity: 0,
    ship: false,
    ground: true,
    cargo: true,
    limit: RULE_CONSTANTS.shockForceLimitPerPlayer,
    notes:
      'Promotion only (OR-6.1, Hopes End). First casualty except to defensive PDS fire; survivors of a won invasion capture enemy Spacedocks and PDS.',
    provisional: false,
    source: 'OR-6.1 (rulebook)',
  },
  pds: {
    type: 'pds',
    name: 'PDS',
    cost: 10,
    combat: 7,
    move: 0,
    capacity: 0,
    ship: false,
    ground: false,
    cargo: true,
    limit: null,
    notes:
      'Stands on a planet; fires at enemy ships in its system (BG-6) and once at invaders of its planet (BG-7), no return fire.',
    provisional: true,
    source: `${TI2}; combat 7 per TI2 FAQ errata`,
  },
  spacedock: {
    type: 'spacedock',
    name: 'Spacedock',
    cost: 15,
    combat: null,
    move: 0,
    capacity: 0,
    ship: false,
    ground: false,
    cargo: false,
    limit: RULE_CONSTANTS.maxSpacedocksPerPlayer,
    notes:
      "One per planet; places up to its planet's resources in new units per round; supports 2 Fighters.",
    provisional: true,
    source: TI2,
  },
};

/** Units that fight in space battles (the `ship` flag). */
export const SHIP_TYPES = ['dreadnought', 'carrier', 'cruiser', 'fighter'] as const;
export type ShipType = (typeof SHIP_TYPES)[number];

/** Units that hold planets and fight in invasion combat (the `ground` flag). */
export const GROUND_TYPES = ['ground-force', 'shock-force'] as const;
export type GroundType = (typeof GROUND_TYPES)[number];

/** Units a Carrier may load (the `cargo` flag). */
export const CARGO_TYPES = ['fighter', 'ground-force', 'shock-force', 'pds'] as const;
export type CargoType = (typeof CARGO_TYPES)[number];

/** Units that can be bought in the Purchase Units phase (cost not null). */
export const PURCHASABLE_TYPES: readonly UnitType[] = UNIT_TYPES.filter(
  (t) => UNITS[t].cost !== null,
);

export function isUnitType(value: string): value is UnitType {
  return (UNIT_TYPES as readonly string[]).includes(value);
}

/**
 * OR-2.2: minor races take casualties cheapest first in this fixed order
 * (RULES-SPEC, corrected: Fighters, Cruisers, Carriers, Dreadnoughts), so
 * their losses need no decision. On a planet they only have Ground Forces.
 */
export const MINOR_RACE_CASUALTY_ORDER: readonly ShipType[] = [
  'fighter',
  'cruiser',
  'carrier',
  'dreadnought',
];
