import type { RaceId } from '@outer-rim/map';
import { RACE_IDS } from '@outer-rim/map';
import { RULE_CONSTANTS } from './constants.js';
import type { Effect } from './effects.js';
import { leadersOf } from './leaders.js';
import type { LeaderType } from './leaders.js';
import type { TechId } from './technologies.js';
import type { UnitType } from './units.js';

/** Where a starting unit stands: the home system's space or a named home planet. */
export type StartLocation = 'space' | { readonly planet: string };

export interface UnitStack {
  readonly unit: UnitType;
  readonly count: number;
  readonly at: StartLocation;
}

export interface RacialAbility {
  readonly id: string;
  readonly text: string;
  /** The generic part of the ability; abilities with none are applied by id. */
  readonly effects: readonly Effect[];
  readonly provisional: boolean;
  readonly source: string;
}

export interface RaceStart {
  readonly credits: number;
  readonly units: readonly UnitStack[];
  readonly technologies: readonly TechId[];
  readonly provisional: boolean;
  readonly note: string;
}

export interface RaceDef {
  readonly id: RaceId;
  readonly name: string;
  /** Id of the race's home system in the `@outer-rim/map` catalogue: `home-<raceId>`. */
  readonly homeTileId: `home-${RaceId}`;
  /** Planet names as on the home tile. */
  readonly homePlanets: readonly string[];
  /**
   * The home planet with the most resources: it holds the starting Spacedock
   * and the leaders (OR-6.2), and stands in for Borderlands' capital.
   */
  readonly capital: string;
  readonly start: RaceStart;
  /** OR-5 Empire's End extras on top of `start.units`; null where unknown. */
  readonly empiresEndExtraUnits: readonly UnitStack[] | null;
  readonly abilities: readonly RacialAbility[];
  /** OR-6.2, with the default options (see `leadersOf`). */
  readonly leaders: readonly LeaderType[];
}

const TI2 = 'TI2 race sheet (base-game-facts §8); TI1 text lost';
const HOPES_END = "TI2 Hope's End race sheet (base-game-facts §8); TI1 text lost";
const START_NOTE =
  'race sheets lost: generic start (base-game-facts §10): 1 Ground Force per home planet, Spacedock on the richest, 2 Carriers, 2 Cruisers, 1 Dreadnought, 2 Fighters, 2 more Ground Forces; root technologies by theme';

/** BG-1 / base-game-facts §4: the start every race shares, before extras. */
function standardUnits(homePlanets: readonly string[], capital: string): readonly UnitStack[] {
  return [
    ...homePlanets.map((planet): UnitStack => ({ unit: 'ground-force', count: 1, at: { planet } })),
    { unit: 'spacedock', count: 1, at: { planet: capital } },
    { unit: 'ground-force', count: 2, at: { planet: capital } },
    { unit: 'carrier', count: 2, at: 'space' },
    { unit: 'cruiser', count: 2, at: 'space' },
    { unit: 'dreadnought', count: 1, at: 'space' },
    { unit: 'fighter', count: 2, at: 'space' },
  ];
}

interface RaceRow {
  readonly name: string;
  readonly homePlanets: readonly string[];
  readonly capital: string;
  readonly technologies: readonly TechId[];
  readonly empiresEndExtraUnits: readonly UnitStack[] | null;
  readonly abilities: readonly RacialAbility[];
}

const ROWS: Readonly<Record<RaceId, RaceRow>> = {
  'sardakk-norr': {
    name: "Sardakk N'orr",
    homePlanets: ["Tren'Lak", 'Quinarra'],
    capital: 'Quinarra',
    technologies: ['hylar-v-assault-laser', 'antimass-deflectors'],
    empiresEndExtraUnits: null,
    abilities: [
      {
        id: 'norr-warriors',
        text: '+1 on every combat roll.',
        effects: [{ kind: 'combat-modifier', units: 'all', value: 1, scope: 'any' }],
        provisional: true,
        source: TI2,
      },
    ],
  },
  letnev: {
    name: 'Barony of Letnev',
    homePlanets: ['Arc Prime', 'Wren Terra'],
    capital: 'Arc Prime',
    technologies: ['hylar-v-assault-laser', 'enviro-compensator'],
    empiresEndExtraUnits: null,
    abilities: [
      {
        id: 'letnev-armour',
        text: 'Ground Forces get +2 in combat.',
        effects: [
          { kind: 'combat-modifier', units: ['ground-force'], value: 2, scope: 'invasion-combat' },
        ],
        provisional: true,
        source: TI2,
      },
      {
        id: 'letnev-isolation',
        text: 'May not vote in the Political phase while in no active trade agreement.',
        effects: [],
        provisional: true,
        source: TI2,
      },
    ],
  },
  hacan: {
    name: 'Emirates of Hacan',
    homePlanets: ['Arretze', 'Hercant', 'Kamdorn'],
    capital: 'Arretze',
    technologies: ['enviro-compensator', 'sarween-tools'],
    empiresEndExtraUnits: null,
    abilities: [
      {
        id: 'hacan-merchants',
        text: 'Nobody may refuse a trade agreement with the Hacan or willingly break one; their agreements survive combat between the partners.',
        effects: [],
        provisional: true,
        source: TI2,
      },
      {
        id: 'hacan-start-trade',
        text: 'Start the game with 2 trade agreements.',
        effects: [],
        provisional: true,
        source: TI2,
      },
    ],
  },
  sol: {
    name: 'Federation of Sol',
    homePlanets: ['Jord'],
    capital: 'Jord',
    technologies: ['antimass-deflectors', 'enviro-compensator'],
    empiresEndExtraUnits: null,
    abilities: [
      {
        id: 'sol-colonists',
        text: '+1 influence for every planet controlled outside the home system.',
        effects: [{ kind: 'influence-per-planet-outside-home', value: 1 }],
        provisional: true,
        source: TI2,
      },
      {
        id: 'sol-reinforcements',
        text: 'In the first Place New Units phase, place 1 free Ground Force on each planet controlled.',
        effects: [],
        provisional: true,
        source: TI2,
      },
    ],
  },
  xxcha: {
    name: 'Xxcha Kingdom',
    homePlanets: ['Archon Ren', 'Archon Tau'],
    capital: 'Archon Ren',
    technologies: ['enviro-compensator', 'stasis-capsules'],
    empiresEndExtraUnits: null,
    abilities: [
      {
        id: 'xxcha-veto',
        text: 'Before a vote, may pay 5 credits to discard the political card drawn.',
        effects: [],
        provisional: true,
        source: TI2,
      },
      {
        id: 'xxcha-diplomacy',
        text: '+1 influence for each active trade agreement.',
        effects: [{ kind: 'influence-per-trade-agreement', value: 1 }],
        provisional: true,
        source: TI2,
      },
    ],
  },
  'jol-nar': {
    name: 'Universities of Jol-Nar',
    homePlanets: ['Jol', 'Nar'],
    capital: 'Nar',
    technologies: ['enviro-compensator', 'antimass-deflectors', 'hylar-v-assault-laser'],
    empiresEndExtraUnits: null,
    abilities: [
      {
        id: 'jol-nar-scholars',
        text: 'Technologies cost 20 credits, red (Weapons) technologies 40.',
        effects: [
          { kind: 'technology-cost', colours: ['red'], except: true, cost: 20 },
          { kind: 'technology-cost', colours: ['red'], cost: 40 },
        ],
        provisional: true,
        source: TI2,
      },
      {
        id: 'jol-nar-frail',
        text: '-1 on every combat roll.',
        effects: [{ kind: 'combat-modifier', units: 'all', value: -1, scope: 'any' }],
        provisional: true,
        source: TI2,
      },
    ],
  },
  mentak: {
    name: 'Mentak Coalition',
    homePlanets: ['Moll Primus'],
    capital: 'Moll Primus',
    technologies: ['hylar-v-assault-laser', 'antimass-deflectors'],
    empiresEndExtraUnits: null,
    abilities: [
      {
        id: 'mentak-ambush',
        text: 'Before any space battle it fights, up to 2 of its Cruisers fire once; hits are removed without return fire.',
        effects: [],
        provisional: true,
        source: HOPES_END,
      },
      {
        id: 'mentak-piracy',
        text: "+1 credit for each active trade agreement in play (any players').",
        effects: [],
        provisional: true,
        source: HOPES_END,
      },
    ],
  },
  yssaril: {
    name: 'Yssaril Tribes',
    homePlanets: ['Retillion', 'Shalloq'],
    capital: 'Retillion',
    technologies: ['antimass-deflectors', 'enviro-compensator'],
    empiresEndExtraUnits: null,
    abilities: [
      {
        id: 'yssaril-spies',
        text: 'Draw two action cards in each Draw Action Cards phase.',
        effects: [{ kind: 'extra-action-card-draw', count: 1 }],
        provisional: false,
        source: 'TI1 FAQ (base-game-facts §8)',
      },
      {
        id: 'yssaril-espionage',
        text: 'May buy a technology another player owned before the Technology phase began for 25 credits.',
        effects: [{ kind: 'known-technology-cost', cost: 25 }],
        provisional: false,
        source: 'TI1 FAQ (base-game-facts §8)',
      },
      {
        id: 'yssaril-eavesdrop',
        text: "In the Political phase, may look at one player's action cards.",
        effects: [],
        provisional: true,
        source: HOPES_END,
      },
    ],
  },
  l1z1x: {
    name: 'L1Z1X Mindnet',
    homePlanets: ['[0.0.0]'],
    capital: '[0.0.0]',
    technologies: ['hylar-v-assault-laser', 'enviro-compensator'],
    empiresEndExtraUnits: [
      { unit: 'dreadnought', count: 2, at: 'space' },
      { unit: 'cruiser', count: 1, at: 'space' },
    ],
    abilities: [
      {
        id: 'l1z1x-harrow',
        text: 'Dreadnoughts get +1 in space battles.',
        effects: [
          { kind: 'combat-modifier', units: ['dreadnought'], value: 1, scope: 'space-battle' },
        ],
        provisional: true,
        source: 'house default (outer-rim-facts §12); player chart lost',
      },
    ],
  },
  naalu: {
    name: 'Naalu Collective',
    homePlanets: ['Druaa', 'Maaluuk'],
    capital: 'Druaa',
    technologies: ['antimass-deflectors', 'xrd-transporter'],
    empiresEndExtraUnits: [
      { unit: 'cruiser', count: 1, at: 'space' },
      { unit: 'carrier', count: 1, at: 'space' },
      { unit: 'fighter', count: 1, at: 'space' },
      // The box does not say where; the capital keeps it legal without a carrier.
      { unit: 'ground-force', count: 1, at: { planet: 'Druaa' } },
    ],
    abilities: [
      {
        id: 'naalu-fighters',
        text: 'Fighters get +1 in space battles.',
        effects: [{ kind: 'combat-modifier', units: ['fighter'], value: 1, scope: 'space-battle' }],
        provisional: true,
        source: 'house default (outer-rim-facts §12); player chart lost',
      },
    ],
  },
};

/** BG-1, OR-5: the ten races. */
export const RACES: Readonly<Record<RaceId, RaceDef>> = Object.fromEntries(
  RACE_IDS.map((id): [RaceId, RaceDef] => {
    const row = ROWS[id];
    return [
      id,
      {
        id,
        name: row.name,
        homeTileId: `home-${id}`,
        homePlanets: row.homePlanets,
        capital: row.capital,
        start: {
          credits: RULE_CONSTANTS.defaultStartingCredits,
          units: standardUnits(row.homePlanets, row.capital),
          technologies: row.technologies,
          provisional: true,
          note: START_NOTE,
        },
        empiresEndExtraUnits: row.empiresEndExtraUnits,
        abilities: row.abilities,
        leaders: leadersOf(id),
      },
    ];
  }),
) as Record<RaceId, RaceDef>;

export function isRaceId(value: string): value is RaceId {
  return (RACE_IDS as readonly string[]).includes(value);
}

export function raceById(id: RaceId): RaceDef;
export function raceById(id: string): RaceDef | undefined;
export function raceById(id: string): RaceDef | undefined {
  return isRaceId(id) ? RACES[id] : undefined;
}
