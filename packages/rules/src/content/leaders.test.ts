import { RACE_IDS } from '@outer-rim/map';
import { describe, expect, it } from 'vitest';
import { RULE_CONSTANTS } from './constants.js';
import {
  LEADERS,
  LEADER_ALLOCATION,
  LEADER_TYPES,
  YSSARIL_DEFAULT_THIRD_LEADER,
  leadersOf,
} from './leaders.js';
import type { LeaderType } from './leaders.js';

/** The Leader Table's lists as printed (Yssaril: two Agents, no third). */
const PRINTED: Readonly<Record<LeaderType, readonly string[]>> = {
  general: ['sardakk-norr', 'sardakk-norr', 'letnev', 'hacan'],
  admiral: ['sardakk-norr', 'letnev', 'sol', 'xxcha', 'jol-nar', 'mentak', 'naalu'],
  agent: ['sol', 'l1z1x', 'mentak', 'yssaril', 'yssaril', 'naalu'],
  diplomat: ['hacan', 'sol', 'l1z1x', 'letnev', 'xxcha', 'xxcha', 'mentak', 'naalu'],
  scientist: ['hacan', 'l1z1x', 'jol-nar', 'jol-nar'],
};

describe('OR-6.2 leaders', () => {
  it('gives every one of the ten races three leaders', () => {
    expect(Object.keys(LEADER_ALLOCATION).sort()).toEqual([...RACE_IDS].sort());
    for (const race of RACE_IDS) {
      expect(leadersOf(race)).toHaveLength(RULE_CONSTANTS.leadersPerRace);
    }
    expect(RULE_CONSTANTS.leadersPerRace).toBe(3);
  });

  it('matches the printed Leader Table, plus the Yssaril third leader', () => {
    for (const type of LEADER_TYPES) {
      const holders = RACE_IDS.flatMap((race) =>
        leadersOf(race)
          .filter((l) => l === type)
          .map(() => race),
      );
      const expected = [
        ...PRINTED[type],
        ...(type === YSSARIL_DEFAULT_THIRD_LEADER ? ['yssaril'] : []),
      ];
      expect(holders.sort()).toEqual(expected.sort());
    }
  });

  it('makes the Yssaril third leader an Admiral by default, flagged provisional', () => {
    expect(leadersOf('yssaril')).toEqual(['agent', 'agent', 'admiral']);
    expect(LEADER_ALLOCATION.yssaril.provisional).toBe(true);
    expect(LEADER_ALLOCATION.yssaril.note).toBeDefined();
    const printedOnly = RACE_IDS.filter((r) => r !== 'yssaril');
    for (const race of printedOnly) expect(LEADER_ALLOCATION[race].provisional).toBe(false);
  });

  it('lets a game choose another Yssaril third leader, and only theirs', () => {
    expect(leadersOf('yssaril', { yssarilThirdLeader: 'agent' })).toEqual([
      'agent',
      'agent',
      'agent',
    ]);
    expect(leadersOf('sol', { yssarilThirdLeader: 'scientist' })).toEqual(leadersOf('sol'));
  });

  it('describes the five types with the Leader Table numbers', () => {
    expect(Object.keys(LEADERS)).toEqual([...LEADER_TYPES]);
    expect(LEADERS.general.abilities.join(' ')).toContain('-4');
    expect(LEADERS.agent.abilities.join(' ')).toContain('-2');
    expect(LEADERS.agent.abilities.join(' ')).toContain('Sabotage');
    expect(LEADERS.admiral.abilities.join(' ')).toContain('Skilled Retreat');
    expect(LEADERS.diplomat.abilities.join(' ')).toContain('Mecatol Rex');
    expect(LEADERS.scientist.abilities.join(' ')).toContain('5 credits');
    for (const type of LEADER_TYPES) expect(LEADERS[type].type).toBe(type);
  });

  it('keeps the capture, escape and rescue rolls of the rulebook', () => {
    expect(RULE_CONSTANTS.captiveLeaderInfluence).toBe(2);
    expect(RULE_CONSTANTS.leaderInvadedCapturedMax).toBe(5);
    expect(RULE_CONSTANTS.leaderInvadedEscapesMax).toBe(9);
    expect(RULE_CONSTANTS.leaderRescueOnInvasionRoll).toBe(10);
  });
});
