export const BRACKET_IDS = [
  'warlord',
  'foundation',
  'consortium',
  'dominion',
  'imperium-rex',
] as const;
export type BracketId = (typeof BRACKET_IDS)[number];

/** What a player must have, all at once, to climb into a bracket. */
export interface BracketRequirements {
  /** Planets controlled outside the player's home system. */
  readonly planetsOutsideHome: number;
  readonly technologies: number;
  /** Sum of the resource values of every planet controlled. */
  readonly resources: number;
  /** Sum of the influence values of every planet controlled (captives count, OR-6.2). */
  readonly influence: number;
}

export interface BracketDef {
  readonly id: BracketId;
  readonly name: string;
  /** 0 for Warlord, where everyone starts. */
  readonly rank: number;
  readonly requires: BracketRequirements;
  readonly provisional: boolean;
  readonly source: string;
}

const NONE: BracketRequirements = {
  planetsOutsideHome: 0,
  technologies: 0,
  resources: 0,
  influence: 0,
};

/**
 * BG-10. Each bracket repeats the needs of the one below it, so a player who
 * meets a bracket's numbers meets every earlier bracket's.
 */
export const BRACKETS: Readonly<Record<BracketId, BracketDef>> = {
  warlord: {
    id: 'warlord',
    name: 'Warlord',
    rank: 0,
    requires: NONE,
    provisional: false,
    source: 'TI1 rules (base-game-facts §7)',
  },
  foundation: {
    id: 'foundation',
    name: 'Foundation',
    rank: 1,
    requires: { ...NONE, planetsOutsideHome: 5 },
    provisional: true,
    source: 'TI2 chart (base-game-facts §7)',
  },
  consortium: {
    id: 'consortium',
    name: 'Consortium',
    rank: 2,
    requires: { ...NONE, planetsOutsideHome: 5, technologies: 4 },
    provisional: true,
    source: 'TI2 chart (base-game-facts §7)',
  },
  dominion: {
    id: 'dominion',
    name: 'Dominion',
    rank: 3,
    requires: { planetsOutsideHome: 7, technologies: 6, resources: 20, influence: 20 },
    provisional: true,
    source: 'name and numbers reconstructed between Consortium and Imperium Rex',
  },
  'imperium-rex': {
    id: 'imperium-rex',
    name: 'Imperium Rex',
    rank: 4,
    requires: { planetsOutsideHome: 9, technologies: 9, resources: 30, influence: 30 },
    provisional: true,
    source: 'TI1 name; TI2 numbers (base-game-facts §7)',
  },
};

/** The brackets from the bottom (rank 0) to the top. */
export const PROGRESSION: readonly BracketDef[] = BRACKET_IDS.map((id) => BRACKETS[id]);

/** Reaching this bracket wins at once (BG-10). */
export const WINNING_BRACKET: BracketId = 'imperium-rex';

/** The bracket above `id`, or null at the top. */
export function nextBracket(id: BracketId): BracketDef | null {
  return PROGRESSION[BRACKETS[id].rank + 1] ?? null;
}

/** Does a player with these figures meet `bracket`'s needs? */
export function meetsBracket(have: BracketRequirements, bracket: BracketDef): boolean {
  const need = bracket.requires;
  return (
    have.planetsOutsideHome >= need.planetsOutsideHome &&
    have.technologies >= need.technologies &&
    have.resources >= need.resources &&
    have.influence >= need.influence
  );
}
