/**
 * Every magic number of the rules, in one place, so the engine never writes
 * a bare `7` or `30` and a correction from the printed components is a
 * one-line change. The galaxy's numbers (player counts, Outer Rim gaps,
 * seven-player seat compensation, minor-race garrisons, Mecatol Rex's
 * values) live with the layouts and the catalogue in `@outer-rim/map`.
 */
export const RULE_CONSTANTS = {
  // BG-2 / BG-8: the council only sits with three or more players.
  politicalPhaseMinPlayers: 3,
  // Dice (d10; the face 0 reads 10).
  dieSides: 10,
  // BG-2 Draw Action Cards / BG-9
  actionCardsDrawnPerRound: 1,
  actionCardHandLimit: 7,
  // BG-2 Technology phase / BG-9
  technologyCost: 30,
  technologiesPerTechnologyPhase: 1,
  // BG-3 units
  carrierCapacity: 5,
  fightersPerSpacedock: 2,
  spacedocksPerPlanet: 1,
  maxSpacedocksPerPlayer: 6,
  // BG-5 movement: entering one end of a wormhole is the step; the jump to the other end costs this.
  wormholeJumpCost: 0,
  // BG-10 progression: at most one bracket per Progression phase.
  progressionStepsPerPhase: 1,
  // OR-4.2 gravity rift: a roll at or above this exits through any side.
  gravityRiftFreeExitMin: 7,
  // OR-6.1 shock forces
  shockForceLimitPerPlayer: 3,
  shockForcePromotionTrigger: 10,
  shockForcePromotionMin: 9,
  hopesEndConversionCost: 1,
  hopesEndConversionsPerPoliticalPhase: 1,
  // OR-6.2 leaders
  leadersPerRace: 3,
  captiveLeaderInfluence: 2,
  leaderInvadedCapturedMax: 5,
  leaderInvadedEscapesMax: 9,
  leaderRescueOnInvasionRoll: 10,
  assassinRescueKilledMax: 3,
  assassinRescueSuccessMin: 9,
  assassinRescueBonusPerAgent: 1,
  generalRerollsPerRound: 1,
  generalBombardmentModifier: -4,
  admiralExtraDice: 1,
  admiralDreadnoughtMoveBonus: 1,
  agentPdsModifier: -2,
  scientistIncomeMultiplier: 2,
  scientistPdsCost: 5,
  scientistPdsPerTurn: 1,
  // Starting position default (race sheets are lost).
  defaultStartingCredits: 35,
} as const;

export type RuleConstant = keyof typeof RULE_CONSTANTS;

export interface ConstantSource {
  /** Rule id or sheet section the number comes from. */
  readonly source: string;
  readonly provisional: boolean;
  readonly note?: string;
}

/**
 * Why each number is what it is. Typed as a full record, so adding a
 * constant without saying where it comes from does not compile.
 */
export const CONSTANT_SOURCES: Readonly<Record<RuleConstant, ConstantSource>> = {
  politicalPhaseMinPlayers: { source: 'BG-2, BG-8', provisional: false },
  dieSides: { source: 'BG-3', provisional: false },
  actionCardsDrawnPerRound: { source: 'BG-2', provisional: false },
  actionCardHandLimit: {
    source: 'BG-2',
    provisional: true,
    note: 'TI1 default unknown; a law cuts it to 3, TI2 uses 7',
  },
  technologyCost: {
    source: 'BG-9',
    provisional: true,
    note: 'TI2 price; TI1 only known to be above 25 (Yssaril discount)',
  },
  technologiesPerTechnologyPhase: { source: 'BG-9', provisional: false },
  carrierCapacity: { source: 'BG-3', provisional: true, note: 'TI2 value' },
  fightersPerSpacedock: { source: 'BG-3', provisional: true, note: 'TI2 value' },
  spacedocksPerPlanet: { source: 'BG-3', provisional: false },
  maxSpacedocksPerPlayer: { source: 'base-game-facts §2', provisional: true, note: 'TI2 value' },
  wormholeJumpCost: { source: 'BG-5', provisional: false },
  progressionStepsPerPhase: { source: 'BG-10', provisional: false },
  gravityRiftFreeExitMin: { source: 'OR-4.2', provisional: false },
  shockForceLimitPerPlayer: { source: 'OR-6.1', provisional: false },
  shockForcePromotionTrigger: { source: 'OR-6.1', provisional: false },
  shockForcePromotionMin: { source: 'OR-6.1', provisional: false },
  hopesEndConversionCost: { source: 'OR-6.1', provisional: false },
  hopesEndConversionsPerPoliticalPhase: {
    source: 'OR-6.1',
    provisional: true,
    note: 'the rulebook speaks of one unit; read as one per phase',
  },
  leadersPerRace: { source: 'OR-6.2', provisional: false },
  captiveLeaderInfluence: { source: 'OR-6.2', provisional: false },
  leaderInvadedCapturedMax: { source: 'OR-6.2', provisional: false },
  leaderInvadedEscapesMax: { source: 'OR-6.2', provisional: false },
  leaderRescueOnInvasionRoll: { source: 'OR-6.2', provisional: false },
  assassinRescueKilledMax: { source: 'OR-6.2', provisional: false },
  assassinRescueSuccessMin: { source: 'OR-6.2', provisional: false },
  assassinRescueBonusPerAgent: { source: 'OR-6.2', provisional: false },
  generalRerollsPerRound: { source: 'OR-6.2', provisional: false },
  generalBombardmentModifier: { source: 'OR-6.2', provisional: false },
  admiralExtraDice: {
    source: 'OR-6.2',
    provisional: true,
    note: 'read as one extra die per space battle round',
  },
  admiralDreadnoughtMoveBonus: { source: 'OR-6.2', provisional: false },
  agentPdsModifier: { source: 'OR-6.2', provisional: false },
  scientistIncomeMultiplier: { source: 'OR-6.2', provisional: false },
  scientistPdsCost: { source: 'OR-6.2', provisional: false },
  scientistPdsPerTurn: { source: 'OR-6.2', provisional: false },
  defaultStartingCredits: {
    source: 'BG-1',
    provisional: true,
    note: "race sheets lost; TI2 Sardakk N'orr value used for every race",
  },
};
