import { describe, expect, it } from 'vitest';
import { CONSTANT_SOURCES, RULE_CONSTANTS } from './constants.js';
import type { RuleConstant } from './constants.js';

describe('RULES-SPEC constants', () => {
  it('says where every number comes from, and why where it is provisional', () => {
    expect(Object.keys(CONSTANT_SOURCES).sort()).toEqual(Object.keys(RULE_CONSTANTS).sort());
    for (const key of Object.keys(CONSTANT_SOURCES) as RuleConstant[]) {
      const src = CONSTANT_SOURCES[key];
      expect(src.source).toMatch(/BG-|OR-|facts/);
      if (src.provisional) expect(src.note).toBeTruthy();
    }
  });

  it('BG-2 / BG-9: hand limit 7, one card drawn, one technology at 30 credits', () => {
    expect(RULE_CONSTANTS.actionCardHandLimit).toBe(7);
    expect(RULE_CONSTANTS.actionCardsDrawnPerRound).toBe(1);
    expect(RULE_CONSTANTS.technologiesPerTechnologyPhase).toBe(1);
    expect(RULE_CONSTANTS.technologyCost).toBe(30);
  });

  it('BG-3: Carriers hold 5, each Spacedock supports 2 Fighters, one dock per planet', () => {
    expect(RULE_CONSTANTS.carrierCapacity).toBe(5);
    expect(RULE_CONSTANTS.fightersPerSpacedock).toBe(2);
    expect(RULE_CONSTANTS.spacedocksPerPlanet).toBe(1);
  });

  it('BG-8: the council sits with 3 or more players', () => {
    expect(RULE_CONSTANTS.politicalPhaseMinPlayers).toBe(3);
  });

  it('OR-4.2: a Gravity Rift lets a ship go where it likes on 7-10', () => {
    expect(RULE_CONSTANTS.gravityRiftFreeExitMin).toBe(7);
  });

  it('OR-6.1: promotion on an unmodified 10 then 9-10; Hopes End converts for 1 credit', () => {
    expect(RULE_CONSTANTS.shockForcePromotionTrigger).toBe(10);
    expect(RULE_CONSTANTS.shockForcePromotionMin).toBe(9);
    expect(RULE_CONSTANTS.hopesEndConversionCost).toBe(1);
    expect(RULE_CONSTANTS.shockForceLimitPerPlayer).toBe(3);
  });

  it('OR-6.2: the Leader Table modifiers and the assassin rescue bands', () => {
    expect(RULE_CONSTANTS.generalBombardmentModifier).toBe(-4);
    expect(RULE_CONSTANTS.agentPdsModifier).toBe(-2);
    expect(RULE_CONSTANTS.admiralDreadnoughtMoveBonus).toBe(1);
    expect(RULE_CONSTANTS.scientistPdsCost).toBe(5);
    expect(RULE_CONSTANTS.assassinRescueKilledMax).toBe(3);
    expect(RULE_CONSTANTS.assassinRescueSuccessMin).toBe(9);
  });
});
