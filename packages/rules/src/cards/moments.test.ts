import type { HexKey } from '@outer-rim/map';
import { describe, expect, it } from 'vitest';
import {
  momentRules,
  momentWords,
  WINDOW_KINDS,
  type WindowKind,
  type WindowTrigger,
} from './moments.js';

const HEX = '1,-1' as HexKey;

/** One trigger of every kind: the compiler refuses this table when a kind is missing. */
const ONE_OF_EACH: { [K in WindowKind]: Extract<WindowTrigger, { kind: K }> } = {
  'phase-start': { kind: 'phase-start', phase: 'purchase-units' },
  'movement-start': { kind: 'movement-start', seat: 0 },
  'space-battle-start': { kind: 'space-battle-start', seat: 0 },
  'battle-round': { kind: 'battle-round', hex: HEX, attacker: 0, defender: 1, round: 1 },
  invasion: { kind: 'invasion', hex: HEX, planet: 'Arc Prime', invader: 0, defender: 1 },
  'ground-round': {
    kind: 'ground-round',
    hex: HEX,
    planet: 'Arc Prime',
    invader: 0,
    defender: 'minor:naalu',
    round: 2,
  },
  'planet-taken': { kind: 'planet-taken', hex: HEX, planet: 'Arc Prime', from: 1, by: 0 },
  'political-card': { kind: 'political-card', card: 'revote#1' },
  political: { kind: 'political', step: 'before-vote' },
};

const who = (seat: number): string => `Seat ${seat + 1}`;
const place = (): string => 'the system north of Mecatol Rex';

describe('BG-9 card moments, each declared once', () => {
  it('every kind of trigger has its words; only a moment whose step the state cannot go on from has a resume', () => {
    expect([...WINDOW_KINDS].sort()).toEqual(Object.keys(ONE_OF_EACH).sort());
    for (const tr of Object.values(ONE_OF_EACH)) {
      const words = momentWords(tr, who, place);
      expect(words, tr.kind).toMatch(/^\S/);
      expect(words, tr.kind).not.toMatch(/undefined|NaN|\[object/);
    }
    // The round phase a window opened before is entered, the segment's fights are queued; every
    // other step moved on before its window opened, and the step loop goes on from there.
    const resumed = Object.values(ONE_OF_EACH).filter((tr) => momentRules(tr).resume !== undefined);
    expect(resumed.map((tr) => tr.kind).sort()).toEqual(['phase-start', 'space-battle-start']);
  });

  it('a fight asks its sides only, a minor race never; a taken planet asks its loser', () => {
    const seats = (tr: WindowTrigger): number[] | undefined => momentRules(tr).seats?.(tr);
    expect(seats(ONE_OF_EACH['battle-round'])).toEqual([0, 1]);
    expect(seats(ONE_OF_EACH['ground-round'])).toEqual([0]);
    expect(seats(ONE_OF_EACH['planet-taken'])).toEqual([1]);
    expect(seats(ONE_OF_EACH['phase-start'])).toBeUndefined();
  });
});
