import type { RaceId } from '@outer-rim/map';
import { RULE_CONSTANTS } from './constants.js';

export const LEADER_TYPES = ['general', 'admiral', 'agent', 'diplomat', 'scientist'] as const;
export type LeaderType = (typeof LEADER_TYPES)[number];

export interface LeaderDef {
  readonly type: LeaderType;
  readonly name: string;
  /** The Leader Table's abilities, paraphrased one per entry. */
  readonly abilities: readonly string[];
}

const C = RULE_CONSTANTS;

/** OR-6.2 Leader Table (rulebook, back cover). */
export const LEADERS: Readonly<Record<LeaderType, LeaderDef>> = {
  general: {
    type: 'general',
    name: 'General',
    abilities: [
      `In an invasion combat it takes part in, its owner may re-roll ${C.generalRerollsPerRound} die each round; only one General may take part in any one attack or defence.`,
      `Dreadnoughts bombarding a planet holding an enemy General get ${C.generalBombardmentModifier} on their roll.`,
    ],
  },
  admiral: {
    type: 'admiral',
    name: 'Admiral',
    abilities: [
      `In a space battle, the ship carrying it rolls ${C.admiralExtraDice} extra combat die.`,
      'A fleet attacked by a fleet with an Admiral may not play Skilled Retreat unless it has an Admiral too.',
      `Dreadnoughts that begin the Movement segment in its system get +${C.admiralDreadnoughtMoveBonus} move.`,
    ],
  },
  agent: {
    type: 'agent',
    name: 'Agent',
    abilities: [
      `When it joins an invasion, enemy PDS get ${C.agentPdsModifier} firing at those invading Ground and Shock Forces.`,
      'May be sacrificed at any time as a Sabotage card; it is then removed from the game.',
    ],
  },
  diplomat: {
    type: 'diplomat',
    name: 'Diplomat',
    abilities: [
      'On a planet about to be invaded, it may delay the invasion one turn (the invaders go back to their ships); not again in the following turn.',
      "Its fleet may pass through systems holding an opponent's ships if that opponent allows it.",
      'On Mecatol Rex in the Political phase, its owner picks the agenda from the top three political cards; the other two are shuffled back.',
    ],
  },
  scientist: {
    type: 'scientist',
    name: 'Scientist',
    abilities: [
      `On a planet outside its owner's home system, that planet's resource income is multiplied by ${C.scientistIncomeMultiplier} in Receive Credits (two Scientists on one planet still only double it).`,
      `Its owner may buy ${C.scientistPdsPerTurn} PDS per turn for ${C.scientistPdsCost} credits on a planet holding a Spacedock and a Scientist.`,
    ],
  },
};

export interface LeaderAllocation {
  readonly leaders: readonly LeaderType[];
  readonly provisional: boolean;
  readonly note?: string;
}

/**
 * The Yssaril are printed with two Agents only (29 leaders for 10 races).
 * Every other race with a doubled type has an Admiral as its third, and the
 * Admiral list is where a dropped name is likeliest, so Admiral is the
 * default; a host may choose another.
 */
export const YSSARIL_DEFAULT_THIRD_LEADER: LeaderType = 'admiral';

/** OR-6.2: the Leader Table's lists, pivoted by race. */
export const LEADER_ALLOCATION: Readonly<Record<RaceId, LeaderAllocation>> = {
  'sardakk-norr': { leaders: ['general', 'general', 'admiral'], provisional: false },
  letnev: { leaders: ['general', 'admiral', 'diplomat'], provisional: false },
  hacan: { leaders: ['general', 'diplomat', 'scientist'], provisional: false },
  sol: { leaders: ['admiral', 'agent', 'diplomat'], provisional: false },
  xxcha: { leaders: ['admiral', 'diplomat', 'diplomat'], provisional: false },
  'jol-nar': { leaders: ['admiral', 'scientist', 'scientist'], provisional: false },
  mentak: { leaders: ['admiral', 'agent', 'diplomat'], provisional: false },
  yssaril: {
    leaders: ['agent', 'agent', YSSARIL_DEFAULT_THIRD_LEADER],
    provisional: true,
    note: 'rulebook lists two Agents only; third leader Admiral by default, configurable',
  },
  l1z1x: { leaders: ['agent', 'diplomat', 'scientist'], provisional: false },
  naalu: { leaders: ['admiral', 'agent', 'diplomat'], provisional: false },
};

export interface LeaderOptions {
  /** OR-6.2: the Yssaril's third leader (default Admiral). */
  readonly yssarilThirdLeader?: LeaderType;
}

/** The three leaders a race starts with under the game's options. */
export function leadersOf(race: RaceId, options: LeaderOptions = {}): readonly LeaderType[] {
  const { leaders } = LEADER_ALLOCATION[race];
  if (race !== 'yssaril' || options.yssarilThirdLeader === undefined) return leaders;
  return [...leaders.slice(0, 2), options.yssarilThirdLeader];
}
