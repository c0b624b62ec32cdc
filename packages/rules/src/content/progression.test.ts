import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BRACKETS,
  BRACKET_IDS,
  PROGRESSION,
  WINNING_BRACKET,
  meetsBracket,
  nextBracket,
} from './progression.js';
import type { BracketRequirements } from './progression.js';

const KEYS = ['planetsOutsideHome', 'technologies', 'resources', 'influence'] as const;

describe('BG-10 progression', () => {
  it('climbs Warlord, Foundation, Consortium, Dominion, Imperium Rex', () => {
    expect(PROGRESSION.map((b) => b.name)).toEqual([
      'Warlord',
      'Foundation',
      'Consortium',
      'Dominion',
      'Imperium Rex',
    ]);
    PROGRESSION.forEach((b, i) => {
      expect(b.rank).toBe(i);
      expect(BRACKETS[b.id]).toBe(b);
    });
  });

  it('has the spec numbers', () => {
    const table = Object.fromEntries(
      PROGRESSION.map((b) => [b.id, KEYS.map((k) => b.requires[k])]),
    );
    expect(table).toEqual({
      warlord: [0, 0, 0, 0],
      foundation: [5, 0, 0, 0],
      consortium: [5, 4, 0, 0],
      dominion: [7, 6, 20, 20],
      'imperium-rex': [9, 9, 30, 30],
    });
  });

  it('never asks less of a higher bracket', () => {
    for (let i = 1; i < PROGRESSION.length; i++) {
      const lower = PROGRESSION[i - 1]?.requires;
      const higher = PROGRESSION[i]?.requires;
      for (const k of KEYS) expect(higher?.[k]).toBeGreaterThanOrEqual(lower?.[k] ?? 0);
    }
  });

  it('wins at Imperium Rex, the top', () => {
    expect(WINNING_BRACKET).toBe('imperium-rex');
    expect(nextBracket('imperium-rex')).toBeNull();
    expect(nextBracket('warlord')?.id).toBe('foundation');
    expect(nextBracket('dominion')?.id).toBe(WINNING_BRACKET);
  });

  it('lets everyone meet Warlord and checks every requirement at once', () => {
    const none: BracketRequirements = {
      planetsOutsideHome: 0,
      technologies: 0,
      resources: 0,
      influence: 0,
    };
    expect(meetsBracket(none, BRACKETS.warlord)).toBe(true);
    const rex = BRACKETS['imperium-rex'];
    expect(meetsBracket(rex.requires, rex)).toBe(true);
    for (const k of KEYS) {
      expect(meetsBracket({ ...rex.requires, [k]: rex.requires[k] - 1 }, rex)).toBe(false);
    }
  });

  it('means a player meeting a bracket meets every bracket below it', () => {
    const n = fc.nat({ max: 40 });
    fc.assert(
      fc.property(n, n, n, n, (planetsOutsideHome, technologies, resources, influence) => {
        const have = { planetsOutsideHome, technologies, resources, influence };
        const met = BRACKET_IDS.map((id) => meetsBracket(have, BRACKETS[id]));
        const firstMiss = met.indexOf(false);
        if (firstMiss !== -1) expect(met.slice(firstMiss).every((m) => !m)).toBe(true);
      }),
    );
  });

  it('marks everything above Warlord provisional with a source', () => {
    for (const b of PROGRESSION) {
      expect(b.provisional).toBe(b.id !== 'warlord');
      expect(b.source).not.toBe('');
    }
  });
});
