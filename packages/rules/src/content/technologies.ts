import { RULE_CONSTANTS } from './constants.js';
import type { Effect } from './effects.js';
import type { TechColour } from './tech-colours.js';

export const TECH_IDS = [
  'enviro-compensator',
  'sarween-tools',
  'micro-technology',
  'integrated-economy',
  'transit-diodes',
  'graviton-laser-system',
  'stasis-capsules',
  'neural-motivator',
  'dacxive-animators',
  'cybernetics',
  'gen-synthesis',
  'x-89-bacterial-weapon',
  'antimass-deflectors',
  'xrd-transporter',
  'type-iv-drive',
  'spatial-jump',
  'light-wave-deflector',
  'shuttle-logistics',
  'hylar-v-assault-laser',
  'deep-space-cannon',
  'magen-defense-grid',
  'assault-cannon',
  'graviton-negator',
  'strategic-mathematics',
] as const;
export type TechId = (typeof TECH_IDS)[number];

/** All of the listed technologies, any one of them, or nothing. */
export type Prerequisites =
  { readonly all: readonly TechId[] } | { readonly any: readonly TechId[] } | null;

export interface TechDef {
  readonly id: TechId;
  readonly name: string;
  readonly colour: TechColour;
  readonly prerequisites: Prerequisites;
  readonly cost: number;
  readonly effect: string;
  /** The part of `effect` the engine can apply generically; the rest is by id. */
  readonly effects: readonly Effect[];
  readonly provisional: boolean;
  readonly source: string;
  /** Our reading where the research leaves the effect unclear ("Rules notes" of docs/rules.md). */
  readonly reading?: string;
}

/**
 * BG-9: the numbers in the technologies' effects, in one place (the research
 * sheet gives them as text; where it is unclear, `reading` on the row says
 * which way we read it).
 */
export const TECH_PARAMS = {
  /** Transit Diodes: Ground Forces shifted per turn, in all. */
  transitDiodesMax: 3,
  /** Spatial Jump: each ship is lost on this roll or higher. */
  spatialJumpLossFrom: 8,
  /** Dacxive Animators: a dead Ground Force comes back on this roll or higher. */
  dacxiveReturnFrom: 9,
  /** Stasis Capsules: Ground Forces each Cruiser and Dreadnought carries. */
  stasisCapacity: 1,
  /** Gen Synthesis: Ground Forces bought per planet without a Spacedock, per round. */
  genSynthesisPerPlanet: 1,
} as const;

const SOURCE = "TI2 + Hope's End chart (base-game-facts §7); TI1 tree lost";

type TechRow = Omit<TechDef, 'id' | 'cost' | 'provisional' | 'source'>;

/**
 * BG-9. The whole tree is provisional: TI1 tracked technology as levels on
 * the race sheet and its list is lost, so the closest surviving chart is used.
 */
const ROWS: Readonly<Record<TechId, TechRow>> = {
  'enviro-compensator': {
    name: 'Enviro Compensator',
    colour: 'yellow',
    prerequisites: null,
    effect: '+1 influence for each of your Spacedocks.',
    effects: [{ kind: 'influence-per-spacedock', value: 1 }],
  },
  'sarween-tools': {
    name: 'Sarween Tools',
    colour: 'yellow',
    prerequisites: { all: ['enviro-compensator'] },
    effect: 'Each planet you control yields +1 resource.',
    effects: [{ kind: 'resources-per-planet', value: 1 }],
  },
  'micro-technology': {
    name: 'Micro Technology',
    colour: 'yellow',
    prerequisites: { any: ['sarween-tools', 'stasis-capsules'] },
    effect: '+3 credits for each of your active trade agreements.',
    effects: [{ kind: 'credits-per-trade-agreement', value: 3 }],
  },
  'integrated-economy': {
    name: 'Integrated Economy',
    colour: 'yellow',
    prerequisites: { all: ['micro-technology', 'cybernetics'] },
    effect: 'Units you purchase are placed at once instead of in the Place New Units phase.',
    effects: [],
    reading:
      "A purchase naming one of the buyer's Spacedocks places the units there at once, under Place New Units' limits (the dock's output this round, blockades, Fighter support); units bought without a planet wait as usual, and bought Spacedocks still appear in Place New Units.",
  },
  'transit-diodes': {
    name: 'Transit Diodes',
    colour: 'yellow',
    prerequisites: { any: ['dacxive-animators', 'light-wave-deflector'] },
    effect: 'Before your Movement segment, move up to 3 Ground Forces between planets you control.',
    effects: [],
    reading:
      'Up to 3 Ground Forces in all per turn, before the first ship moves or rolls; Ground Forces only (Shock Forces stay), between any planets the player controls.',
  },
  'graviton-laser-system': {
    name: 'Graviton Laser System',
    colour: 'yellow',
    prerequisites: { all: ['deep-space-cannon'] },
    effect: 'PDS cost you 5 credits.',
    effects: [{ kind: 'unit-cost', unit: 'pds', cost: 5 }],
  },
  'stasis-capsules': {
    name: 'Stasis Capsules',
    colour: 'green',
    prerequisites: { all: ['enviro-compensator'] },
    effect: 'Your Cruisers and Dreadnoughts may each carry 1 Ground Force.',
    effects: [],
    reading:
      'One Ground or Shock Force aboard each Cruiser and Dreadnought (never a Fighter or PDS); it moves only as a load of that ship and is lost with it.',
  },
  'neural-motivator': {
    name: 'Neural Motivator',
    colour: 'green',
    prerequisites: { any: ['micro-technology', 'stasis-capsules'] },
    effect: 'Draw 1 extra action card in each Draw Action Cards phase.',
    effects: [{ kind: 'extra-action-card-draw', count: 1 }],
  },
  'dacxive-animators': {
    name: 'Dacxive Animators',
    colour: 'green',
    prerequisites: { all: ['neural-motivator'] },
    effect:
      'After an invasion you win, roll a die for each of your Ground Forces that died; on 9-10 place a new Ground Force on the planet.',
    effects: [],
    reading:
      'Only the invader who takes the planet rolls: one die for each of its Ground and Shock Forces that died in that invasion; each 9-10 comes back as a Ground Force on the planet.',
  },
  cybernetics: {
    name: 'Cybernetics',
    colour: 'green',
    prerequisites: { any: ['stasis-capsules', 'antimass-deflectors'] },
    effect: 'Your Fighters get +1 in combat.',
    effects: [{ kind: 'combat-modifier', units: ['fighter'], value: 1, scope: 'any' }],
  },
  'gen-synthesis': {
    name: 'Gen Synthesis',
    colour: 'green',
    prerequisites: { all: ['cybernetics'] },
    effect: 'You may buy 1 Ground Force on each planet you control that has no Spacedock.',
    effects: [],
    reading:
      "One Ground Force per such planet per round, at the Ground Force price and outside the Spacedocks' output; it appears in Place New Units (at once with Integrated Economy).",
  },
  'x-89-bacterial-weapon': {
    name: 'X-89 Bacterial Weapon',
    colour: 'green',
    prerequisites: { all: ['neural-motivator', 'assault-cannon'] },
    effect:
      'Instead of bombarding, a Dreadnought destroys every Ground Force on the planet; you then discard all your action cards.',
    effects: [],
    reading:
      "It takes one Dreadnought's bombardment for the turn and its limits (no planet with PDS without Graviton Negator; not under Unconventional Weapons); Shock Forces die too; the whole hand is discarded.",
  },
  'antimass-deflectors': {
    name: 'Antimass Deflectors',
    colour: 'blue',
    prerequisites: null,
    effect: 'Your ships may move through Asteroid Fields but not stop in them.',
    effects: [{ kind: 'anomaly-pass-through', anomaly: 'asteroid-field' }],
  },
  'xrd-transporter': {
    name: 'XRD Transporter',
    colour: 'blue',
    prerequisites: { all: ['antimass-deflectors'] },
    effect: 'Your Carriers get +1 move.',
    effects: [{ kind: 'move-modifier', units: ['carrier'], value: 1 }],
  },
  'type-iv-drive': {
    name: 'Type IV Drive',
    colour: 'blue',
    prerequisites: { all: ['neural-motivator', 'xrd-transporter'] },
    effect: 'Your Cruisers and Dreadnoughts get +1 move.',
    effects: [{ kind: 'move-modifier', units: ['cruiser', 'dreadnought'], value: 1 }],
  },
  'spatial-jump': {
    name: 'Spatial Jump',
    colour: 'blue',
    prerequisites: { all: ['type-iv-drive'] },
    effect:
      'Before your Movement segment, send one fleet to any system; roll for each ship (Fighters too), lost on 8-10. You ignore Gravity Rift effects (OR-4.2).',
    effects: [{ kind: 'anomaly-immunity', anomaly: 'gravity-rift' }],
    reading:
      'Once per turn, before the first ship moves: every ship of one system (its Fighters and cargo too) jumps to any system but a Supernova or an Asteroid Field; the ships that jump have moved.',
  },
  'light-wave-deflector': {
    name: 'Light/Wave Deflector',
    colour: 'blue',
    prerequisites: { all: ['xrd-transporter', 'magen-defense-grid'] },
    effect: "Your ships may move through systems holding other players' ships.",
    effects: [],
  },
  'shuttle-logistics': {
    name: 'Shuttle Logistics',
    colour: 'blue',
    prerequisites: { all: ['cybernetics', 'graviton-negator'] },
    effect: 'Move Ground Forces between your planets in the same or adjacent systems.',
    effects: [],
    reading:
      "In the owner's Movement segment, any number of Ground Forces (not Shock Forces) between its planets in the same or an adjacent system; a Ground Force that arrived so stays for the turn.",
  },
  'hylar-v-assault-laser': {
    name: 'Hylar V Assault Laser',
    colour: 'red',
    prerequisites: null,
    effect: 'Your Cruisers get +1 in combat.',
    effects: [{ kind: 'combat-modifier', units: ['cruiser'], value: 1, scope: 'any' }],
  },
  'deep-space-cannon': {
    name: 'Deep Space Cannon',
    colour: 'red',
    prerequisites: { all: ['hylar-v-assault-laser'] },
    effect: 'Your PDS may also fire at enemy ships in adjacent systems.',
    effects: [],
    reading:
      "The owner's PDS fire into every adjacent system as into their own: at ships that ended a move there, or at the defender in the owner's battle there; no return fire.",
  },
  'magen-defense-grid': {
    name: 'Magen Defense Grid',
    colour: 'red',
    prerequisites: { all: ['deep-space-cannon'] },
    effect: 'Your PDS get +1; your defending Ground Forces get +1 on planets with your PDS.',
    effects: [{ kind: 'combat-modifier', units: ['pds'], value: 1, scope: 'any' }],
  },
  'assault-cannon': {
    name: 'Assault Cannon',
    colour: 'red',
    prerequisites: { all: ['deep-space-cannon', 'cybernetics'] },
    effect: 'Your Dreadnoughts fire once before a space battle; no return fire.',
    effects: [],
    reading:
      'Each Dreadnought of either side rolls once at its combat value with the PDS fire before round 1; the hits are taken before any return fire.',
  },
  'graviton-negator': {
    name: 'Graviton Negator',
    colour: 'red',
    prerequisites: { any: ['assault-cannon', 'dacxive-animators'] },
    effect: 'Your Dreadnoughts may bombard planets with PDS; your Fighters may join invasions.',
    effects: [],
    reading:
      'Fighters land only with Ground Forces, roll at their combat value in the ground rounds, are lost after Shock Forces and before Ground Forces, never take a planet alone and go back to space when the invasion ends.',
  },
  'strategic-mathematics': {
    name: 'Strategic Mathematics',
    colour: 'red',
    prerequisites: { all: ['xrd-transporter', 'assault-cannon'] },
    effect: 'After a space battle you win, up to half of your Cruisers there may move on.',
    effects: [],
    reading:
      'After a space battle the active player wins against ships: half its Cruisers there, rounded down, may move on in the Space Battle segment; a fight where they stop is fought then.',
  },
};

export const TECHNOLOGIES: readonly TechDef[] = TECH_IDS.map((id) => ({
  id,
  ...ROWS[id],
  cost: RULE_CONSTANTS.technologyCost,
  provisional: true,
  source: SOURCE,
}));

const BY_ID = new Map<string, TechDef>(TECHNOLOGIES.map((t) => [t.id, t]));

export function isTechId(value: string): value is TechId {
  return BY_ID.has(value);
}

export function techById(id: TechId): TechDef;
export function techById(id: string): TechDef | undefined;
export function techById(id: string): TechDef | undefined {
  return BY_ID.get(id);
}

/** BG-9: may a player owning `owned` buy `tech`? (Price and phase are the engine's.) */
export function prerequisitesMet(owned: readonly TechId[], tech: TechId | TechDef): boolean {
  const def = typeof tech === 'string' ? techById(tech) : tech;
  const p = def.prerequisites;
  if (p === null) return true;
  if ('all' in p) return p.all.every((id) => owned.includes(id));
  return p.any.some((id) => owned.includes(id));
}

/** The technologies a prerequisite names directly (for graph checks and display). */
export function prerequisiteIds(p: Prerequisites): readonly TechId[] {
  if (p === null) return [];
  return 'all' in p ? p.all : p.any;
}
